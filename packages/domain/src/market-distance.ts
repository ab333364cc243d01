import { DECIMAL_PATTERN } from "./decimal.ts";

/**
 * How far a customer rate is from the market rate, in percent of the market rate, from the rates as
 * shown (the 4-decimal customer rate, not the margin typed by staff), so that the figure is true of
 * the rate the customer actually gets. One decimal, rounded half-up.
 *
 * Exact integer arithmetic (BigInt) rather than the decimal type's division: every rate list and the
 * home page work this out twice per currency on every render, and a 30-place decimal division cost
 * about 2.5 ms of server time per home page (CPU profile of the server rendering `/`). The result is
 * the same (a property test compares the two).
 */
export function marketDistance(
  customerRate: string,
  marketRate: string,
): {
  percent: string;
  direction: "below" | "above" | "at";
} {
  const customer = toScaledInteger(customerRate);
  const market = toScaledInteger(marketRate);
  if (market.units <= 0n) throw new RangeError(`Market rate must be positive: "${marketRate}"`);
  const scale = Math.max(customer.scale, market.scale);
  const c = customer.units * 10n ** BigInt(scale - customer.scale);
  const m = market.units * 10n ** BigInt(scale - market.scale);
  const difference = c - m;
  const magnitude = difference < 0n ? -difference : difference;
  // Tenths of a percent: |c - m| * 1000 / m, rounded half-up.
  let tenths = (magnitude * 1000n) / m;
  if (2n * ((magnitude * 1000n) % m) >= m) tenths += 1n;
  if (tenths === 0n) return { percent: "0.0", direction: "at" };
  return { percent: `${tenths / 10n}.${tenths % 10n}`, direction: difference < 0n ? "below" : "above" };
}

/** "2.9% below the market rate", "0.5% above the market rate" or "at the market rate". */
export function describeMarketDistance(customerRate: string, marketRate: string): string {
  const { percent, direction } = marketDistance(customerRate, marketRate);
  return direction === "at" ? "at the market rate" : `${percent}% ${direction} the market rate`;
}

/** A decimal literal as integer units of 10^-scale ("1.152" → 1152 at scale 3). */
function toScaledInteger(text: string): { units: bigint; scale: number } {
  const value = text.trim();
  if (!DECIMAL_PATTERN.test(value)) throw new RangeError(`Not a decimal rate: "${text}"`);
  const negative = value.startsWith("-");
  const [whole = "", fraction = ""] = value.replace(/^[+-]/, "").split(".");
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}
