import { Dec, DECIMAL_PATTERN, ROUND_HALF_UP, ZERO, decFromString } from "./decimal.ts";

/**
 * The European Central Bank's euro reference rates in the format of its published history
 * (eurofxref-hist.csv): a header `Date,USD,JPY,…,` and one line per working day, newest first,
 * each rate in units of the currency per 1 euro, "N/A" (or nothing) where there was no rate; every
 * line may end with a comma.
 */
export type ReferenceDay = { day: string; perGbp: Map<string, string> };
export type ParsedReferenceRates = { days: ReferenceDay[]; currencies: string[] };

export class ReferenceRatesFormatError extends Error {}

/** Decimals kept for a converted rate: the scale of the database's rate columns. */
export const REFERENCE_RATE_DECIMALS = 8;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const CODE_PATTERN = /^[A-Z]{3}$/;

function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * Euro-based rates to pound-based ones: a currency per £1 is its rate per €1 divided by the pound's
 * rate per €1, and the euro itself is 1 / that. Exact decimals, rounded half-up to 8 places.
 */
export function perGbpFromEuroRates(perEuro: ReadonlyMap<string, string>): Map<string, string> {
  const gbp = perEuro.get("GBP");
  const result = new Map<string, string>();
  if (gbp === undefined) return result;
  const pound = decFromString(gbp);
  result.set(
    "EUR",
    new Dec("1").div(pound).round(REFERENCE_RATE_DECIMALS, ROUND_HALF_UP).toFixed(REFERENCE_RATE_DECIMALS),
  );
  for (const [code, rate] of perEuro) {
    if (code === "GBP") continue;
    const value = decFromString(rate).div(pound).round(REFERENCE_RATE_DECIMALS, ROUND_HALF_UP);
    result.set(code, value.toFixed(REFERENCE_RATE_DECIMALS));
  }
  return result;
}

/**
 * Reads a whole file or refuses it, naming the first line that is wrong; a day without a pound rate
 * says nothing about pounds and is left out. Nothing is half-read: callers store all of it or nothing.
 */
export function parseEcbReferenceRates(text: string): ParsedReferenceRates {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => line.trim());
  const header = (lines[0] ?? "").split(",").map((cell) => cell.trim());
  if (header[0] !== "Date") {
    throw new ReferenceRatesFormatError(
      'This is not the ECB\'s reference rates file: its first line must start with "Date," followed by currency codes (eurofxref-hist.csv).',
    );
  }
  if (header.at(-1) === "") header.pop();
  const codes = header.slice(1);
  const badCode = codes.find((code) => !CODE_PATTERN.test(code));
  if (badCode !== undefined) throw new ReferenceRatesFormatError(`Line 1: "${badCode}" is not a currency code.`);
  if (new Set(codes).size !== codes.length) throw new ReferenceRatesFormatError("Line 1: a currency appears twice.");
  if (!codes.includes("GBP")) {
    throw new ReferenceRatesFormatError(
      "Line 1: the file has no GBP column, so its rates cannot be turned into rates per £1.",
    );
  }

  const days: ReferenceDay[] = [];
  const seen = new Set<string>();
  const currencies = new Set<string>();
  lines.forEach((line, index) => {
    if (index === 0 || line === "") return;
    const where = `Line ${index + 1}`;
    const cells = line.split(",").map((cell) => cell.trim());
    if (cells.length === codes.length + 2 && cells.at(-1) === "") cells.pop();
    if (cells.length !== codes.length + 1) {
      throw new ReferenceRatesFormatError(`${where}: ${cells.length - 1} rates for ${codes.length} currencies.`);
    }
    const day = cells[0] as string;
    if (!DAY_PATTERN.test(day) || !isRealDay(day)) {
      throw new ReferenceRatesFormatError(`${where}: "${day}" is not a date written as YYYY-MM-DD.`);
    }
    if (seen.has(day)) throw new ReferenceRatesFormatError(`${where}: ${day} appears twice.`);
    seen.add(day);
    const perEuro = new Map<string, string>();
    codes.forEach((code, column) => {
      const cell = cells[column + 1] as string;
      if (cell === "" || cell === "N/A") return;
      if (!DECIMAL_PATTERN.test(cell) || decFromString(cell).lte(ZERO)) {
        throw new ReferenceRatesFormatError(`${where}: the ${code} rate "${cell}" is not a positive number.`);
      }
      perEuro.set(code, cell);
    });
    const perGbp = perGbpFromEuroRates(perEuro);
    if (perGbp.size === 0) return;
    for (const code of perGbp.keys()) currencies.add(code);
    days.push({ day, perGbp });
  });
  if (days.length === 0) throw new ReferenceRatesFormatError("The file has no day with a pound rate.");
  days.sort((a, b) => a.day.localeCompare(b.day));
  return { days, currencies: [...currencies].sort() };
}
