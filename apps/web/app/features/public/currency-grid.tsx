import { href, Link } from "react-router";
import type { RatesView } from "./display-format.ts";
import type { RateRow } from "./rates-list.tsx";
import { RatesUpdated } from "./rates-updated.tsx";

/** How many currencies the home page shows; the full list with search is on /exchangeRates. */
export const HOME_CURRENCY_COUNT = 16;

/**
 * The home page's currency list: the most asked-for currencies with our Click & Collect rate,
 * each opening its order page. Deliberately lighter than the Exchange Rates table (no tabs, one
 * link per currency), because the home page must paint fast on phones.
 */
export function CurrencyGrid({ currencies, updated }: { currencies: readonly RateRow[]; updated: RatesView }) {
  return (
    <>
      <RatesUpdated view={updated} />
      <ul className="currency-tiles">
        {currencies.slice(0, HOME_CURRENCY_COUNT).map((currency) => (
          <li key={currency.code}>
            <Link
              to={href("/purchase/:currencyParams/:currentWay", { currencyParams: currency.code, currentWay: "Order" })}
              className="currency-tile"
            >
              <span className="currency-tile-code">{currency.code}</span>
              <span className="currency-tile-label">{currency.label}</span>
              <span className="currency-tile-rate">
                <span className="visually-hidden">Click & Collect rate: </span>1 GBP = {currency.collectRate}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
