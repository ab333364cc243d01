import { Link } from "react-router";
import { WAY_TITLES } from "@bureau/domain/constants";
import { ratesAsOfText } from "@bureau/domain/rate-freshness";
import { DataTable } from "../../components/ui/data-table.tsx";
import { todaysHoursText, weekdayIn } from "@bureau/domain/opening-hours";
import { hoursRows } from "../../features/branches/branch-hours.ts";
import { googleMapsSearchUrl, telHref } from "../../features/public/branch-format.ts";
import { loaderDisplayDates } from "../../lib/display-dates.ts";
import { refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/branch";

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await refusalAsResponse(serverApi(context).reference.branch({ key: params.key }), {
    status: 404,
    message: "There is no such branch.",
  });
  const dates = loaderDisplayDates(context);
  // Today in the bureau's zone, worked out once here: the server's page and the hydrated one agree.
  const today = weekdayIn(dates.timeZone, new Date());
  const hours = hoursRows(page.branch.hours, today);
  const { freshness, ratesAsOf } = page.rates;
  return {
    branch: page.branch,
    hours,
    today: todaysHoursText(page.branch.hours, today),
    rates: page.rates.currencies,
    live: freshness === "live",
    ratesAsOf: ratesAsOf && freshness !== "none" ? ratesAsOfText({ state: freshness, asOf: ratesAsOf }, dates) : null,
    stock: page.stock,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.branch.name} Branch | Harbour FX` },
        {
          name: "description",
          content: `Harbour FX ${loaderData.branch.name}: ${[...loaderData.branch.addressLines, loaderData.branch.postcode].join(", ")}. Phone ${loaderData.branch.phone}. Opening hours, our rates and the currencies in stock today.`,
        },
      ]
    : [{ title: "Branch | Harbour FX" }];

export default function BranchPage({ loaderData }: Route.ComponentProps) {
  const { branch } = loaderData;
  return (
    <>
      <section className="banner">
        <h1>Harbour FX {branch.name}</h1>
        <p>
          {loaderData.today}. Phone{" "}
          <a className="banner-link" href={telHref(branch.phone)}>
            {branch.phone}
          </a>
          .
        </p>
      </section>
      <div className="page branch-page">
        <section aria-labelledby="branch-visit-heading">
          <h2 id="branch-visit-heading">Visit us</h2>
          <address className="branch-address">
            {[...branch.addressLines, branch.postcode].map((line) => (
              <span key={line} className="branch-line">
                {line}
              </span>
            ))}
          </address>
          <p>
            Phone: <a href={telHref(branch.phone)}>{branch.phone}</a>
            <br />
            Email: <a href={`mailto:${branch.email}`}>{branch.email}</a>
          </p>
          <p>
            <a href={googleMapsSearchUrl(branch.mapQuery)} rel="noopener noreferrer" target="_blank">
              Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <BranchHours hours={loaderData.hours} />
        </section>
        <section aria-labelledby="branch-rates-heading">
          <h2 id="branch-rates-heading">
            {loaderData.live ? "Today's rates" : "Our rates"} at {branch.name}
          </h2>
          <BranchRates rates={loaderData.rates} />
          <p className="muted">
            {loaderData.ratesAsOf ? `${loaderData.ratesAsOf}. ` : null}
            <Link to="/exchangeRates">See all our rates</Link>
          </p>
        </section>
        <section aria-labelledby="branch-stock-heading">
          <h2 id="branch-stock-heading">In stock today</h2>
          <BranchStock stock={loaderData.stock} phone={branch.phone} />
        </section>
      </div>
    </>
  );
}

function BranchHours({ hours }: { hours: Route.ComponentProps["loaderData"]["hours"] }) {
  return (
    <DataTable className="branch-table branch-hours-table" caption="Opening hours" columns={["Day", "Hours"]}>
      {hours.map((row) => (
        <tr
          key={row.day}
          className={row.today ? "branch-hours-today" : undefined}
          aria-current={row.today ? "date" : undefined}
        >
          <th scope="row">
            {row.day}
            {row.today ? <span className="branch-today-tag"> (today)</span> : null}
          </th>
          <td>{row.hours}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function BranchRates({ rates }: { rates: Route.ComponentProps["loaderData"]["rates"] }) {
  if (rates.length === 0) return <p>No currencies are on sale right now.</p>;
  return (
    <DataTable
      className="branch-table"
      caption={`Units of each currency per £1: we sell at the ${WAY_TITLES.Order} rate and buy back at the ${WAY_TITLES.Sell} rate`}
      hiddenCaption
      columns={["Currency", WAY_TITLES.Order, WAY_TITLES.Sell]}
      scrollable
    >
      {rates.map((currency) => (
        <tr key={currency.code}>
          <th scope="row">
            <Link to={`/purchase/${currency.code}/Order`}>
              {currency.code}
              <span className="visually-hidden">, order {currency.label}</span>
            </Link>{" "}
            <span className="branch-rate-label">{currency.label}</span>
          </th>
          <td>{currency.collectRate}</td>
          <td>{currency.sellRate}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function BranchStock({ stock, phone }: { stock: Route.ComponentProps["loaderData"]["stock"]; phone: string }) {
  if (!stock.tracked)
    return (
      <p>
        This branch does not show its notes online. Any currency on our rates list can be ordered for collection here;
        to check one before you come, call <a href={telHref(phone)}>{phone}</a>.
      </p>
    );
  if (stock.inStock.length === 0)
    return (
      <p>
        None of the currencies this branch counts online has notes free today. Call <a href={telHref(phone)}>{phone}</a>{" "}
        to ask what it can offer.
      </p>
    );
  return (
    <>
      <ul className="branch-stock">
        {stock.inStock.map((currency) => (
          <li key={currency.code}>
            <strong>{currency.code}</strong> {currency.label}
          </li>
        ))}
      </ul>
      <p className="muted">
        Notes go as orders are placed. For another currency, call <a href={telHref(phone)}>{phone}</a>.
      </p>
    </>
  );
}
