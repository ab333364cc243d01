import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * The conditions "`column` falls on the calendar days from `from` to `to` (inclusive, "YYYY-MM-DD")" in
 * the display time zone (DISPLAY_TIME_ZONE, London unless configured): staff filter by the days they
 * see on the pages. Each bound is turned into an instant by PostgreSQL with the zone's own rules, so a
 * day of a clock change is 23 or 25 hours long, and the column's index serves the range.
 */
export function onDisplayDays(
  column: AnyColumn,
  { from, to }: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= (${from}::date::timestamp at time zone ${timeZone})`);
  if (to) conditions.push(sql`${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`);
  return conditions;
}
