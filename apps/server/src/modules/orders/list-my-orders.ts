import type { MyOrders } from "@bureau/domain/contracts/tracking";
import type { Db } from "../../db/client.ts";
import { orderPageWithLines, placedWithEmail } from "./order-queries.ts";
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
  const { page, nextCursor } = await orderPageWithLines(db, { conditions: [placedWithEmail(email)], after, limit });
  return {
    orders: page.map((r) => ({
      orderNumber: r.orderNumber,
      placedAt: r.createdAt.toISOString(),
      way: r.way,
      status: r.status,
      // Held for any reason, the customer sees the same neutral words (docs/features/risk-flags-and-suspicion-reports.md).
      additionalChecks: r.holdReason !== null && r.holdClearedAt === null,
      lines: r.lines,
      totalGbpMinor: r.totalGbpMinor,
      href: `/track/${links.tokenFor(r.id)}`,
    })),
    nextCursor,
  };
}
