import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { branches } from "../../db/schema.ts";
import type { OrderMailContent } from "../mail/index.ts";
import { collectionPassPng } from "./collection-pass.ts";
import type { OrderLinks } from "./order-links.ts";
import { loadOrderReceipt } from "./order-receipt.ts";

/** What an order e-mail shows of the order as stored now (mail's loader of the order kinds); null when gone. */
export async function loadOrderMail(db: Db, orderId: string, links: OrderLinks): Promise<OrderMailContent | null> {
  const receipt = await loadOrderReceipt(db, orderId);
  if (!receipt) return null;
  const [branch] = await db.select().from(branches).where(eq(branches.key, receipt.branch.key));
  return {
    receipt,
    openingHours: (branch?.hours ?? []).map((h) => `${h.day} ${h.opens}–${h.closes}`),
    orderUrl: links.urlFor(orderId),
    collectionPassPng: () => collectionPassPng({ links, orderId }),
  };
}
