import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderLines } from "../../db/schema.ts";

/** Each order's lines as currency and foreign amount, in line order: the summary the order lists show. */
export async function currencyLinesOf(
  db: Db,
  orderIds: string[],
): Promise<Map<string, { currency: string; foreignMinor: number }[]>> {
  const byOrder = new Map<string, { currency: string; foreignMinor: number }[]>();
  if (orderIds.length === 0) return byOrder;
  const lines = await db
    .select({ orderId: orderLines.orderId, currency: orderLines.currencyCode, foreignMinor: orderLines.foreignMinor })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({ currency: line.currency, foreignMinor: line.foreignMinor });
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}
