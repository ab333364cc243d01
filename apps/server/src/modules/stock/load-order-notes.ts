import { sql } from "drizzle-orm";
import type { OrderNotes } from "@bureau/domain/contracts/stock";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/**
 * The notes of an order per currency, for staff on the order details: reserved (then handed over or
 * released) for Click & Collect, received for Click & Sell, beside the order's amount of the currency.
 * Empty for an order that touched no tracked stock.
 */
export async function loadOrderNotes(db: Db, orderId: string): Promise<OrderNotes[]> {
  const rows = await queryRows<{
    currency_code: string;
    denomination_minor: string | number;
    count: number;
    way: "Order" | "Sell";
    status: string;
    ordered_minor: string | number;
  }>(
    db,
    sql`select n.currency_code, n.denomination_minor, n.count, o.way, o.status,
          (select sum(l.foreign_minor) from order_lines l where l.order_id = o.id and l.currency_code = n.currency_code)
            as ordered_minor
        from order_notes n join orders o on o.id = n.order_id
        where n.order_id = ${orderId}
        order by n.currency_code, n.denomination_minor desc`,
  );
  const byCurrency = new Map<string, OrderNotes>();
  for (const row of rows) {
    let entry = byCurrency.get(row.currency_code);
    if (!entry) {
      entry = {
        currency: row.currency_code,
        orderedMinor: Number(row.ordered_minor),
        notes: [],
        totalMinor: 0,
        state:
          row.way === "Sell"
            ? "received"
            : row.status === "completed"
              ? "handed_over"
              : row.status === "cancelled" || row.status === "expired"
                ? "released"
                : "reserved",
      };
      byCurrency.set(row.currency_code, entry);
    }
    const valueMinor = Number(row.denomination_minor);
    entry.notes.push({ valueMinor, count: row.count });
    entry.totalMinor += valueMinor * row.count;
  }
  return [...byCurrency.values()];
}
