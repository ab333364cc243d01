import { useId, useState } from "react";
import { href, Link } from "react-router";
import {
  EXCHANGE_LIST_DEFAULT_COUNT,
  EXCHANGE_LIST_SHOW_ALL_THRESHOLD,
  WAY_TITLES,
  type Way,
} from "@bureau/domain/constants";
import type { Currency } from "@bureau/domain/contracts/reference-data";
import { useTabs } from "./use-tabs.ts";

/** What a rate list (and the exchange widget) needs of a currency, rates in 4-decimal display form. */
export type RateRow = Pick<Currency, "code" | "label" | "collectRate" | "sellRate"> & {
  /** How far each rate is from the market rate, e.g. "2.9% below the market rate" (packages/domain). */
  collectVsMarket: string;
  sellVsMarket: string;
};

const WAYS_IN_TAB_ORDER = ["Order", "Sell"] as const satisfies readonly Way[];

/** Spec §2: the search matches the currency code against the upper-cased text. */
export function filterByCode<T extends RateRow>(currencies: readonly T[], query: string): T[] {
  const code = query.trim().toUpperCase();
  return code === "" ? [...currencies] : currencies.filter((currency) => currency.code.includes(code));
}

/**
 * The exchange-rate list of spec §2. Wide screens show both customer rates and both buttons per row;
 * below the lg breakpoint two tabs choose which one is shown. Both layouts are one table whose
 * columns CSS hides, so the server-rendered page is right at first paint on any screen.
 */
export function RatesList({
  currencies,
  query = "",
  caption,
}: {
  currencies: readonly RateRow[];
  query?: string;
  caption: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const [phoneWay, setPhoneWay] = useState<Way>("Order");
  const tabs = useTabs(WAYS_IN_TAB_ORDER, phoneWay, setPhoneWay);
  const tableId = useId();

  const matches = filterByCode(currencies, query);
  const canToggle = matches.length > EXCHANGE_LIST_SHOW_ALL_THRESHOLD;
  const shown = expanded && canToggle ? matches : matches.slice(0, EXCHANGE_LIST_DEFAULT_COUNT);
  const unreachable = !canToggle && matches.length > shown.length;

  return (
    <div className="rates">
      <div className="rates-tabs" role="tablist" aria-label="Rates for">
        {WAYS_IN_TAB_ORDER.map((way) => (
          <button key={way} className="rates-tab" {...tabs.tabProps(way)}>
            {WAY_TITLES[way]}
          </button>
        ))}
      </div>
      <div {...tabs.panelProps} className={`rates-panel rates-phone-${phoneWay}`}>
        <p className="visually-hidden" role="status">
          {matches.length === 0
            ? "No currency matches your search"
            : `Showing ${shown.length} of ${matches.length} currencies`}
        </p>
        {matches.length === 0 ? (
          <p className="rates-empty">
            No currency code matches “{query.trim()}”. Try the three-letter code, for example EUR or USD.
          </p>
        ) : (
          <table className="rates-table" id={tableId}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col" className="rates-col-Order">
                  <span className="rates-col-title">Click & Collect rate</span>
                </th>
                <th scope="col" className="rates-col-Sell">
                  <span className="rates-col-title">Click & Sell rate</span>
                </th>
                <th scope="col">
                  <span className="visually-hidden">Reserve</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((currency) => (
                <RateTableRow key={currency.code} currency={currency} />
              ))}
            </tbody>
          </table>
        )}
        {unreachable ? (
          <p className="rates-more-hint">
            Showing the first {shown.length} of {matches.length} matching currencies: type more of the code to find the
            others.
          </p>
        ) : null}
        {canToggle ? (
          <p className="rates-toggle">
            <button
              type="button"
              className="button"
              aria-controls={tableId}
              aria-expanded={expanded}
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? "Show Less" : "Show All"}
            </button>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A currency's row: its rate history, both customer rates against the market, and both ways to reserve. */
function RateTableRow({ currency }: { currency: RateRow }) {
  return (
    <tr data-code={currency.code}>
      <th scope="row" className="rates-currency">
        <Link className="rates-history-link" to={href("/exchangeRates/:code", { code: currency.code })}>
          <span className="rates-code">{currency.code}</span> <span className="rates-label">{currency.label}</span>
          <span className="visually-hidden"> rate history</span>
        </Link>
      </th>
      <td className="rates-col-Order rates-rate">
        <span className="rates-figure">{currency.collectRate}</span>
        <span className="rates-vs-market">{currency.collectVsMarket}</span>
      </td>
      <td className="rates-col-Sell rates-rate">
        <span className="rates-figure">{currency.sellRate}</span>
        <span className="rates-vs-market">{currency.sellVsMarket}</span>
      </td>
      <td className="rates-actions">
        {WAYS_IN_TAB_ORDER.map((way) => (
          <Link
            key={way}
            to={href("/purchase/:currencyParams/:currentWay", {
              currencyParams: currency.code,
              currentWay: way,
            })}
            className={`button button-small rates-col-${way}${way === "Order" ? " button-primary" : ""}`}
          >
            {WAY_TITLES[way]}
            <span className="visually-hidden">{` ${currency.code}`}</span>
          </Link>
        ))}
      </td>
    </tr>
  );
}
