import type { Way } from "./constants.ts";
import type { OrderDetails } from "./contracts/dashboard.ts";
import { ID_DOCUMENT_LABELS } from "./handover.ts";

/**
 * The customer's receipt of an order, printed at the counter from the staff order page (docs/features/customer-receipt-and-compliance-record.md).
 *
 * It is built from the staff view of the order by picking what the customer may be handed, field by
 * field, never by leaving things out: the risk flags, the sanctions screenings, a hold and its reason
 * and the MLRO's suspicion reports are in that view, and telling a customer of them can be tipping off
 * (Proceeds of Crime Act 2002 s.333A). A field added to the staff view stays off the receipt until it
 * is picked here.
 */
export type CustomerReceipt = {
  orderNumber: string;
  way: Way;
  status: OrderDetails["status"];
  customerName: string;
  branch: { name: string; addressLines: string[]; postcode: string; phone: string };
  placedAt: string;
  /** When the currency and the sterling changed hands at the counter; null before. */
  handedOverAt: string | null;
  /** The kind of ID the customer showed at the handover ("Passport"); null before. */
  idType: string | null;
  lines: CustomerReceiptLine[];
  /** Click & Sell after the handover: the currency the customer brought, per currency; null otherwise. */
  received: { currency: string; receivedMinor: number }[] | null;
  /** The sterling the customer paid (Click & Collect) or was paid (Click & Sell): as settled once handed over. */
  sterlingMinor: number;
};

export type CustomerReceiptLine = {
  position: number;
  currency: string;
  label: string;
  rate: string;
  foreignMinor: number;
  gbpMinor: number;
  /** What of the line's sterling the notes could not make, given back in sterling; 0 when none. */
  sterlingBackMinor: number;
};

/** What of an order goes on the customer's receipt (see CustomerReceipt). */
export function customerReceiptOf(order: OrderDetails): CustomerReceipt {
  const placed = order.timeline.find((entry) => entry.event === "created");
  const { handover } = order;
  return {
    orderNumber: order.orderNumber,
    way: order.way,
    status: order.status,
    customerName: `${order.firstName} ${order.lastName}`.trim(),
    branch: {
      name: order.branch.name,
      addressLines: [...order.branch.addressLines],
      postcode: order.branch.postcode,
      phone: order.branch.phone,
    },
    placedAt: placed?.at ?? "",
    handedOverAt: handover?.recordedAt ?? null,
    idType: handover?.idType ? ID_DOCUMENT_LABELS[handover.idType] : null,
    lines: order.lines.map((line) => ({
      position: line.position,
      currency: line.currency,
      label: line.label,
      rate: line.rate,
      foreignMinor: line.foreignMinor,
      gbpMinor: line.gbpMinor,
      sterlingBackMinor: line.sterlingBackMinor,
    })),
    received: handover?.received
      ? handover.received.map((entry) => ({ currency: entry.currency, receivedMinor: entry.receivedMinor }))
      : null,
    sterlingMinor: handover ? handover.gbpMinor : order.totalGbpMinor,
  };
}
