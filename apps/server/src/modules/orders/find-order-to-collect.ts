import { isOrderNumber } from "@bureau/domain/order-number";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { OrderLinks } from "./order-links.ts";

/**
 * The order staff are handing over at the counter, from a scanned collection pass (its token, or the
 * whole scanned address) or a typed order number. A pass not signed by us is refused as not valid; a
 * number with no order is not found.
 */
export async function findOrderToCollect({
  db,
  links,
  pass,
  orderNumber,
}: {
  db: Db;
  links: OrderLinks;
  pass?: string | undefined;
  orderNumber?: string | undefined;
}): Promise<{ id: string; orderNumber: string }> {
  if (pass !== undefined) {
    // A scanner gives the whole address; the token is its last path segment.
    const token = pass.trim().split(/[?#]/)[0]?.split("/").pop() ?? "";
    const orderId = links.orderIdOfCollectionPass(token);
    if (!orderId)
      throw new AppError("validation_failed", "This is not a valid collection pass.", { pass: "Not valid" });
    const [order] = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw new AppError("not_found", "There is no order for this collection pass.");
    return order;
  }
  const number = (orderNumber ?? "").replace(/\s+/g, "");
  if (!isOrderNumber(number)) {
    throw new AppError("validation_failed", "An order number has 8 digits.", {
      orderNumber: "An order number has 8 digits.",
    });
  }
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.orderNumber, number));
  if (!order)
    throw new AppError("not_found", `There is no order ${number}.`, { orderNumber: `There is no order ${number}.` });
  return order;
}
