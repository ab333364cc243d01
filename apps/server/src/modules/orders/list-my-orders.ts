import { and, type SQL } from "drizzle-orm";
import type { MyOrders } from "@bureau/domain/contracts/tracking";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { keysetPage } from "../../lib/keyset-cursor.ts";
import { currencyLinesOf } from "../../lib/order-line-summaries.ts";
import { newestOrdersFirst, ordersBefore, placedWithEmail } from "../../lib/order-queries.ts";
import type { OrderLinks } from "./order-links.ts";

/**
 * "My orders": every order placed with this e-mail (any letter case, before or after the account
 * existed), newest first, keyset-paged on (created_at, id). The caller has checked that the address is
 * the signed-in customer's own verified one.
 */
export async function listMyOrders({
  db,
  links,
  email,
  after,
  limit,
}: {
  db: Db;
  links: OrderLinks;
  email: string;
  after?: string | undefined;
  limit: number;
}): Promise<MyOrders> {
  const conditions: SQL[] = [placedWithEmail(email)];
  if (after) conditions.push(ordersBefore(after));
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      way: orders.way,
      status: orders.status,
      totalGbpMinor: orders.totalGbpMinor,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(...newestOrdersFirst)
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit);
  const linesByOrder = await currencyLinesOf(
    db,
    page.map((r) => r.id),
  );
  return {
    orders: page.map((r) => ({
      orderNumber: r.orderNumber,
      placedAt: r.createdAt.toISOString(),
      way: r.way,
      status: r.status,
      lines: linesByOrder.get(r.id) ?? [],
      totalGbpMinor: r.totalGbpMinor,
      href: `/track/${links.tokenFor(r.id)}`,
    })),
    nextCursor,
  };
}
