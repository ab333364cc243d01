import type { MyOrders } from "@bureau/domain/contracts/tracking";
import { DEFAULT_DISPLAY_TIME_ZONE } from "@bureau/domain/dates";
import { guaranteeLines } from "../buyback/index.ts";
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
  timeZone = DEFAULT_DISPLAY_TIME_ZONE,
  now = new Date(),
}: {
  db: Db;
  links: OrderLinks;
  email: string;
  after?: string | undefined;
  limit: number;
  /** The bureau's zone (DISPLAY_TIME_ZONE): the buy-back guarantee's end date. */
  timeZone?: string;
  now?: Date;
}): Promise<MyOrders> {
  const { page, nextCursor } = await orderPageWithLines(db, { conditions: [placedWithEmail(email)], after, limit });
  const guarantees = await guaranteeLines(
    db,
    page.filter((r) => r.way === "Order").map((r) => r.id),
    now,
    timeZone,
  );
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
      ...(guarantees.has(r.id) ? { buyback: guarantees.get(r.id) } : {}),
    })),
    nextCursor,
  };
}
