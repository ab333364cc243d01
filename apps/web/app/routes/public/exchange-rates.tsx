import { useId, useState } from "react";
import { rateNotes } from "../../content/rates-notes.ts";
import { toRateRows } from "../../features/public/rate-rows.ts";
import { ratesView } from "../../features/public/display-format.ts";
import { loaderDisplayDates } from "../../lib/display-dates.ts";
import { RatesList } from "../../features/public/rates-list.tsx";
import { RatesUpdated } from "../../features/public/rates-updated.tsx";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/exchange-rates";

// "Today" only while the rates are fresh (docs/decisions/027).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.ratesUpdated.live ? "Exchange Rates Today | Harbour FX" : "Exchange Rates | Harbour FX" },
  {
    name: "description",
    content: `${loaderData?.ratesUpdated.live ? "Today's " : ""}Harbour FX exchange rates for ${loaderData?.currencies.length ?? "all our"} currencies, to buy with Click & Collect or sell back with Click & Sell. 0% commission, no hidden charges.`,
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { currencies, rates } = await serverApi(context).reference.currencies();
  return {
    currencies: toRateRows(currencies),
    ratesUpdated: ratesView(rates, loaderDisplayDates(context)),
  };
}

export default function ExchangeRates({ loaderData }: Route.ComponentProps) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  return (
    <>
      <section className="banner">
        <h1>Exchange Rates</h1>
        <p>Our rates for every currency we buy and sell, per £1.</p>
      </section>
      <div className="page">
        {/* Not a labelled region: "Find your Currency" names the search box alone. */}
        <div className="rates-search">
          <h2>
            <label htmlFor={searchId}>Find your Currency</label>
          </h2>
          <input
            id={searchId}
            className="rates-search-input"
            type="search"
            placeholder="Enter currency name"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <section className="rates-notes" aria-labelledby="rates-notes-heading">
          <h2 id="rates-notes-heading">Important notes</h2>
          <ul>
            {rateNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="rates-list-heading">
          <h2 id="rates-list-heading" className="visually-hidden">
            Currency rates
          </h2>
          <RatesUpdated view={loaderData.ratesUpdated} />
          <RatesList currencies={loaderData.currencies} query={query} caption="Exchange rates for £1" />
        </section>
      </div>
    </>
  );
}
