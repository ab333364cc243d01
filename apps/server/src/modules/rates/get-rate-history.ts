import { and, asc, desc, eq, gte, isNotNull, lt, lte } from "drizzle-orm";
import type { RateHistoryResponse } from "@bureau/domain/contracts/rate-history";
import { displayDates } from "@bureau/domain/dates";
import { buildRateHistory, type DailyRate, type RateHistoryRange, rangeStart } from "@bureau/domain/rate-history";
import type { Db } from "../../db/client.ts";
import { currencies, rateDaily } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

const dailyColumns = {
  day: rateDaily.day,
  rate: rateDaily.rate,
  ownRate: rateDaily.ownRate,
  sellMargin: rateDaily.sellMargin,
  buyMargin: rateDaily.buyMargin,
};

/**
 * A currency's rate history over a range, read from the daily rollup (rate_daily): at most one row a
 * day within the range (about 1,830 for five years, through its primary key), plus the two rows that
 * say what was in force when the range began. Never the raw readings of the live refresh.
 */
export async function getRateHistory({
  db,
  code,
  range,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  code: string;
  range: RateHistoryRange;
  /** DISPLAY_TIME_ZONE, the zone whose days rate_daily holds (db/display-time-zone.ts). */
  timeZone: string;
  now?: Date;
}): Promise<RateHistoryResponse> {
  const [currency] = await db
    .select({ code: currencies.code, label: currencies.label, active: currencies.active })
    .from(currencies)
    .where(eq(currencies.code, code));
  if (!currency?.active) throw new AppError("not_found", `We do not sell ${code}.`);

  const today = displayDates(timeZone).day(now);
  const from = rangeStart(range, today);
  const ofCurrency = eq(rateDaily.currencyCode, code);
  const [inRange, [marketBefore], [ownBefore]] = await Promise.all([
    db
      .select(dailyColumns)
      .from(rateDaily)
      .where(and(ofCurrency, gte(rateDaily.day, from), lte(rateDaily.day, today)))
      .orderBy(asc(rateDaily.day)),
    db
      .select(dailyColumns)
      .from(rateDaily)
      .where(and(ofCurrency, lt(rateDaily.day, from)))
      .orderBy(desc(rateDaily.day))
      .limit(1),
    db
      .select(dailyColumns)
      .from(rateDaily)
      .where(and(ofCurrency, lt(rateDaily.day, from), isNotNull(rateDaily.ownRate)))
      .orderBy(desc(rateDaily.day))
      .limit(1),
  ]);
  const before = [ownBefore, marketBefore]
    .filter((row): row is DailyRate => row !== undefined)
    .sort((a, b) => a.day.localeCompare(b.day))
    .filter((row, index, rows) => index === 0 || rows[index - 1]?.day !== row.day);
  const history = buildRateHistory({ range, today, days: [...before, ...inRange] });
  return { code: currency.code, label: currency.label, ...history };
}
