import { DEFAULT_DISPLAY_TIME_ZONE, displayDates } from "@bureau/domain/dates";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/*
 * A test oracle: the EUR rate a placement's due diligence uses, read alone (the placement reads it in its
 * one read, modules/placement).
 */

/**
 * The EUR market rate (euros per pound) of the last day before `at`'s day (in the display zone, London by
 * default) that has one: the day's closing reading of the daily rollup (rate_daily, docs/features/rate-history.md). Over a
 * weekend or holiday without readings that is the previous working day's. Without any earlier day (a new
 * installation), the current EUR rate stands in, dated today. Null when the bureau has no EUR rate at all.
 */
export async function previousDayEurRate(
  db: Db | Tx,
  at: Date,
  timeZone: string = DEFAULT_DISPLAY_TIME_ZONE,
): Promise<{ eurPerGbp: string; day: string } | null> {
  const [row] = await queryRows<{ rate: string | null }>(
    db,
    sql`select ${previousDayEurRateJson(at, timeZone)} as rate`,
  );
  return toPreviousDayEurRate(row?.rate ?? null);
}

/**
 * The same rate as an SQL expression (a JSON text `{"rate", "day"}`, null without any EUR rate); the
 * placement's read (modules/placement) reads it the same way.
 * Ordered by the table's date (`rate_daily.day`), not by the text column of the same name: that one is
 * one index probe, where ordering by the text read and sorted every earlier EUR day (0.7 ms a placement
 * with five years of rates, against 0.06 ms).
 *
 * `at`'s day is worked out here, by the one date formatter (packages/domain dates.ts), in the zone the
 * server was configured with (DISPLAY_TIME_ZONE), which is the zone rate_daily's days are grouped by
 * (db/display-time-zone.ts): PostgreSQL's bureau_display_day gives the same day, but as an SQL function
 * with a sub-select it is planned again at every call (0.1 ms each, twice a placement).
 */
function previousDayEurRateJson(at: Date, timeZone: string): SQL {
  const day = displayDates(timeZone).day(at);
  return sql`(select json_build_object('rate', p.rate, 'day', p.day)::text from (
        (select rate::text as rate, day::text as day, 1 as pick from rate_daily
          where currency_code = 'EUR' and day < ${day}::date
          order by rate_daily.day desc limit 1)
        union all
        (select rate::text, ${day}::text, 2 from currencies where code = 'EUR')
        order by pick limit 1) as p)`;
}

/** What `previousDayEurRateJson` read. */
function toPreviousDayEurRate(json: string | null): { eurPerGbp: string; day: string } | null {
  if (!json) return null;
  const { rate, day } = JSON.parse(json) as { rate: string; day: string };
  return { eurPerGbp: rate, day };
}
