import type { Currency } from "@bureau/domain/contracts/reference-data";
import { formatRate } from "@bureau/domain/pricing";
import type { RateRow } from "./rates-list.tsx";

/**
 * For loaders (server side): only the fields the rate list and the widget use, rates already in
 * their 4-decimal display form, so the page's data stays small and no decimal maths ships for display.
 */
export function toRateRows(currencies: readonly Currency[]): RateRow[] {
  return currencies.map(({ code, label, collectRate, sellRate }) => ({
    code,
    label,
    collectRate: formatRate(collectRate),
    sellRate: formatRate(sellRate),
  }));
}
