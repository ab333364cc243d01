import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { allowedTransitions } from "@bureau/domain/order-lifecycle";
import { amendmentSummary } from "@bureau/domain/placement/amend-order";
import { trimDecimal } from "@bureau/domain/pricing";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderHandovers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { loadOrderNotes } from "../stock/index.ts";
import { coveringDueDiligence, customerDueDiligenceOf } from "../compliance/index.ts";
import { linkedTotals } from "../compliance/index.ts";
import { riskFlagsOf } from "../compliance/index.ts";
import { suspicionReportsOfOrder } from "../compliance/index.ts";
import { reversalsOfOrder } from "../reversals/index.ts";
import { screeningsOfOrder } from "../sanctions/index.ts";
import { branchSummary, loadOrderRows, toOrderLine } from "./order-receipt.ts";
import { amendmentsOf } from "./track-order.ts";

/**
 * Everything staff see on the order details page, with its timeline and what may be done next; its
 * suspicion reports only for an MLRO (docs/features/risk-flags-and-suspicion-reports.md).
 */
export async function getOrderDetails({
  db,
  orderId,
  viewerIsMlro = false,
  viewerMayClearHolds = false,
}: {
  db: Db;
  orderId: string;
  viewerIsMlro?: boolean;
  /** Whether the viewer may clear a hold (the permission matrix's compliance.work): the page shows the clearing form to them only. */
  viewerMayClearHolds?: boolean;
}): Promise<OrderDetails> {
  const [rows, notes, totals, flags, screenings, reports, [handover], reversals, amendments] = await Promise.all([
    loadOrderRows(db, orderId),
    loadOrderNotes(db, orderId),
    linkedTotals(db, { orderId, throughOrder: true }),
    riskFlagsOf(db, [orderId]),
    screeningsOfOrder(db, orderId),
    viewerIsMlro ? suspicionReportsOfOrder(db, orderId) : null,
    db.select().from(orderHandovers).where(eq(orderHandovers.orderId, orderId)),
    reversalsOfOrder(db, orderId),
    amendmentsOf(db, orderId),
  ]);
  if (!rows) throw new AppError("not_found", "There is no such order.");
  const { order, branch, lines } = rows;
  const [clearedWith, covering] = await Promise.all([
    order.holdClearedAt && order.holdClearedDueDiligenceId
      ? customerDueDiligenceOf(db, order.holdClearedDueDiligenceId)
      : null,
    coveringDueDiligence(db, order),
  ]);
  const timeline = orderTimeline(order, handover, reversals, amendments);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    way: order.way,
    status: order.status,
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phone: order.phone,
    branch: branchSummary(branch),
    lines: lines.map((line) => ({ ...toOrderLine(line), marketRate: trimDecimal(line.marketRate) })),
    totalGbpMinor: order.totalGbpMinor,
    buybackFeeMinor: order.buybackFeeMinor,
    timeline,
    handover: handover ? handoverView(handover) : null,
    channel: order.channel,
    allowedTransitions: allowedTransitions(order.status, order.channel),
    notes,
    reversedAt: order.reversedAt?.toISOString() ?? null,
    reversals,
    compliance: {
      linkedTotals: totals,
      enhancedDueDiligence: order.enhancedDueDiligence,
      hold: order.holdReason
        ? {
            reason: order.holdReason,
            heldAt: order.heldAt?.toISOString() ?? null,
            clearedAt: order.holdClearedAt?.toISOString() ?? null,
            clearedBy: order.holdClearedBy,
            clearReason: order.holdClearReason,
            dueDiligence: clearedWith,
            viewerMayClear: viewerMayClearHolds,
          }
        : null,
      customerDueDiligence: covering,
      handover:
        order.customerAddress && order.customerDateOfBirth
          ? { address: order.customerAddress, dateOfBirth: order.customerDateOfBirth }
          : null,
      riskFlags: flags.get(orderId) ?? [],
      screenings,
      suspicionReports: reports,
    },
  };
}

/** The order's events, oldest first: its states, the handover, the customer's amendments, reversals. */
function orderTimeline(
  order: NonNullable<Awaited<ReturnType<typeof loadOrderRows>>>["order"],
  handover: typeof orderHandovers.$inferSelect | undefined,
  reversals: OrderDetails["reversals"],
  amendments: Awaited<ReturnType<typeof amendmentsOf>>,
): OrderDetails["timeline"] {
  const timeline: OrderDetails["timeline"] = [{ event: "created", at: order.createdAt.toISOString(), by: null }];
  // Amended by the customer on the order page (docs/features/amend-order.md); the audit log has the figures.
  for (const { at, before, after } of amendments) {
    timeline.push({ event: "amended", at: at.toISOString(), by: "Customer", detail: amendmentSummary(before, after) });
  }
  if (order.acceptedAt) timeline.push({ event: "accepted", at: order.acceptedAt.toISOString(), by: order.acceptedBy });
  // The handover is recorded in the completion's own transaction: the same moment, told first.
  if (handover) timeline.push({ event: "handover", at: handover.recordedAt.toISOString(), by: handover.recordedBy });
  if (order.completedAt)
    timeline.push({ event: "completed", at: order.completedAt.toISOString(), by: order.completedBy });
  if (order.cancelledAt)
    timeline.push({ event: "cancelled", at: order.cancelledAt.toISOString(), by: order.cancelledBy });
  if (order.expiredAt) timeline.push({ event: "expired", at: order.expiredAt.toISOString(), by: null });
  if (order.archivedAt) timeline.push({ event: "archived", at: order.archivedAt.toISOString(), by: order.archivedBy });
  if (order.anonymisedAt) timeline.push({ event: "anonymised", at: order.anonymisedAt.toISOString(), by: null });
  timeline.push(...reversalTimeline(reversals));
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return timeline;
}

/** What was recorded at the counter, as the details page shows it. */
function handoverView(handover: typeof orderHandovers.$inferSelect): NonNullable<OrderDetails["handover"]> {
  return {
    idType: handover.idType,
    idNumberLast4: handover.idNumberLast4,
    idExpiresOn: handover.idExpiresOn,
    cardMatchesName: handover.cardMatchesName,
    received: handover.received,
    differenceReason: handover.differenceReason,
    gbpMinor: handover.gbpMinor,
    paymentMethod: handover.paymentMethod,
    recordedAt: handover.recordedAt.toISOString(),
    recordedBy: handover.recordedBy,
  };
}

/** A reversal's steps in the order's timeline: asked for, then approved (the order reversed) or refused. */
function reversalTimeline(reversals: OrderDetails["reversals"]): OrderDetails["timeline"] {
  return reversals.flatMap((reversal) => [
    { event: "reversal_requested" as const, at: reversal.requestedAt, by: reversal.requestedBy },
    ...(reversal.decidedAt
      ? [
          {
            event: reversal.status === "approved" ? ("reversed" as const) : ("reversal_refused" as const),
            at: reversal.decidedAt,
            by: reversal.decidedBy,
          },
        ]
      : []),
  ]);
}
