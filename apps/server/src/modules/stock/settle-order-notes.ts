import { sql } from "drizzle-orm";
import { noteDenominations } from "@bureau/domain/denominations";
import { splitIntoNotes } from "@bureau/domain/note-split";
import type { Db, Tx } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/**
 * What an order's end does to its branch's stock, in the transaction that ends it (issue 17):
 * - a Click & Collect order cancelled or expired releases the notes it reserved;
 * - a Click & Collect order completed takes them out of stock (handed over);
 * - a Click & Sell order completed adds the notes received where the branch tracks the currency: for now
 *   the order's exact foreign amount split into the largest notes (what notes can make of it).
 * An order that reserved nothing, at a branch that tracks nothing, costs one statement that changes nothing.
 */
export async function settleOrderNotes(
  db: Db | Tx,
  { orderId, way, outcome }: { orderId: string; way: "Order" | "Sell"; outcome: "completed" | "cancelled" | "expired" },
): Promise<void> {
  if (way === "Order") {
    const handedOver = outcome === "completed";
    await db.execute(sql`
      update stock_notes s
      set reserved = s.reserved - n.count${handedOver ? sql`, count = s.count - n.count` : sql``}
      from order_notes n join orders o on o.id = n.order_id
      where n.order_id = ${orderId} and s.branch_key = o.branch_key and s.currency_code = n.currency_code
        and s.denomination_minor = n.denomination_minor`);
    return;
  }
  if (outcome !== "completed") return;
  const received = await queryRows<{ branch_key: string; currency_code: string; foreign_minor: string | number }>(
    db,
    sql`select o.branch_key, l.currency_code, sum(l.foreign_minor)::bigint as foreign_minor
        from orders o
        join order_lines l on l.order_id = o.id
        join stock_currencies sc on sc.branch_key = o.branch_key and sc.currency_code = l.currency_code and sc.tracked
        where o.id = ${orderId}
        group by o.branch_key, l.currency_code`,
  );
  const rows = received.flatMap((row) => {
    const denominations = noteDenominations(row.currency_code);
    if (!denominations) return [];
    const unlimited = denominations.map((valueMinor) => ({ valueMinor, count: Number.POSITIVE_INFINITY }));
    return splitIntoNotes(Number(row.foreign_minor), unlimited).notes.map((note) => ({
      branch: row.branch_key,
      currency: row.currency_code,
      ...note,
    }));
  });
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.branch}::text, ${r.currency}::varchar, ${r.valueMinor}::bigint, ${r.count}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    with added as (
      insert into stock_notes (branch_key, currency_code, denomination_minor, count)
      select v.branch_key, v.currency_code, v.denomination_minor, v.n
      from (values ${values}) as v(branch_key, currency_code, denomination_minor, n)
      on conflict (branch_key, currency_code, denomination_minor) do update set count = stock_notes.count + excluded.count)
    insert into order_notes (order_id, currency_code, denomination_minor, count)
    select ${orderId}, v.currency_code, v.denomination_minor, v.n
    from (values ${values}) as v(branch_key, currency_code, denomination_minor, n)`);
}
