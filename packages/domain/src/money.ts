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

/**
 * The sign en-GB writes before an amount of each currency, where it is not the ISO code and a no-break
 * space: exactly what `Intl.NumberFormat("en-GB", { style: "currency" })` writes (money.test.ts holds this
 * table to Intl for every currency Intl knows, so a new CLDR release that changes a sign fails the test).
 * Written out rather than asked of Intl because the browser formats prices while React hydrates the page,
 * and the first Intl.NumberFormat a page creates loads ICU's number data: 17-31 ms of main thread on
 * this machine's Chromium without any CPU slowdown (bench/report.md, "Lighthouse"), on every page showing a price.
 */
const CURRENCY_SIGNS: Readonly<Record<string, string>> = {
  AUD: "A$",
  BRL: "R$",
  CAD: "CA$",
  CNY: "CN¥",
  EUR: "€",
  GBP: "£",
  HKD: "HK$",
  ILS: "₪",
  INR: "₹",
  JPY: "JP¥",
  KRW: "₩",
  MXN: "MX$",
  NZD: "NZ$",
  PHP: "₱",
  TWD: "NT$",
  USD: "US$",
  VND: "₫",
  XAF: "FCFA\u00a0",
  XCD: "EC$",
  XCG: "Cg.\u00a0",
  XOF: "F\u202fCFA\u00a0",
  XPF: "CFPF\u00a0",
};

const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The sign written before an amount in `currency`: "£", "US$", or the code and a no-break space ("CHF "). */
export function currencySign(currency: string): string {
  const code = currency.trim().toUpperCase();
  if (!CURRENCY_CODE.test(code)) throw new RangeError(`Invalid currency code: ${currency}`);
  return CURRENCY_SIGNS[code] ?? `${code}\u00a0`;
}

/** en-GB digit grouping of a run of digits: "1234567" → "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * "£130.00", "€149.50", "JP¥1,234", "-CHF 1,000.00": en-GB's currency format (what Intl.NumberFormat writes,
 * see CURRENCY_SIGNS), from the exact digits of the minor units, so no float conversion happens at all.
 */
export function formatMinor(minor: number, currency: string): string {
  const sign = currencySign(currency);
  const [whole = "", fraction] = minorToMajorString(Math.abs(minor), currency).split(".");
  return `${minor < 0 ? "-" : ""}${sign}${groupThousands(whole)}${fraction === undefined ? "" : `.${fraction}`}`;
}
