import { Dec, ROUND_DOWN, pow10 } from "./decimal.ts";

/**
 * ISO 4217 minor-unit exponents that differ from the usual 2. Deliberately
 * ours rather than Intl's: CLDR disagrees with ISO for some (e.g. IQD), and the
 * amounts we store must follow ISO.
 */
const EXPONENT_EXCEPTIONS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

export function currencyExponent(code: string): number {
  return EXPONENT_EXCEPTIONS[code.trim().toUpperCase()] ?? 2;
}

/**
 * Accepts plain digits ("1000"), correctly grouped thousands ("1,000",
 * "12,345.6"), a trailing dot while typing ("12.") and a bare fraction (".5").
 * Anything else (signs, exponents, stray commas) is refused rather than guessed.
 */
const USER_AMOUNT_PATTERN = /^(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?|\.(\d+))$/;

/**
 * Parses a user-typed major amount into minor units, rounding extra decimals
 * down so the customer is never credited with a fraction they did not type.
 * Returns null for anything unparseable, negative, or beyond safe integers.
 */
export function parseMajorToMinor(text: string, currency: string): number | null {
  const match = USER_AMOUNT_PATTERN.exec(text.trim());
  if (!match) return null;
  const intPart = (match[1] ?? "0").replaceAll(",", "");
  const fracPart = match[2] ?? match[3] ?? "";
  const major = new Dec(`${intPart}.${fracPart || "0"}`);
  const minor = major.times(pow10(currencyExponent(currency))).round(0, ROUND_DOWN);
  const n = minor.toNumber();
  return Number.isSafeInteger(n) ? n : null;
}

/** Exact major-unit string for display or transport, e.g. 13000 GBP → "130.00", 1234 JPY → "1234". */
export function minorToMajorString(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Expected integer minor units, got ${minor}`);
  const exp = currencyExponent(currency);
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor));
  if (exp === 0) return sign + digits;
  const padded = digits.padStart(exp + 1, "0");
  return `${sign}${padded.slice(0, -exp)}.${padded.slice(-exp)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string): Intl.NumberFormat {
  const code = currency.trim().toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    const exp = currencyExponent(code);
    // Pin the digits to our ISO exponent so Intl's CLDR data cannot add or hide decimals.
    formatter = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: code,
      minimumFractionDigits: exp,
      maximumFractionDigits: exp,
    });
    formatters.set(code, formatter);
  }
  return formatter;
}

/**
 * "£130.00", "€149.50", "JP¥1,234". Intl.NumberFormat formats decimal strings
 * exactly (ES2023 Intl.NumberFormat v3), so no float conversion happens at all.
 */
export function formatMinor(minor: number, currency: string): string {
  const major = minorToMajorString(minor, currency) as Intl.StringNumericLiteral;
  return currencyFormatter(currency).format(major);
}
