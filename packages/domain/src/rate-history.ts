import { RATE_DECIMALS } from "./constants.ts";
import { type Decimal, ROUND_HALF_UP, ZERO, decFromString, pow10 } from "./decimal.ts";
import { customerRate, formatRate } from "./pricing.ts";

/** The ranges a rate history chart can show (`/exchangeRates/{code}?range=…`), shortest first. */
export const RATE_HISTORY_RANGES = ["1m", "1y", "5y"] as const;
export type RateHistoryRange = (typeof RATE_HISTORY_RANGES)[number];
export const DEFAULT_RATE_HISTORY_RANGE: RateHistoryRange = "1m";

export const RATE_HISTORY_RANGE_LABELS: Record<RateHistoryRange, string> = {
  "1m": "1 month",
  "1y": "1 year",
  "5y": "5 years",
};

export function isRateHistoryRange(value: unknown): value is RateHistoryRange {
  return typeof value === "string" && (RATE_HISTORY_RANGES as readonly string[]).includes(value);
}

/** One London day of a currency's history: the day's last market rate, and our own prices if we recorded any. */
export type DailyRate = {
  day: string;
  rate: string;
  ownRate: string | null;
  sellMargin: string | null;
  buyMargin: string | null;
};

/** A chart point: the rates in force at the end of `day` (null where nothing was known yet), 4 decimals. */
export type RateHistoryPoint = { day: string; market: string | null; collect: string | null; sell: string | null };
export type RateSeries = "market" | "collect" | "sell";
export type RateSummary = {
  high: string;
  low: string;
  first: string;
  last: string;
  change: string;
  changePercent: string;
};
export type RateHistory = {
  range: RateHistoryRange;
  from: string;
  to: string;
  points: RateHistoryPoint[];
  /** Over every daily closing rate of the range (not only the points drawn); null when the range has none. */
  summary: Record<RateSeries, RateSummary | null>;
};

function parseDay(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a day: "${day}"`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function formatDay(utc: Date): string {
  return utc.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const { y, m, d } = parseDay(day);
  return formatDay(new Date(Date.UTC(y, m - 1, d + days)));
}

/** The same day `months` months away; a day the month lacks becomes its last (31 March − 1 month = 28/29 February). */
export function addMonths(day: string, months: number): string {
  const { y, m, d } = parseDay(day);
  const lastOfTarget = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return formatDay(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastOfTarget))));
}

const RANGE_MONTHS: Record<RateHistoryRange, number> = { "1m": 1, "1y": 12, "5y": 60 };

/** The first day of a range that ends on `today`. */
export function rangeStart(range: RateHistoryRange, today: string): string {
  return addMonths(today, -RANGE_MONTHS[range]);
}

/**
 * The days a chart draws, oldest first, always ending on `today`: every day over a month, every week
 * over a year, every month over five years (29 to 32 points as the month before is long, 53 and 61),
 * so a chart and its data table stay readable whatever the range.
 */
export function chartDays(range: RateHistoryRange, today: string): string[] {
  const start = rangeStart(range, today);
  const days: string[] = [];
  for (let k = 0; ; k++) {
    const day = range === "1m" ? addDays(today, -k) : range === "1y" ? addDays(today, -7 * k) : addMonths(today, -k);
    if (day < start) break;
    days.push(day);
  }
  return days.reverse();
}

type Own = { rate: string; sellMargin: string; buyMargin: string };
type Values = Record<RateSeries, string | null>;

function valuesOf(market: string | null, own: Own | null): Values {
  return {
    market: market === null ? null : formatRate(market),
    collect: own ? customerRate(own.rate, own.sellMargin) : null,
    sell: own ? customerRate(own.rate, own.buyMargin) : null,
  };
}

/** A rate before rounding: a market rate and the margin applied to it ("0" for the market rate itself). */
type Priced = { rate: string; margin: string };
const exact = ({ rate, margin }: Priced) => customerRate(rate, margin);
const estimate = ({ rate, margin }: Priced) => (Number(rate) * (100 + Number(margin))) / 100;

/**
 * The exact highest or lowest of many rates without pricing every one exactly (five years are 1,830 of
 * them per series): binary floating point only narrows the field to the rates within a hair of the
 * extreme, and those few are priced exactly and compared.
 */
function extreme(values: readonly Priced[], estimates: readonly number[], want: "high" | "low") {
  const target = want === "high" ? Math.max(...estimates) : Math.min(...estimates);
  const tolerance = Math.abs(target) * 1e-9;
  let best: Decimal | null = null;
  values.forEach((value, index) => {
    if (Math.abs((estimates[index] as number) - target) > tolerance) return;
    const d = decFromString(exact(value));
    if (best === null || (want === "high" ? d.gt(best) : d.lt(best))) best = d;
  });
  return (best as Decimal | null)?.toFixed(RATE_DECIMALS) ?? exact(values[0] as Priced);
}

function summarise(values: readonly Priced[]): RateSummary | null {
  const firstValue = values[0];
  const lastValue = values.at(-1);
  if (firstValue === undefined || lastValue === undefined) return null;
  const estimates = values.map(estimate);
  const first = exact(firstValue);
  const last = exact(lastValue);
  const start = decFromString(first);
  const change = decFromString(last).minus(start);
  const changePercent = start.eq(ZERO) ? ZERO : change.div(start).times(pow10(2)).round(2, ROUND_HALF_UP);
  return {
    high: extreme(values, estimates, "high"),
    low: extreme(values, estimates, "low"),
    first,
    last,
    change: change.toFixed(RATE_DECIMALS),
    changePercent: changePercent.toFixed(2),
  };
}

/**
 * A currency's history over a range from its daily rates. `days` must be in day order and may begin
 * before the range: the last market day and the last day with our own prices before the range are
 * what was in force when it began (rates stay as they are until they change).
 */
export function buildRateHistory({
  range,
  today,
  days,
}: {
  range: RateHistoryRange;
  today: string;
  days: readonly DailyRate[];
}): RateHistory {
  const from = rangeStart(range, today);
  let market: string | null = null;
  let own: Own | null = null;
  let index = 0;
  const advanceTo = (day: string) => {
    for (; index < days.length && (days[index] as DailyRate).day <= day; index++) {
      const row = days[index] as DailyRate;
      market = row.rate;
      if (row.ownRate !== null && row.sellMargin !== null && row.buyMargin !== null)
        own = { rate: row.ownRate, sellMargin: row.sellMargin, buyMargin: row.buyMargin };
    }
  };

  // The summary reads every change within the range, starting from what was in force on its first day.
  const series: Record<RateSeries, Priced[]> = { market: [], collect: [], sell: [] };
  const take = () => {
    const ownNow = own as Own | null;
    if (market !== null) series.market.push({ rate: market, margin: "0" });
    if (ownNow) {
      series.collect.push({ rate: ownNow.rate, margin: ownNow.sellMargin });
      series.sell.push({ rate: ownNow.rate, margin: ownNow.buyMargin });
    }
  };
  advanceTo(from);
  take();
  const startIndex = index;
  for (const row of days.slice(startIndex)) {
    if (row.day > today) break;
    advanceTo(row.day);
    take();
  }

  // The points: the rates in force at the end of each chart day.
  market = null;
  own = null;
  index = 0;
  const points = chartDays(range, today).map((day) => {
    advanceTo(day);
    return { day, ...valuesOf(market, own) };
  });

  return {
    range,
    from,
    to: today,
    points,
    summary: { market: summarise(series.market), collect: summarise(series.collect), sell: summarise(series.sell) },
  };
}
