import { type SQL, sql } from "drizzle-orm";

/** The window of the linked totals and of the other names on a customer's contact details. */
export const TWELVE_MONTHS = sql`interval '12 months'`;

/**
 * The orders linked to one order as one customer (docs/features/due-diligence-tiers.md): by the
 * normalised e-mail, the normalised phone, the account or the ID document shown (identity-key.ts), placed after the widest of `windows` before it
 * (interval literals such as `TWELVE_MONTHS`), and the order itself. There is no upper bound:
 * orders placed later count too (callers that want the order's own past filter on `created_at`).
 *
 * Each linked order is one row, however many links it shares, and its row is read once: one bitmap scan
 * of the three (key, created_at) indexes and the primary key, one visit per linked order. (The linked ids
 * were first unioned from three index scans, then each id's row looked up again by primary key, and the
 * risk flags did it all a second time: about six row visits per linked order.)
 *
 * Columns, for the callers' windows and filters: the linked order's `id`, `way`, `total_gbp_minor`,
 * `status`, `created_at`, `order_number`, `name` (first and last), `is_me` (the order itself), `by_email`
 * and `by_phone` (which links it shares: true, false or null), and the order's own `me_created_at`. Used
 * by the linked totals and by the risk flags (as a common table expression each reads as often as it
 * needs), so that all of them see one customer.
 */
export function linkedOrders(orderId: string, windows: readonly [SQL, ...SQL[]]): SQL {
  const since = sinceOf(windows);
  return sql`select o.id, o.way, o.total_gbp_minor, o.status, o.created_at, o.order_number,
        o.first_name || ' ' || o.last_name as name, o.id = me.id as is_me,
        o.email_key = me.email_key as by_email, o.phone_key = me.phone_key as by_phone,
        me.created_at as me_created_at
      from orders me join orders o on
        (o.email_key = me.email_key and o.created_at > ${since})
        or (o.phone_key = me.phone_key and o.created_at > ${since})
        or (o.user_id = me.user_id and o.created_at > ${since})
        or (o.id_key = me.id_key and o.created_at > ${since})
        or o.id = me.id
      where me.id = ${orderId}`;
}

/** The earliest `created_at` the widest of `windows` reaches before the order `me`. */
function sinceOf(windows: readonly [SQL, ...SQL[]]): SQL {
  return windows.length === 1
    ? sql`me.created_at - ${windows[0]}`
    : sql`least(${sql.join(
        windows.map((window) => sql`me.created_at - ${window}`),
        sql`, `,
      )})`;
}
