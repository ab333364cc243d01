import { MAX_LINE_GBP_MINOR, RATE_DECIMALS } from "./constants.ts";
import type { Way } from "./constants.ts";
import {
  DECIMAL_PATTERN,
  Dec,
  ROUND_DOWN,
  ROUND_HALF_UP,
  ROUND_UP,
  ZERO,
  decFromInt,
  decFromString,
  pow10,
  toSafeInteger,
} from "./decimal.ts";
import type { Decimal } from "./decimal.ts";
import { currencyExponent } from "./money.ts";

export const QUOTE_FAILURE_REASONS = ["amount_not_positive", "amount_too_large"] as const;
export type QuoteFailureReason = (typeof QUOTE_FAILURE_REASONS)[number];

/** Exactly one side is typed by the customer; the other is derived. */
export type QuoteAmount =
  | { gbpMinor: number; foreignMinor?: undefined }
  | { foreignMinor: number; gbpMinor?: undefined };

export type QuoteInput = {
  /** Customer rate (foreign units per £1, ≤ 4 decimals), as returned by customerRate. */
  rate: string;
  currency: string;
} & QuoteAmount;

export type QuoteSuccess = { ok: true; gbpMinor: number; foreignMinor: number; rate: string };
export type QuoteFailure = { ok: false; reason: QuoteFailureReason };
export type QuoteResult = QuoteSuccess | QuoteFailure;

function parseDecimal(value: string, what: string): Decimal {
  const text = value.trim();
  if (!DECIMAL_PATTERN.test(text)) throw new RangeError(`${what} is not a decimal number: "${value}"`);
  return decFromString(text);
}

function parsePositiveRate(rate: string): Decimal {
  const d = parseDecimal(rate, "Rate");
  if (d.lte(ZERO)) throw new RangeError(`Rate must be positive: "${rate}"`);
  return d;
}

/**
 * Rate × (1 + margin/100), rounded half-up to RATE_DECIMALS. The rounded value
 * is the one shown to the customer and the only one conversions may use.
 */
export function customerRate(marketRate: string, marginPercent: string): string {
  const rate = parsePositiveRate(marketRate);
  const margin = parseDecimal(marginPercent, "Margin");
  // Multiplying by 10^-2 instead of dividing by 100 keeps the maths exact.
  const result = rate.times(new Dec("100").plus(margin)).times(pow10(-2)).round(RATE_DECIMALS, ROUND_HALF_UP);
  if (result.lte(ZERO)) {
    throw new RangeError(`Margin ${marginPercent}% leaves no positive customer rate for rate ${marketRate}`);
  }
  return result.toFixed(RATE_DECIMALS);
}

/**
 * A decimal without trailing zeros in its fraction ("1.15200000" → "1.152", "10.0" → "10"): PostgreSQL
 * answers numerics with their column's full scale, and margins and market rates are shown as typed.
 */
export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** A currency's market rate and margins as stored (numerics of any scale). */
export type CurrencyRates = { rate: string; sellMargin: string; buyMargin: string };

/**
 * A currency's market rate and margins as shown, and the two customer rates that follow from them:
 * `collectRate` (Click & Collect: the customer buys foreign, with the sell margin) and `sellRate`
 * (Click & Sell: the customer sells foreign back, with the buy margin).
 */
export type CurrencyPrices = { rate: string; sell: string; buy: string; collectRate: string; sellRate: string };

export function currencyPrices(currency: CurrencyRates): CurrencyPrices {
  const rate = trimDecimal(currency.rate);
  const sell = trimDecimal(currency.sellMargin);
  const buy = trimDecimal(currency.buyMargin);
  return { rate, sell, buy, collectRate: customerRate(rate, sell), sellRate: customerRate(rate, buy) };
}

/** The customer rate a quote of this way uses, and the margin it was made with. */
export function priceForWay(way: Way, prices: CurrencyPrices): { rate: string; margin: string } {
  return way === "Order"
    ? { rate: prices.collectRate, margin: prices.sell }
    : { rate: prices.sellRate, margin: prices.buy };
}

/** Display form of a rate (and of a stored customer rate, numeric of any scale): always RATE_DECIMALS decimals, half-up. */
export function formatRate(rate: string): string {
  return parseDecimal(rate, "Rate").round(RATE_DECIMALS, ROUND_HALF_UP).toFixed(RATE_DECIMALS);
}

/**
 * The rate used for conversion must be the displayed one; refusing extra
 * decimals catches callers passing an unrounded rate by mistake.
 */
function parseCustomerRate(rate: string): Decimal {
  const d = parsePositiveRate(rate);
  if (!d.round(RATE_DECIMALS, ROUND_DOWN).eq(d)) {
    throw new RangeError(`Customer rate must have at most ${RATE_DECIMALS} decimals: "${rate}"`);
  }
  return d;
}

/** Truncate to whole pounds, then up to the next £10 (exact multiples stay). */
function collectRound(gbpMinor: Decimal): Decimal {
  const pounds = gbpMinor.times(pow10(-2)).round(0, ROUND_DOWN);
  const tens = pounds.times(pow10(-1)).round(0, ROUND_UP);
  return tens.times(pow10(3));
}

/** Foreign minor units per penny = rate × 10^(exp − 2). */
function minorRate(rate: Decimal, currency: string): Decimal {
  return rate.times(pow10(currencyExponent(currency) - 2));
}

function gbpToForeign(
  gbpMinor: Decimal,
  rate: Decimal,
  currency: string,
  rounding: typeof ROUND_DOWN | typeof ROUND_UP,
): Decimal {
  return gbpMinor.times(minorRate(rate, currency)).round(0, rounding);
}

/** Always rounded down: the bureau never pays out a fraction of a penny it did not receive. */
function foreignToGbpDown(foreignMinor: Decimal, rate: Decimal, currency: string): Decimal {
  // Dec truncates divisions, so rounding the truncated quotient down equals flooring the exact one.
  return foreignMinor.div(minorRate(rate, currency)).round(0, ROUND_DOWN);
}

function readAmount(input: QuoteAmount): { side: "gbp" | "foreign"; amount: number } {
  const hasGbp = input.gbpMinor !== undefined;
  const hasForeign = input.foreignMinor !== undefined;
  if (hasGbp === hasForeign) throw new TypeError("Exactly one of gbpMinor or foreignMinor must be given");
  const side = hasGbp ? "gbp" : "foreign";
  const amount = (hasGbp ? input.gbpMinor : input.foreignMinor) as number;
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`Amount must be an integer number of minor units, got ${amount}`);
  return { side, amount };
}

function finish(gbp: Decimal, foreign: Decimal, rate: Decimal): QuoteResult {
  if (gbp.lte(ZERO) || foreign.lte(ZERO)) return { ok: false, reason: "amount_not_positive" };
  if (gbp.gt(decFromInt(MAX_LINE_GBP_MINOR))) return { ok: false, reason: "amount_too_large" };
  return {
    ok: true,
    gbpMinor: toSafeInteger(gbp),
    foreignMinor: toSafeInteger(foreign),
    rate: rate.toFixed(RATE_DECIMALS),
  };
}

/** Click & Collect: customer pays GBP (rounded to £10 steps) and receives foreign, rounded down. */
export function quoteCollect(input: QuoteInput): QuoteResult {
  const rate = parseCustomerRate(input.rate);
  const { side, amount } = readAmount(input);
  if (amount <= 0) return { ok: false, reason: "amount_not_positive" };
  const typedGbp = side === "gbp" ? decFromInt(amount) : foreignToGbpDown(decFromInt(amount), rate, input.currency);
  const gbp = collectRound(typedGbp);
  return finish(gbp, gbpToForeign(gbp, rate, input.currency, ROUND_DOWN), rate);
}

/** Click & Sell: customer hands over foreign and receives GBP, always derived from the foreign amount. */
export function quoteSell(input: QuoteInput): QuoteResult {
  const rate = parseCustomerRate(input.rate);
  const { side, amount } = readAmount(input);
  if (amount <= 0) return { ok: false, reason: "amount_not_positive" };
  // Rounding foreign up means the customer brings enough to cover the GBP they asked for.
  const foreign =
    side === "foreign" ? decFromInt(amount) : gbpToForeign(decFromInt(amount), rate, input.currency, ROUND_UP);
  return finish(foreignToGbpDown(foreign, rate, input.currency), foreign, rate);
}

/**
 * Click & Sell at the counter: the sterling paid for `foreignMinor` actually received, at the order's
 * locked customer rate, rounded down as quoteSell rounds (the bureau never pays a fraction of a penny it
 * did not receive). The ordered amount gives back the order's own sterling; nothing received pays nothing.
 */
export function sellGbpMinorFor(foreignMinor: number, rate: string, currency: string): number {
  if (!Number.isSafeInteger(foreignMinor) || foreignMinor < 0) {
    throw new RangeError(`Expected a non-negative integer amount, got ${foreignMinor}`);
  }
  return toSafeInteger(foreignToGbpDown(decFromInt(foreignMinor), parseCustomerRate(rate), currency));
}

/**
 * A walk-in sale at the counter ("We sell", issue 33 item 3): the customer receives exactly the notes
 * asked for and pays their sterling at the customer rate, rounded up to the penny. No £10 steps: those
 * make an online order's sterling round, while at the desk the notes are counted out and the sterling
 * taken to the penny. Rounded up, as the bureau never gives a fraction of a penny's worth away.
 */
export function quoteCounterSale(input: { rate: string; currency: string; foreignMinor: number }): QuoteResult {
  const rate = parseCustomerRate(input.rate);
  const { amount } = readAmount({ foreignMinor: input.foreignMinor });
  if (amount <= 0) return { ok: false, reason: "amount_not_positive" };
  const foreign = decFromInt(amount);
  return finish(foreign.div(minorRate(rate, input.currency)).round(0, ROUND_UP), foreign, rate);
}

export function quote(input: { way: Way } & QuoteInput): QuoteResult {
  return input.way === "Order" ? quoteCollect(input) : quoteSell(input);
}

const MARGIN_LIMIT = 50;
const MARGIN_MIN = decFromInt(-MARGIN_LIMIT);
const MARGIN_MAX = decFromInt(MARGIN_LIMIT);

function marginProblem(label: string, value: string): string | null {
  if (!DECIMAL_PATTERN.test(value.trim())) return `${label} margin must be a number, e.g. "-4.5" or "5"`;
  const d = decFromString(value);
  if (d.lt(MARGIN_MIN) || d.gt(MARGIN_MAX)) {
    return `${label} margin must be between -${MARGIN_LIMIT}% and ${MARGIN_LIMIT}%`;
  }
  return null;
}

/**
 * Returns a plain-English reason the margins are unsafe, or null when fine.
 * Sell < Buy guarantees the Click & Collect rate gives fewer foreign units per
 * pound than Click & Sell takes back, so no buy-then-sell loop makes money.
 */
export function checkMargins(sell: string, buy: string): string | null {
  const problem = marginProblem("Sell", sell) ?? marginProblem("Buy", buy);
  if (problem) return problem;
  if (decFromString(sell).gte(decFromString(buy))) {
    return "Sell margin must be lower than Buy margin, otherwise customers could buy and sell back at a profit";
  }
  return null;
}
