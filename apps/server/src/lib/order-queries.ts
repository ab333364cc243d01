import { eq, type SQL, sql } from "drizzle-orm";
import { orders } from "../db/schema.ts";
import { decodeKeysetCursor, isUuid } from "./keyset-cursor.ts";

/**
 * Newest orders first, spelled as the indexes are (DESC NULLS LAST) so that PostgreSQL walks them in
 * order and stops after one page; plain DESC means NULLS FIRST and would sort every match.
 */
export const newestOrdersFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/** The orders after a page's cursor in `newestOrdersFirst` order; a cursor that is not ours answers 400. */
export function ordersBefore(after: string): SQL {
  const cursor = decodeKeysetCursor(after, isUuid);
  return sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

/** The orders placed with this e-mail address, in any letter case (the lower(email) index). */
export const placedWithEmail = (email: string): SQL => eq(sql`lower(${orders.email})`, email.trim().toLowerCase());
