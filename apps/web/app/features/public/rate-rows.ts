import type { Currency } from "@bureau/domain/contracts/reference-data";
import { describeMarketDistance } from "@bureau/domain/market-distance";
import { formatRate } from "@bureau/domain/pricing";
import type { RateRow } from "./rates-list.tsx";

/**
 * For loaders (server side): only the fields the rate list and the widget use, rates already in
 * their 4-decimal display form and their distance from the market rate in words, so the page's data
 * stays small and no decimal maths ships for display.
 */
export function toRateRows(currencies: readonly Currency[]): RateRow[] {
  return currencies.map(({ code, label, rate, collectRate, sellRate }) => ({
    code,
    label,
    collectRate: formatRate(collectRate),
    sellRate: formatRate(sellRate),
    collectVsMarket: describeMarketDistance(collectRate, rate),
    sellVsMarket: describeMarketDistance(sellRate, rate),
  }));
}
