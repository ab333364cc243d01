import Big from "big.js";

/**
 * A private big.js constructor so that our settings never leak into (or get
 * changed by) other code using the global Big.
 *
 * - strict: refuses `new Dec(number)` so binary floats cannot sneak in; values
 *   must come in as strings.
 * - RM = roundDown: divisions are truncated at DP places. For non-negative
 *   values, floor(truncate(x, DP)) === floor(x), so every "round down" after a
 *   division is exact, never nudged up by an intermediate half-up rounding.
 */
export const Dec = Big();
Dec.DP = 30;
Dec.RM = Dec.roundDown;
Dec.strict = true;

export type Decimal = Big.Big;

export const ROUND_DOWN = 0;
export const ROUND_HALF_UP = 1;
export const ROUND_UP = 3;

/** Strict decimal literal: optional sign, digits, optional fraction. No exponent, no spaces. */
export const DECIMAL_PATTERN = /^[+-]?\d+(\.\d+)?$/;

export const ZERO = new Dec("0");

/** For text already checked against DECIMAL_PATTERN; big.js itself refuses a leading "+". */
export function decFromString(text: string): Decimal {
  return new Dec(text.trim().replace(/^\+/, ""));
}

export function decFromInt(n: number): Decimal {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Expected a safe integer, got ${n}`);
  return new Dec(String(n));
}

/** 10^exp as an exact decimal (exp may be negative). */
export function pow10(exp: number): Decimal {
  return new Dec(`1e${exp}`);
}

/** Converts an integral Big to a JS number; throws rather than lose precision. */
export function toSafeInteger(d: Decimal): number {
  const n = d.toNumber();
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a safe integer: ${d.toFixed()}`);
  return n;
}
