import { sql } from "drizzle-orm";
import type { NoteCount } from "@bureau/domain/note-split";
import type { Db, Tx } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/**
 * What an order's end does to its branch's stock, in the transaction that ends it (issue 17):
 * - a Click & Collect order cancelled or expired releases the notes it reserved;
 * - a Click & Collect order completed takes them out of stock (handed over);
 * - a Click & Sell order completed adds the notes received (counted at the handover, by denomination)
 *   where the branch tracks the currency, and records them as the order's notes.
 * An order that reserved nothing, at a branch that tracks nothing, costs one statement that changes nothing.
 */
export async function settleOrderNotes(
  db: Db | Tx,
  {
    orderId,
    way,
    outcome,
    received = [],
  }: {
    orderId: string;
    way: "Order" | "Sell";
    outcome: "completed" | "cancelled" | "expired";
    /** A completed sale: the notes received per currency (the handover record's). */
    received?: readonly { currency: string; notes: readonly NoteCount[] }[];
  },
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
  const counted = received.filter((entry) => entry.notes.some((note) => note.count > 0));
  if (counted.length === 0) return;
  const tracked = await queryRows<{ branch_key: string; currency_code: string }>(
    db,
    sql`select o.branch_key, sc.currency_code
        from orders o
        join stock_currencies sc on sc.branch_key = o.branch_key and sc.tracked
        where o.id = ${orderId}
          and sc.currency_code in (${sql.join(
            counted.map((entry) => sql`${entry.currency}`),
            sql`, `,
          )})`,
  );
  const rows = tracked.flatMap((row) =>
    (counted.find((entry) => entry.currency === row.currency_code)?.notes ?? [])
      .filter((note) => note.count > 0)
      .map((note) => ({ branch: row.branch_key, currency: row.currency_code, ...note })),
  );
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
