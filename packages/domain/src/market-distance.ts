import { DECIMAL_PATTERN, decFromString, pow10, ROUND_HALF_UP, ZERO } from "./decimal.ts";

/**
 * How far a customer rate is from the market rate, in percent of the market rate, from the rates as
 * shown (the 4-decimal customer rate, not the margin typed by staff), so that the figure is true of
 * the rate the customer actually gets. One decimal, rounded half-up.
 */
export function marketDistance(
  customerRate: string,
  marketRate: string,
): {
  percent: string;
  direction: "below" | "above" | "at";
} {
  for (const value of [customerRate, marketRate]) {
    if (!DECIMAL_PATTERN.test(value.trim())) throw new RangeError(`Not a decimal rate: "${value}"`);
  }
  const market = decFromString(marketRate);
  if (market.lte(ZERO)) throw new RangeError(`Market rate must be positive: "${marketRate}"`);
  const difference = decFromString(customerRate).minus(market);
  const percent = difference.abs().times(pow10(2)).div(market).round(1, ROUND_HALF_UP);
  if (percent.eq(ZERO)) return { percent: "0.0", direction: "at" };
  return { percent: percent.toFixed(1), direction: difference.lt(ZERO) ? "below" : "above" };
}

/** "2.9% below the market rate", "0.5% above the market rate" or "at the market rate". */
export function describeMarketDistance(customerRate: string, marketRate: string): string {
  const { percent, direction } = marketDistance(customerRate, marketRate);
  return direction === "at" ? "at the market rate" : `${percent}% ${direction} the market rate`;
}
