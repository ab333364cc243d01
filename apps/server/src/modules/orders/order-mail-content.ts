import { eq } from "drizzle-orm";
import { summariseOpeningHours } from "@bureau/domain/opening-hours";
import { collectionDeadline } from "@bureau/domain/collection-deadline";
import type { OrderExpiry } from "@bureau/domain/order-lifecycle";
import type { Db } from "../../db/client.ts";
import { branches, orders } from "../../db/schema.ts";
import type { OrderMailContent } from "../mail/index.ts";
import { collectionPassPng } from "./collection-pass.ts";
import type { OrderLinks } from "./order-links.ts";
import { loadOrderReceipt } from "./order-receipt.ts";

/**
 * What an order e-mail shows of the order as stored now (mail's loader of the order kinds), with its
 * branch's hours and its collect-by date under the expiry rule in force; null when gone.
 */
export async function loadOrderMail(
  db: Db,
  orderId: string,
  { links, expiry }: { links: OrderLinks; expiry: OrderExpiry },
): Promise<OrderMailContent | null> {
  const receipt = await loadOrderReceipt(db, orderId);
  if (!receipt) return null;
  const [[branch], [times]] = await Promise.all([
    db.select().from(branches).where(eq(branches.key, receipt.branch.key)),
    db
      .select({ status: orders.status, createdAt: orders.createdAt, acceptedAt: orders.acceptedAt })
      .from(orders)
      .where(eq(orders.id, orderId)),
  ]);
  return {
    receipt,
    openingHours: summariseOpeningHours(branch?.hours ?? []),
    deadline: times ? collectionDeadline(times, expiry) : null,
    orderUrl: links.urlFor(orderId),
    collectionPassPng: () => collectionPassPng({ links, orderId }),
  };
}
