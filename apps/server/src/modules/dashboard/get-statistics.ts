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
  const [totals, perDay, volume, byBranch, held, reversed, channels] = await Promise.all([
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
    reversedOrders(db, from),
    // Completed business per channel (online orders, walk-in trades), reversed ones taken back out.
    queryRows<{ channel: "online" | "counter"; n: number; gbp: string | number }>(
      db,
      sql`select t.channel, (sum(t.orders) - coalesce(max(r.n), 0))::int as n,
        (sum(t.gbp_minor) - coalesce(max(r.gbp), 0))::bigint as gbp
      from order_channel_totals t
      left join (select o.channel, count(*) as n, sum(o.total_gbp_minor) as gbp
          from order_reversals v join orders o on o.id = v.order_id where v.status = 'approved' group by o.channel) r
        on r.channel = t.channel
      where t.status = 'completed' group by t.channel`,
    ),
  ]);
  const counts = {
    pending: 0,
    accepted: 0,
    completed: 0,
    cancelled: 0,
    expired: 0,
    onHold: Number(held[0]?.n ?? 0),
    reversed: reversed.count,
  };
  for (const row of totals) {
    if (row.status in counts) counts[row.status] = Number(row.n);
  }
  const dayMap = new Map(days.map((day) => [day, { day, Order: 0, Sell: 0 }]));
  for (const row of perDay) {
    const entry = dayMap.get(row.day);
    if (entry) entry[row.way] += Number(row.n);
  }
  return withoutReversed(reversed, {
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
    byChannel: (["online", "counter"] as const).map((channel) => {
      const row = channels.find((r) => r.channel === channel);
      return { channel, completed: Number(row?.n ?? 0), gbpMinor: Number(row?.gbp ?? 0) };
    }),
  });
}

type ReversedOrders = Awaited<ReturnType<typeof reversedOrders>>;

/**
 * The completed orders whose reversal was approved (docs/features/reversals.md). A reversed order stays
 * "completed" in the rollups (its status does not change); the statistics take it back out of the
 * business done: all of them from the completed count, those placed in the window from the charts.
 * Read through the approved reversals (a handful, by their status index), not the orders.
 */
async function reversedOrders(db: Db, from: string) {
  const [count, perDay, perCurrency] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from order_reversals where status = 'approved'`),
    queryRows<{ day: string; way: "Order" | "Sell"; branch: string; n: number }>(
      db,
      sql`select bureau_display_day(o.created_at)::text as day, o.way, o.branch_key as branch, count(*)::int as n
      from order_reversals r join orders o on o.id = r.order_id
      where r.status = 'approved' and bureau_display_day(o.created_at) >= ${from}::date
      group by 1, 2, 3`,
    ),
    queryRows<{ currency: string; gbp: string | number; n: number }>(
      db,
      sql`select l.currency_code as currency, sum(l.gbp_minor)::bigint as gbp, count(*)::int as n
      from order_reversals r join orders o on o.id = r.order_id join order_lines l on l.order_id = o.id
      where r.status = 'approved' and bureau_display_day(o.created_at) >= ${from}::date
      group by l.currency_code`,
    ),
  ]);
  return { count: Number(count[0]?.n ?? 0), perDay, perCurrency };
}

/** The statistics with the reversed orders taken out of the completed count and the charts. */
function withoutReversed(reversed: ReversedOrders, stats: Statistics): Statistics {
  if (reversed.count === 0) return stats;
  for (const row of reversed.perDay) {
    const day = stats.perDay.find((entry) => entry.day === row.day);
    if (day) day[row.way] -= Number(row.n);
    const branch = stats.byBranch.find((entry) => entry.branch === row.branch);
    if (branch) branch.orders -= Number(row.n);
  }
  const volume = stats.volumeByCurrency.map((entry) => {
    const taken = reversed.perCurrency.find((row) => row.currency === entry.currency);
    return taken
      ? { ...entry, gbpMinor: entry.gbpMinor - Number(taken.gbp), orders: entry.orders - Number(taken.n) }
      : entry;
  });
  return {
    ...stats,
    counts: { ...stats.counts, completed: stats.counts.completed - reversed.count },
    volumeByCurrency: volume.filter((entry) => entry.orders > 0).sort((a, b) => b.gbpMinor - a.gbpMinor),
  };
}
