import { eq, type SQL, sql } from "drizzle-orm";
import type { OrderList } from "@bureau/domain/contracts/dashboard";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { orderPageWithLines } from "../../lib/order-queries.ts";

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
  const { page, nextCursor } = await orderPageWithLines(db, { conditions, after, limit });
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
      fx: r.lines,
      branch: r.branch,
      createdAt: r.createdAt.toISOString(),
      holdReason: r.holdClearedAt ? null : r.holdReason,
      enhancedDueDiligence: r.enhancedDueDiligence,
    })),
    nextCursor,
  };
}
