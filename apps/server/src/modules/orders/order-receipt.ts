import { asc, eq } from "drizzle-orm";
import type { OrderReceipt } from "@bureau/domain/contracts/orders";
import type { Db, Tx } from "../../db/client.ts";
import { branches, currencies, orderLines, orders } from "../../db/schema.ts";
import { formatRate } from "@bureau/domain/pricing";

/** An order with its branch and its lines (each with its currency's label), as stored; null when missing. */
export async function loadOrderRows(db: Db | Tx, orderId: string) {
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
  return { ...row, lines: lines.map(({ line, label }) => ({ ...line, label })) };
}

/** What the customer's confirmation (and the order e-mail) shows of an order. */
export async function loadOrderReceipt(db: Db | Tx, orderId: string): Promise<OrderReceipt | null> {
  const rows = await loadOrderRows(db, orderId);
  return rows && toOrderReceipt(rows.order, rows.branch, rows.lines);
}

type ReceiptLine = Pick<
  typeof orderLines.$inferSelect,
  "position" | "currencyCode" | "rate" | "gbpMinor" | "foreignMinor" | "sterlingBackMinor"
> & {
  label: string;
};

/** One stored line as every answer shows it (the receipt, the e-mails, the staff details). */
export function toOrderLine(line: ReceiptLine): OrderReceipt["lines"][number] {
  return {
    position: line.position,
    currency: line.currencyCode,
    label: line.label,
    rate: formatRate(line.rate),
    gbpMinor: line.gbpMinor,
    foreignMinor: line.foreignMinor,
    sterlingBackMinor: line.sterlingBackMinor,
  };
}

/** The receipt of an order from its rows: one shape for the confirmation, the e-mails and the API. */
export function toOrderReceipt(
  order: Pick<
    typeof orders.$inferSelect,
    "orderNumber" | "way" | "status" | "firstName" | "lastName" | "email" | "phone" | "totalGbpMinor" | "createdAt"
  >,
  branch: BranchSummaryFields,
  lines: ReceiptLine[],
): OrderReceipt {
  return {
    orderNumber: order.orderNumber,
    way: order.way,
    status: order.status,
    fullName: `${order.firstName} ${order.lastName}`,
    email: order.email,
    phone: order.phone,
    branch: branchSummary(branch),
    lines: lines.map(toOrderLine),
    totalGbpMinor: order.totalGbpMinor,
    createdAt: order.createdAt.toISOString(),
  };
}

type BranchSummaryFields = Pick<typeof branches.$inferSelect, "key" | "name" | "addressLines" | "postcode" | "phone">;

export function branchSummary(branch: BranchSummaryFields) {
  return {
    key: branch.key,
    name: branch.name,
    addressLines: branch.addressLines,
    postcode: branch.postcode,
    phone: branch.phone,
  };
}
