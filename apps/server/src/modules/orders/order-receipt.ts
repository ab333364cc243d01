import { asc, eq } from "drizzle-orm";
import type { OrderReceipt } from "@bureau/domain/contracts/orders";
import type { Db, Tx } from "../../db/client.ts";
import { branches, currencies, orderLines, orders } from "../../db/schema.ts";
import { toRate4 } from "../currencies/list-currencies.ts";

/** What the customer's confirmation (and the order e-mail) shows of an order. */
export async function loadOrderReceipt(db: Db | Tx, orderId: string): Promise<OrderReceipt | null> {
  const [row] = await db
    .select({ order: orders, branch: branches })
    .from(orders)
    .innerJoin(branches, eq(branches.key, orders.branchKey))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = await db
    .select({ line: orderLines, label: currencies.label })
    .from(orderLines)
    .innerJoin(currencies, eq(currencies.code, orderLines.currencyCode))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const { order, branch } = row;
  return {
    orderNumber: order.orderNumber,
    way: order.way,
    status: order.status,
    fullName: `${order.firstName} ${order.lastName}`,
    email: order.email,
    phone: order.phone,
    branch: {
      key: branch.key,
      name: branch.name,
      addressLines: branch.addressLines,
      postcode: branch.postcode,
      phone: branch.phone,
    },
    lines: lines.map(({ line, label }) => ({
      position: line.position,
      currency: line.currencyCode,
      label,
      rate: toRate4(line.rate),
      gbpMinor: line.gbpMinor,
      foreignMinor: line.foreignMinor,
    })),
    totalGbpMinor: order.totalGbpMinor,
    createdAt: order.createdAt.toISOString(),
  };
}
