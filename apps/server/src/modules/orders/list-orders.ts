import { and, eq, type SQL, sql } from "drizzle-orm";
import type { OrderList } from "@bureau/domain/contracts/dashboard";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { keysetPage } from "../../lib/keyset-cursor.ts";
import { currencyLinesOf } from "../../lib/order-line-summaries.ts";
import { newestOrdersFirst, ordersBefore } from "../../lib/order-queries.ts";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a search box entry means, decided by its shape so that every kind uses an index:
 * 8 digits = order number, an @ = e-mail prefix, digits and phone punctuation = phone prefix,
 * anything else = name prefix (first name or last name).
 */
export function searchCondition(q: string): SQL {
  const text = q.trim();
  if (/^\d{8}$/.test(text)) return eq(orders.orderNumber, text);
  if (text.includes("@")) return sql`lower(${orders.email}) like ${`${escapeLike(text.toLowerCase())}%`}`;
  const digits = text.replace(/\D/g, "");
  if (/^[+\d\s()-]+$/.test(text) && digits.length >= 3) {
    return sql`regexp_replace(${orders.phone}, '\\D', '', 'g') like ${`${digits}%`}`;
  }
  const prefix = `${escapeLike(text.toLowerCase())}%`;
  return sql`(lower(${orders.firstName} || ' ' || ${orders.lastName}) like ${prefix} or lower(${orders.lastName}) like ${prefix})`;
}

/** One page of a staff order list, newest first, keyset-paged on (created_at, id). */
export async function listOrders({
  db,
  status,
  q,
  after,
  limit,
}: {
  db: Db;
  status: OrderStatus;
  q?: string | undefined;
  after?: string | undefined;
  limit: number;
}): Promise<OrderList> {
  const conditions: SQL[] = [eq(orders.status, status)];
  if (q && q.trim() !== "") conditions.push(searchCondition(q));
  if (after) conditions.push(ordersBefore(after));
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
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(...newestOrdersFirst)
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit);
  const fxByOrder = await currencyLinesOf(
    db,
    page.map((r) => r.id),
  );
  return {
    orders: page.map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
      phone: r.phone,
      way: r.way,
      status: r.status,
      totalGbpMinor: r.totalGbpMinor,
      fx: fxByOrder.get(r.id) ?? [],
      branch: r.branch,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
