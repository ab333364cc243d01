import { type SQL, sql } from "drizzle-orm";

/**
 * The ids of the orders linked to one order as one customer (docs/decisions/018-due-diligence-tiers.md):
 * by the normalised e-mail, the normalised phone or the account, placed after `window` before it (an
 * interval expression, e.g. sql`interval '12 months'`), and the order itself. Each link is one index range
 * scan of (key, created_at). Used by the linked totals and by the risk flags, so both see one customer.
 */
export function linkedOrderIds(orderId: string, window: SQL): SQL {
  return sql`select o.id from orders o, orders me
      where me.id = ${orderId} and o.email_key = me.email_key and o.created_at > me.created_at - ${window}
    union
    select o.id from orders o, orders me
      where me.id = ${orderId} and o.phone_key = me.phone_key and o.created_at > me.created_at - ${window}
    union
    select o.id from orders o, orders me
      where me.id = ${orderId} and o.user_id = me.user_id and o.created_at > me.created_at - ${window}
    union
    select ${orderId}::uuid`;
}
