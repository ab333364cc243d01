import { sql } from "drizzle-orm";
import type { DayReport } from "@bureau/domain/contracts/reports";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/**
 * The buy-back guarantee in a day's report (docs/features/buyback-guarantee.md), over the orders the
 * branch completed that day: the guarantees sold (collected with their fee) and their fees, and the
 * guaranteed sales (buy-backs) with what each currency was bought back for at the guaranteed rates.
 */
export async function guaranteesOfDay(db: Db, orderIds: readonly string[]): Promise<DayReport["guarantees"]> {
  const ids = JSON.stringify(orderIds);
  const [[totals], currencies] = await Promise.all([
    queryRows<{ sold: number; fees: string | number; buybacks: number }>(
      db,
      sql`select (count(*) filter (where o.buyback_days is not null))::int as sold,
          coalesce(sum(o.buyback_fee_minor), 0)::bigint as fees,
          (count(*) filter (where o.buyback_of_order_id is not null))::int as buybacks
        from orders o where o.id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`,
    ),
    queryRows<{ currency: string; foreign: string | number; gbp: string | number }>(
      db,
      sql`select u.currency_code as currency, sum(u.foreign_minor)::bigint as foreign, sum(u.gbp_minor)::bigint as gbp
        from buyback_uses u where u.sell_order_id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)
        group by u.currency_code order by u.currency_code`,
    ),
  ]);
  return {
    sold: Number(totals?.sold ?? 0),
    feesMinor: Number(totals?.fees ?? 0),
    buybacks: Number(totals?.buybacks ?? 0),
    boughtBack: currencies.map((c) => ({
      currency: c.currency,
      foreignMinor: Number(c.foreign),
      gbpMinor: Number(c.gbp),
    })),
  };
}
