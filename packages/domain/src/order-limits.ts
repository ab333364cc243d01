import type { Way } from "./constants.ts";
import { groupThousands } from "./money.ts";

/**
 * Limits of a Click & Collect reservation, in pence. The defaults are the bureau's rules; an operator
 * may change them in the configuration (ORDER_MIN_COLLECT_LINE_GBP, ORDER_MAX_COLLECT_ORDER_GBP).
 * Click & Sell has no minimum (customers bring back what they have left).
 */
export type OrderLimits = {
  /** The least one Click & Collect line may be (after the £10 rounding). */
  collectLineMinGbpMinor: number;
  /** The most a whole Click & Collect order may come to. */
  collectOrderMaxGbpMinor: number;
};

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  collectLineMinGbpMinor: 100_00,
  collectOrderMaxGbpMinor: 2_500_00,
};

export type OrderLimitProblem = "below_line_minimum" | "above_order_maximum";

/**
 * Checks a line against the limits, with what the same order (or basket) already holds. Amounts must
 * already be positive: "Please give correct amount" answers 0 and negatives before any limit.
 */
export function orderLimitProblem(
  { way, lineGbpMinor, otherLinesGbpMinor = 0 }: { way: Way; lineGbpMinor: number; otherLinesGbpMinor?: number },
  limits: OrderLimits,
): OrderLimitProblem | null {
  if (way !== "Order") return null;
  if (lineGbpMinor < limits.collectLineMinGbpMinor) return "below_line_minimum";
  if (otherLinesGbpMinor + lineGbpMinor > limits.collectOrderMaxGbpMinor) return "above_order_maximum";
  return null;
}

/** "£2,500", or "£99.50" when the amount has pence. */
function pounds(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const pence = minor % 100;
  return `£${groupThousands(String(whole))}${pence === 0 ? "" : `.${String(pence).padStart(2, "0")}`}`;
}

export function orderLimitMessage(problem: OrderLimitProblem, limits: OrderLimits): string {
  return problem === "below_line_minimum"
    ? `The minimum for Click & Collect is ${pounds(limits.collectLineMinGbpMinor)} per currency`
    : `For more than ${pounds(limits.collectOrderMaxGbpMinor)} please contact the branch`;
}
