import { formatRate } from "@bureau/domain/pricing";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Travel Money with 0% Commission | Harbour FX" },
  {
    name: "description",
    content:
      "Buy travel money online with 0% commission and collect it today from our branches in Worthing, Brighton, Chichester and London. Over 70 currencies.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  return serverApi(context).currencies();
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="hero" id="top">
        <h1>Travel money with 0% commission</h1>
      </section>
      <section className="page" aria-labelledby="currency-list-heading">
        <h2 id="currency-list-heading">Our currencies</h2>
        <ul className="currency-grid">
          {loaderData.currencies.map((currency) => (
            <li key={currency.code}>
              <span className="currency-code">{currency.code}</span> <span>{currency.label}</span>{" "}
              <span className="rate">{formatRate(currency.collectRate)}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
