import { type SQL, sql } from "drizzle-orm";
import type { LinkedTotals } from "@bureau/domain/due-diligence";
import type { Db, Tx } from "../../db/client.ts";
import { linkedOrders, TWELVE_MONTHS } from "./linked-orders.ts";
import { queryRows } from "../../lib/postgres.ts";

/**
 * The sterling totals, both ways, of the orders linked to this one (itself included) over the 12 months
 * and the 30 days before it: linked by the normalised e-mail, the normalised phone, or the account
 * (docs/features/due-diligence-tiers.md). Cancelled and expired orders never happened and are left
 * out (the order itself always counts). Each linked order's row is read once (lib/linked-orders.ts).
 *
 * `throughOrder`: only orders placed up to this one (its details page: the totals as they stood when it
 * was placed). Without it, later orders count too: a placement is assessed after it is written, so of
 * two orders placed at once by one customer the second to be assessed sees both.
 */
export async function linkedTotals(
  db: Db | Tx,
  { orderId, throughOrder }: { orderId: string; throughOrder: boolean },
): Promise<LinkedTotals & { orders: number }> {
  const [row] = await queryRows<LinkedTotalsRow>(db, linkedTotalsSelect(orderId, throughOrder));
  return toLinkedTotals(row);
}

/** The columns `linkedTotalsSelect` gives (both drivers give these as numbers or strings). */
type LinkedTotalsRow = {
  year_order: string | number;
  year_sell: string | number;
  month_order: string | number;
  month_sell: string | number;
  orders: number;
};

/**
 * The one-row select behind `linkedTotals`: its columns are `LinkedTotalsRow`.
 */
function linkedTotalsSelect(orderId: string, throughOrder: boolean): SQL {
  return sql`with linked as (${linkedOrders(orderId, [TWELVE_MONTHS])})
      select totals.* from ${linkedTotalsOf(throughOrder)}`;
}

/**
 * The one-row FROM item `totals` giving the `LinkedTotalsRow` columns from the rows of `linkedOrders`,
 * named `linked` (its window at least 12 months). Whether a linked order counts, and whether it falls in
 * the 30 days, is worked out once per order (OFFSET 0 keeps PostgreSQL from copying the two expressions
 * into each of the five aggregates' filters: 0.33 ms against 0.27 ms for the aggregate over 132 orders).
 */
function linkedTotalsOf(throughOrder: boolean): SQL {
  return sql`(select
        coalesce(sum(l.total_gbp_minor) filter (where l.counted and l.way = 'Order'), 0) as year_order,
        coalesce(sum(l.total_gbp_minor) filter (where l.counted and l.way = 'Sell'), 0) as year_sell,
        coalesce(sum(l.total_gbp_minor) filter (where l.counted and l.way = 'Order' and l.in_month), 0) as month_order,
        coalesce(sum(l.total_gbp_minor) filter (where l.counted and l.way = 'Sell' and l.in_month), 0) as month_sell,
        (count(*) filter (where l.counted))::int as orders
      from (select linked.way, linked.total_gbp_minor,
          linked.is_me or (linked.status not in ('cancelled', 'expired')
            and linked.created_at > linked.me_created_at - ${TWELVE_MONTHS}${
              throughOrder ? sql` and linked.created_at <= linked.me_created_at` : sql``
            }) as counted,
          linked.created_at > linked.me_created_at - interval '30 days' as in_month
        from linked offset 0) l) totals`;
}

function toLinkedTotals(row: LinkedTotalsRow | undefined): LinkedTotals & { orders: number } {
  return {
    yearOrderGbpMinor: Number(row?.year_order ?? 0),
    yearSellGbpMinor: Number(row?.year_sell ?? 0),
    monthOrderGbpMinor: Number(row?.month_order ?? 0),
    monthSellGbpMinor: Number(row?.month_sell ?? 0),
    orders: Number(row?.orders ?? 0),
  };
}
