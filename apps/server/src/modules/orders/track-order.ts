import { and, asc, eq, sql } from "drizzle-orm";
import { amendable } from "@bureau/domain/placement/amend-order";
import type { TrackedOrder } from "@bureau/domain/contracts/tracking";
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  cancelRefusal,
  customerMayCancel,
  isOrderOpen,
  ORDER_NOT_FOUND_MESSAGE,
} from "@bureau/domain/order-tracking";
import { collectionDeadline } from "@bureau/domain/collection-deadline";
import type { OrderExpiry } from "@bureau/domain/order-lifecycle";
import type { AmendmentSide } from "@bureau/domain/placement/amend-order";
import { weekdayIn } from "@bureau/domain/opening-hours";
import type { Db } from "../../db/client.ts";
import { guaranteeView } from "../buyback/index.ts";
import { orderAmendments, orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { OrderLinks } from "./order-links.ts";
import { loadOrderRows, toOrderReceipt } from "./order-receipt.ts";
import { transitionOrder } from "./transition-order.ts";

export const ORDER_LINK_INVALID_MESSAGE =
  "This order link is not valid. Please find your order with its number and e-mail.";
export const ORDER_LINK_EXPIRED_MESSAGE =
  "This link has expired because the order is closed. You can still find the order with its number and e-mail.";

/**
 * What the order page needs besides the order: its signed links, the expiry rule its deadline comes from,
 * and the bureau's display zone (DISPLAY_TIME_ZONE), whose weekday picks the branch's hours for today.
 */
export type TrackingContext = { links: OrderLinks; expiry: OrderExpiry; timeZone: string; now?: Date };

/** The customer's view of an order: its state, lines, deadline, branch with opening hours, and its timeline. */
export async function loadTrackedOrder(
  db: Db,
  { links, expiry, timeZone, now = new Date() }: TrackingContext,
  orderId: string,
): Promise<TrackedOrder | null> {
  const [rows, amendments] = await Promise.all([loadOrderRows(db, orderId), amendmentsOf(db, orderId)]);
  if (!rows) return null;
  const { order, branch, lines } = rows;
  const timeline: TrackedOrder["timeline"] = [{ event: "placed", at: order.createdAt.toISOString() }];
  for (const { at } of amendments) timeline.push({ event: "amended", at: at.toISOString() });
  if (order.acceptedAt) timeline.push({ event: "accepted", at: order.acceptedAt.toISOString() });
  if (order.completedAt) timeline.push({ event: "completed", at: order.completedAt.toISOString() });
  if (order.cancelledAt) timeline.push({ event: "cancelled", at: order.cancelledAt.toISOString() });
  if (order.expiredAt) timeline.push({ event: "expired", at: order.expiredAt.toISOString() });
  // The receipt's shape for what the customer already saw on the confirmation; nothing more of the row.
  const receipt = toOrderReceipt(order, branch, lines);
  return {
    orderNumber: receipt.orderNumber,
    way: receipt.way,
    status: receipt.status,
    // Held for any reason, the customer sees the same neutral words (docs/features/risk-flags-and-suspicion-reports.md).
    additionalChecks: order.holdReason !== null && order.holdClearedAt === null,
    fullName: receipt.fullName,
    email: receipt.email,
    phone: receipt.phone,
    branch: { ...receipt.branch, hours: branch.hours, today: weekdayIn(timeZone, now) },
    deadline: deadlineOf(order, expiry),
    lines: receipt.lines,
    totalGbpMinor: receipt.totalGbpMinor,
    timeline,
    canCancel: customerMayCancel(order.status),
    canAmend: amendable({ ...order, guaranteedSale: order.buybackOfOrderId !== null }),
    accessToken: links.tokenFor(order.id),
    ...(order.buybackDays !== null ? { buyback: (await guaranteeView(db, order.id, now, timeZone)) ?? undefined } : {}),
  };
}

/** The order's amendments by its customer (docs/features/amend-order.md), oldest first. */
export async function amendmentsOf(
  db: Db,
  orderId: string,
): Promise<{ at: Date; before: AmendmentSide; after: AmendmentSide }[]> {
  const rows = await db
    .select({ at: orderAmendments.amendedAt, before: orderAmendments.before, after: orderAmendments.after })
    .from(orderAmendments)
    .where(eq(orderAmendments.orderId, orderId))
    .orderBy(asc(orderAmendments.amendedAt));
  return rows.map((row) => ({ at: row.at, before: row.before as AmendmentSide, after: row.after as AmendmentSide }));
}

function deadlineOf(order: Parameters<typeof collectionDeadline>[0], expiry: OrderExpiry): TrackedOrder["deadline"] {
  const deadline = collectionDeadline(order, expiry);
  if (!deadline) return null;
  return deadline.kind === "collect-by"
    ? { kind: "collect-by", at: deadline.at.toISOString() }
    : { kind: "once-ready", days: deadline.days, readyBy: deadline.readyBy.toISOString() };
}

/**
 * "Track your order": the order whose number and e-mail (any letter case) both match. Every miss gets
 * the same answer, so the form tells nobody whether an order number exists.
 */
export async function findTrackedOrder({
  db,
  tracking,
  orderNumber,
  email,
}: {
  db: Db;
  tracking: TrackingContext;
  orderNumber: string;
  email: string;
}): Promise<TrackedOrder> {
  const [match] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(sql`lower(${orders.email})`, email.trim().toLowerCase())));
  const tracked = match && (await loadTrackedOrder(db, tracking, match.id));
  if (!tracked) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  return tracked;
}

/**
 * The order behind a signed e-mail link, while the order is open (or its buy-back guarantee runs). A
 * closed order still opens for its owner: a signed-in customer whose verified e-mail is the order's (how
 * "My orders" links to it).
 */
export async function openOrderLink({
  db,
  tracking,
  token,
  verifiedEmail,
}: {
  db: Db;
  tracking: TrackingContext;
  token: string;
  verifiedEmail?: string | undefined;
}) {
  const tracked = await orderOfToken(db, tracking, token);
  // A collected order whose buy-back guarantee still has something to sell back stays open by its link:
  // the page is where the customer sells back from (docs/features/buyback-guarantee.md).
  const guaranteeRunning = (tracked.buyback?.sellBack.length ?? 0) > 0;
  if (
    !isOrderOpen(tracked.status) &&
    !guaranteeRunning &&
    !(verifiedEmail && (await isOrderOf(db, tracking.links, token, verifiedEmail)))
  ) {
    throw new AppError("link_expired", ORDER_LINK_EXPIRED_MESSAGE);
  }
  return tracked;
}

async function isOrderOf(db: Db, links: OrderLinks, token: string, email: string): Promise<boolean> {
  const orderId = links.orderIdOf(token);
  if (!orderId) return false;
  const [match] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(sql`lower(${orders.email})`, email.trim().toLowerCase())));
  return match !== undefined;
}

/**
 * The customer's own cancel, authorised by the order's signed token (from the e-mail link or from a
 * matching lookup): allowed while Pending or Accepted, audited with the customer as the actor, and
 * announced by a "cancelled" e-mail through the outbox.
 */
export async function cancelTrackedOrder({
  db,
  tracking,
  token,
  requestId,
}: {
  db: Db;
  tracking: TrackingContext;
  token: string;
  requestId?: string;
}): Promise<TrackedOrder> {
  const orderId = tracking.links.orderIdOf(token);
  if (!orderId) throw new AppError("not_found", ORDER_LINK_INVALID_MESSAGE);
  const [order] = await db.select({ email: orders.email }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError("not_found", ORDER_LINK_INVALID_MESSAGE);
  await transitionOrder({
    db,
    orderId,
    transition: "cancel",
    actor: { id: null, email: order.email },
    ...(requestId ? { requestId } : {}),
    customer: { allowedFrom: CUSTOMER_CANCELLABLE_STATUSES, refusal: cancelRefusal },
  });
  return orderOfToken(db, tracking, token);
}

/** The order page's view of the order behind a signed token (whatever its state). */
export async function orderOfToken(db: Db, tracking: TrackingContext, token: string): Promise<TrackedOrder> {
  const orderId = tracking.links.orderIdOf(token);
  const tracked = orderId && (await loadTrackedOrder(db, tracking, orderId));
  if (!tracked) throw new AppError("not_found", ORDER_LINK_INVALID_MESSAGE);
  return tracked;
}
