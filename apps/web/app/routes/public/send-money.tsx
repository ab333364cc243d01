import { Link, useRouteLoaderData } from "react-router";
import { transferNotes, transferProviders } from "../../content/money-transfer.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/send-money";

export const meta: Route.MetaFunction = () => [
  { title: "Send Money Abroad | Harbour FX" },
  {
    name: "description",
    content:
      "Send money abroad with our partners Western Union and WorFX: online or at our branches in Worthing, Brighton, Chichester and London.",
  },
];

export default function SendMoney() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const links = {
    westernUnion: root?.publicConfig.moneyTransferUrl ?? null,
    worfx: root?.publicConfig.worfxUrl ?? null,
  };
  return (
    <>
      <section className="banner">
        <h1>Send Money Abroad</h1>
        <p>International money transfers through our two partners, online or in any of our branches.</p>
      </section>
      <div className="page">
        <ul className="transfer-providers">
          {transferProviders.map((provider) => {
            const href = links[provider.key];
            return (
              <li key={provider.key} className="transfer-provider">
                <h2>{provider.name}</h2>
                <p>{provider.summary}</p>
                <ul className="transfer-points">
                  {provider.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
                {href ? (
                  <a
                    className="button button-primary transfer-provider-link"
                    href={href}
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {provider.linkCaption}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
        <section className="transfer-notes" aria-labelledby="transfer-notes-heading">
          <h2 id="transfer-notes-heading">Good to know</h2>
          <ul>
            {transferNotes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          <p>
            Questions about a transfer? <Link to="/contact">Contact us</Link> or visit your{" "}
            <Link to="/#find-store">nearest branch</Link>.
          </p>
        </section>
      </div>
    </>
  );
}
