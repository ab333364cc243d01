import { currencyExponent } from "./money.ts";

/**
 * The banknotes each currency's central bank issues today, in major units, smallest first: the one
 * table of denominations (stock counts, reservations and availability all read it). Coins are left out:
 * a bureau hands over and buys back notes only. Notes that are still legal tender but no longer issued
 * (the €500, the S$1,000 and S$10,000) are left out too, since branches are not supplied with them.
 * Kept to the most traded currencies of the counter; a currency missing here cannot be stock-tracked.
 */
const NOTES_MAJOR: Readonly<Record<string, readonly number[]>> = {
  EUR: [5, 10, 20, 50, 100, 200],
  USD: [1, 2, 5, 10, 20, 50, 100],
  AED: [5, 10, 20, 50, 100, 200, 500, 1000],
  AUD: [5, 10, 20, 50, 100],
  CAD: [5, 10, 20, 50, 100],
  CHF: [10, 20, 50, 100, 200, 1000],
  CNY: [1, 5, 10, 20, 50, 100],
  CZK: [100, 200, 500, 1000, 2000, 5000],
  DKK: [50, 100, 200, 500, 1000],
  HKD: [10, 20, 50, 100, 500, 1000],
  HUF: [500, 1000, 2000, 5000, 10000, 20000],
  ISK: [500, 1000, 2000, 5000, 10000],
  JPY: [1000, 2000, 5000, 10000],
  MXN: [20, 50, 100, 200, 500, 1000],
  NOK: [50, 100, 200, 500, 1000],
  NZD: [5, 10, 20, 50, 100],
  PLN: [10, 20, 50, 100, 200, 500],
  SEK: [20, 50, 100, 200, 500, 1000],
  SGD: [2, 5, 10, 50, 100],
  THB: [20, 50, 100, 500, 1000],
  TRY: [5, 10, 20, 50, 100, 200],
  ZAR: [10, 20, 50, 100, 200],
};

/** The currencies whose notes are known (and so can be tracked), alphabetically. */
export const NOTE_CURRENCIES: readonly string[] = Object.keys(NOTES_MAJOR).sort();

/** The note denominations of a currency in minor units, largest first; undefined when not in the table. */
export function noteDenominations(currency: string): number[] | undefined {
  const major = NOTES_MAJOR[currency.trim().toUpperCase()];
  if (!major) return undefined;
  const scale = 10 ** currencyExponent(currency);
  return major.map((value) => value * scale).reverse();
}
