import { isOrderNumber } from "@bureau/domain/order-number";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { OrderFilters } from "@bureau/domain/contracts/dashboard";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { onDisplayDays } from "../../lib/display-day-range.ts";
import { decodeKeysetCursor, isUuid, keysetPage } from "../../lib/keyset-cursor.ts";
import { currencyLinesOf } from "./order-line-summaries.ts";

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a search box entry means, decided by its shape so that every kind uses an index:
 * 8 digits = order number, an @ = e-mail prefix, digits and phone punctuation = phone prefix,
 * anything else = name prefix (first name or last name).
 */
function searchCondition(q: string): SQL {
  const text = q.trim();
  if (isOrderNumber(text)) return eq(orders.orderNumber, text);
  if (text.includes("@")) return sql`lower(${orders.email}) like ${`${escapeLike(text.toLowerCase())}%`}`;
  const digits = text.replace(/\D/g, "");
  if (/^[+\d\s()-]+$/.test(text) && digits.length >= 3) {
    return sql`regexp_replace(${orders.phone}, '\\D', '', 'g') like ${`${digits}%`}`;
  }
  const prefix = `${escapeLike(text.toLowerCase())}%`;
  return sql`(lower(${orders.firstName} || ' ' || ${orders.lastName}) like ${prefix} or lower(${orders.lastName}) like ${prefix})`;
}

/** The conditions of a staff list's or the export's filters; from/to are days placed in `timeZone` (DISPLAY_TIME_ZONE). */
/**
 * The conditions of the staff lists' filters; `branchScope` (a cashier's or a manager's branches,
 * null for all) narrows every list and export to the branches the person works at.
 */
export function orderFilterConditions(
  filters: OrderFilters,
  timeZone: string,
  branchScope: readonly string[] | null = null,
): SQL[] {
  const conditions: SQL[] = [];
  if (branchScope) conditions.push(inArray(orders.branchKey, [...branchScope]));
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.q && filters.q.trim() !== "") conditions.push(searchCondition(filters.q));
  if (filters.branch) conditions.push(eq(orders.branchKey, filters.branch));
  if (filters.way) conditions.push(eq(orders.way, filters.way));
  conditions.push(...onDisplayDays(orders.createdAt, filters, timeZone));
  return conditions;
}

/**
 * One page of the orders matching `conditions`, newest first after the cursor `after`, each with its
 * currency lines: the one query behind the staff order lists and a customer's "My orders", which differ
 * only in which orders they match and which columns they show.
 */
export async function orderPageWithLines(
  db: Db,
  { conditions, after, limit }: { conditions: SQL[]; after?: string | undefined; limit: number },
) {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      way: orders.way,
      status: orders.status,
      totalGbpMinor: orders.totalGbpMinor,
      branch: orders.branchKey,
      createdAt: orders.createdAt,
      // Due diligence (docs/features/due-diligence-tiers.md): the staff lists show the hold and the enhanced flag.
      holdReason: orders.holdReason,
      holdClearedAt: orders.holdClearedAt,
      enhancedDueDiligence: orders.enhancedDueDiligence,
      archivedAt: orders.archivedAt,
      channel: orders.channel,
      reversedAt: orders.reversedAt,
    })
    .from(orders)
    .where(and(...conditions, ...(after ? [ordersBefore(after)] : [])))
    .orderBy(...newestOrdersFirst)
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit);
  const linesByOrder = await currencyLinesOf(
    db,
    page.map((r) => r.id),
  );
  return { page: page.map((r) => ({ ...r, lines: linesByOrder.get(r.id) ?? [] })), nextCursor };
}

/** The branch an order is collected at or sold back to, or null when there is no such order. */
export async function branchOfOrder(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ branch: orders.branchKey }).from(orders).where(eq(orders.id, orderId));
  return row?.branch ?? null;
}
