import { and, eq, type SQL } from "drizzle-orm";
import type { HandoverRecord, OrderTransition } from "@bureau/domain/contracts/dashboard";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import { ORDER_TRANSITIONS } from "@bureau/domain/order-lifecycle";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/write-audit.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { settleOrderNotes } from "../stock/settle-order-notes.ts";

const PAST: Record<OrderTransition, string> = { accept: "accepted", complete: "completed", cancel: "cancelled" };

/**
 * Moves an order along its lifecycle with one conditional UPDATE: of two staff acting on the same
 * order at once exactly one succeeds, the other gets 409. The change, its audit entry, its e-mail
 * ("ready for collection" on accept, "cancelled" on cancel) and what it does to the branch's note stock
 * (modules/stock) commit together.
 */
export async function transitionOrder({
  db,
  orderId,
  transition,
  actor,
  requestId,
  now = new Date(),
  customer,
  handover,
}: {
  db: Db;
  orderId: string;
  transition: OrderTransition;
  /** The staff member acting; for a customer's own cancel, the customer (no account id). */
  actor: AuditActor | { id: null; email: string };
  requestId?: string;
  now?: Date;
  /** Set when the customer acts from the order page: narrower rules and the customer's own wording. */
  customer?: { allowedFrom: readonly OrderStatus[]; refusal: (status: OrderStatus) => string };
  /** The customer's address and date of birth, recorded on completing an order under enhanced due diligence. */
  handover?: HandoverRecord | undefined;
}): Promise<{ id: string; orderNumber: string; status: OrderStatus }> {
  const rule = customer
    ? { ...ORDER_TRANSITIONS[transition], from: [...customer.allowedFrom] }
    : ORDER_TRANSITIONS[transition];
  const stamp: Partial<typeof orders.$inferInsert> =
    transition === "accept"
      ? { acceptedAt: now, acceptedBy: actor.email }
      : transition === "complete"
        ? { completedAt: now, completedBy: actor.email }
        : { cancelledAt: now, cancelledBy: actor.email };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        orderNumber: orders.orderNumber,
        email: orders.email,
        way: orders.way,
        holdReason: orders.holdReason,
        holdClearedAt: orders.holdClearedAt,
        enhancedDueDiligence: orders.enhancedDueDiligence,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!before) throw new AppError("not_found", "There is no such order.");
    // Due diligence (decision 018): a held order goes no further until staff clear the hold.
    if (transition !== "cancel" && before.holdReason && !before.holdClearedAt && rule.from.includes(before.status)) {
      throw new AppError(
        "conflict",
        `This order is on hold for compliance checks (the reason is on its page), so it cannot be ${PAST[transition]}. Clear the hold on the order's page, writing a reason, first.`,
      );
    }
    const recordsHandover = transition === "complete" && before.enhancedDueDiligence;
    if (recordsHandover && !handover && rule.from.includes(before.status)) {
      const message = "Enhanced due diligence: record the customer's address and date of birth to complete this order.";
      throw new AppError("validation_failed", message, {
        address: "Enter the customer's full address, with the postcode",
        dateOfBirth: "Enter the customer's date of birth",
      });
    }
    if (!rule.from.includes(before.status)) {
      if (customer) throw new AppError("conflict", customer.refusal(before.status));
      throw new AppError(
        "conflict",
        `This order is ${before.status}, so it cannot be ${PAST[transition]}. Please refresh the list.`,
      );
    }
    const statusIn: SQL | undefined = eq(orders.status, before.status);
    const [after] = await tx
      .update(orders)
      .set({
        status: rule.to,
        ...stamp,
        ...(recordsHandover && handover
          ? { customerAddress: handover.address, customerDateOfBirth: handover.dateOfBirth }
          : {}),
      })
      .where(and(eq(orders.id, orderId), statusIn))
      .returning({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status });
    if (!after) throw new AppError("conflict", "Someone else changed this order just now. Please refresh the list.");
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: `order.${transition}`,
      entityType: "order",
      entityId: orderId,
      before: { status: before.status },
      // The handover's personal data stays on the order; the log says that it was recorded.
      after: customer
        ? { status: after.status, by: "customer" }
        : recordsHandover
          ? { status: after.status, handover: "address and date of birth recorded" }
          : { status: after.status },
    });
    if (transition === "complete" || transition === "cancel") {
      // The order's notes: taken out of stock (or, for a sale, added) on completion, released on cancel.
      await settleOrderNotes(tx, {
        orderId,
        way: before.way,
        outcome: transition === "complete" ? "completed" : "cancelled",
      });
    }
    if (transition === "accept") {
      await enqueueMail(tx, {
        kind: "order-ready",
        dedupeKey: `order-ready:${orderId}`,
        to: before.email,
        data: { orderId },
      });
    }
    if (transition === "cancel") {
      // The customer hears of a cancel whoever made it, so that nobody travels to collect a cancelled order.
      await enqueueMail(tx, {
        kind: "order-cancelled",
        dedupeKey: `order-cancelled:${orderId}`,
        to: before.email,
        data: { orderId },
      });
    }
    return after;
  });
}
