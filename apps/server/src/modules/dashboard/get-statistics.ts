import { sql } from "drizzle-orm";
import type { Statistics } from "@bureau/domain/contracts/dashboard";
import { type DisplayDates, displayDates } from "@bureau/domain/dates";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/** Calendar days of the display zone from `days - 1` days ago to today, oldest first (clock changes included). */
export function lastDays(now: Date, days: number, dates: DisplayDates): string[] {
  const [year, month, day] = dates.day(now).split("-").map(Number) as [number, number, number];
  const result: string[] = [];
  // Calendar arithmetic on UTC dates: every step is exactly one calendar day.
  for (let i = days - 1; i >= 0; i--)
    result.push(new Date(Date.UTC(year, month - 1, day - i)).toISOString().slice(0, 10));
  return result;
}

/**
 * Counts and chart data for the Statics page, all read from the rollup tables. The charts count the
 * business done or to do: cancelled and expired orders are left out of them (and counted on their own).
 * Their days are those of the zone the database groups by, which the server sets to DISPLAY_TIME_ZONE
 * at start (db/display-time-zone.ts); `timeZone` is that same setting.
 */
export async function getStatistics({
  db,
  timeZone,
  now = new Date(),
}: {
  db: Db;
  timeZone: string;
  now?: Date;
}): Promise<Statistics> {
  const days = lastDays(now, 30, displayDates(timeZone));
  const from = days[0] as string;
  const [totals, perDay, volume, byBranch, held] = await Promise.all([
    queryRows<{ status: Exclude<keyof Statistics["counts"], "onHold">; n: number }>(
      db,
      sql`select status, sum(orders)::int as n from order_status_totals group by status`,
    ),
    queryRows<{ day: string; way: "Order" | "Sell"; n: number }>(
      db,
      sql`select day::text as day, way, sum(orders)::int as n from order_daily_stats
      where day >= ${from}::date and status not in ('cancelled', 'expired') group by day, way`,
    ),
    queryRows<{ currency: string; gbp: string | number; n: number }>(
      db,
      sql`select currency_code as currency, sum(gbp_minor)::bigint as gbp, sum(lines)::int as n
      from currency_daily_stats where day >= ${from}::date and status not in ('cancelled', 'expired')
      group by currency_code having sum(lines) > 0 order by sum(gbp_minor) desc`,
    ),
    queryRows<{ branch: string; name: string; n: number }>(
      db,
      sql`select b.key as branch, b.name, coalesce(sum(s.orders), 0)::int as n
      from branches b left join order_daily_stats s on s.branch_key = b.key and s.day >= ${from}::date and s.status not in ('cancelled', 'expired')
      group by b.key, b.name, b.display_order order by b.display_order`,
    ),
    // Through the partial index of the orders on hold (a handful, however many orders there are): Pending ones
    // held at placement, and Accepted ones a re-screening or a suspicion report held afterwards.
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders
      where hold_reason is not null and hold_cleared_at is null and status in ('pending', 'accepted')`,
    ),
  ]);
  const counts = { pending: 0, accepted: 0, completed: 0, cancelled: 0, expired: 0, onHold: Number(held[0]?.n ?? 0) };
  for (const row of totals) {
    if (row.status in counts) counts[row.status] = Number(row.n);
  }
  const dayMap = new Map(days.map((day) => [day, { day, Order: 0, Sell: 0 }]));
  for (const row of perDay) {
    const entry = dayMap.get(row.day);
    if (entry) entry[row.way] += Number(row.n);
  }
  return {
    counts,
    perDay: [...dayMap.values()],
    volumeByCurrency: volume.map((r) => ({
      currency: r.currency,
      gbpMinor: Number(r.gbp),
      orders: Number(r.n),
    })),
    byBranch: byBranch.map((r) => ({
      branch: r.branch,
      name: r.name,
      orders: Number(r.n),
    })),
  };
}
