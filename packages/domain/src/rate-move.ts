import { DECIMAL_PATTERN, decFromString, pow10, ROUND_HALF_UP, ZERO } from "./decimal.ts";

/**
 * A provider rate more than 10% away from the current one is not applied by the live-rates job: a
 * provider's mistake (a wrong unit, a rounding slip) would otherwise reprice every order at once. It is
 * held for staff to confirm (issue 13 item 8).
 */
export const MAX_AUTOMATIC_RATE_MOVE_PERCENT = 10;

function percentMove(currentRate: string, newRate: string) {
  for (const value of [currentRate, newRate]) {
    if (!DECIMAL_PATTERN.test(value.trim())) throw new RangeError(`Not a decimal rate: "${value}"`);
  }
  const current = decFromString(currentRate);
  if (current.lte(ZERO)) return undefined;
  return decFromString(newRate).minus(current).times(pow10(2)).div(current);
}

/** Whether the new rate is more than MAX_AUTOMATIC_RATE_MOVE_PERCENT away from the current one (exactly). */
export function isSuspiciousRateMove(currentRate: string, newRate: string): boolean {
  const move = percentMove(currentRate, newRate);
  return move?.abs().gt(decFromString(String(MAX_AUTOMATIC_RATE_MOVE_PERCENT))) ?? false;
}

/** The move from the current rate to the new one, in percent of the current, signed, one decimal: "+12.5%", "−20.0%". */
export function describeRateMove(currentRate: string, newRate: string): string {
  const move = percentMove(currentRate, newRate);
  if (move === undefined) return "new";
  const rounded = move.round(1, ROUND_HALF_UP);
  if (rounded.eq(ZERO)) return "0.0%";
  return `${rounded.lt(ZERO) ? "−" : "+"}${rounded.abs().toFixed(1)}%`;
}
