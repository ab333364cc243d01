import { and, eq, type SQL, sql } from "drizzle-orm";
import type { CustomerPrefill, MyOrders } from "@bureau/domain/contracts/tracking";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { decodeKeysetCursor, encodeKeysetCursor } from "../../lib/keyset-cursor.ts";
import { currencyLinesOf, isUuid } from "./list-orders.ts";
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
  const conditions: SQL[] = [eq(sql`lower(${orders.email})`, email.trim().toLowerCase())];
  if (after) {
    const cursor = decodeKeysetCursor(after, isUuid);
    conditions.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
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
    .orderBy(sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const linesByOrder = await currencyLinesOf(
    db,
    page.map((r) => r.id),
  );
  const last = page.at(-1);
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
    nextCursor: rows.length > limit && last ? encodeKeysetCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/**
 * The details order step 2 starts from for a signed-in customer. The name and phone of the latest order
 * placed with the address are offered only when the address is verified (they are whoever used it);
 * otherwise the display name, split at its first space, and no phone.
 */
export async function customerPrefill({
  db,
  user,
}: {
  db: Db;
  user: { email: string; name: string; emailVerified: boolean };
}): Promise<CustomerPrefill> {
  if (user.emailVerified) {
    const [latest] = await db
      .select({ firstName: orders.firstName, lastName: orders.lastName, phone: orders.phone })
      .from(orders)
      .where(eq(sql`lower(${orders.email})`, user.email.trim().toLowerCase()))
      .orderBy(sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`)
      .limit(1);
    if (latest) return { ...latest, email: user.email };
  }
  const name = user.name.trim();
  const space = name.indexOf(" ");
  return {
    firstName: space < 0 ? name : name.slice(0, space),
    lastName: space < 0 ? "" : name.slice(space + 1).trim(),
    email: user.email,
    phone: "",
  };
}
