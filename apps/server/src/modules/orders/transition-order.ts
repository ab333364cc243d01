import { and, asc, eq, type SQL } from "drizzle-orm";
import type { OrderTransition } from "@bureau/domain/contracts/dashboard";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import { DEFAULT_DISPLAY_TIME_ZONE } from "@bureau/domain/dates";
import { checkHandover, type HandoverInput, type HandoverRecord, todayIn } from "@bureau/domain/handover";
import { ORDER_TRANSITIONS, transitionRefusal } from "@bureau/domain/order-lifecycle";
import type { Db } from "../../db/client.ts";
import { orderHandovers, orderLines, orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { settleOrderNotes } from "../stock/index.ts";

const PAST: Record<OrderTransition, string> = { accept: "accepted", complete: "completed", cancel: "cancelled" };

/**
 * Moves an order along its lifecycle with one conditional UPDATE: of two staff acting on the same
 * order at once exactly one succeeds, the other gets 409. The change, its audit entry, its e-mail
 * ("ready for collection" on accept, "cancelled" on cancel) and what it does to the branch's note stock
 * (modules/stock) commit together. Completing records the handover at the counter (issue 17 item 4):
 * refused, changing nothing, unless it passes the domain's checkHandover for this order and today's
 * date in the bureau's time zone.
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
  timeZone = DEFAULT_DISPLAY_TIME_ZONE,
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
  /** What staff recorded at the counter; required to complete (checked by the domain's checkHandover). */
  handover?: HandoverInput | null | undefined;
  /** The bureau's time zone (DISPLAY_TIME_ZONE): a document is valid through its expiry day there. */
  timeZone?: string;
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
    if (!rule.from.includes(before.status)) {
      // The domain's lifecycle says why (a completed order is final: Delete in History archives it).
      const refusal = customer ? customer.refusal(before.status) : transitionRefusal(before.status, transition);
      throw new AppError("conflict", refusal ?? "Please refresh the list.");
    }
    let record: HandoverRecord | null = null;
    if (transition === "complete") {
      const lines = await tx
        .select({
          currency: orderLines.currencyCode,
          rate: orderLines.rate,
          gbpMinor: orderLines.gbpMinor,
          foreignMinor: orderLines.foreignMinor,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.position));
      const checked = checkHandover(
        { way: before.way, enhancedDueDiligence: before.enhancedDueDiligence, lines },
        handover,
        todayIn(timeZone, now),
      );
      if (!checked.ok) throw new AppError("validation_failed", checked.message, checked.fields);
      record = checked.record;
    }
    const statusIn: SQL | undefined = eq(orders.status, before.status);
    const [after] = await tx
      .update(orders)
      .set({
        status: rule.to,
        ...stamp,
        ...(record?.address && record.dateOfBirth
          ? { customerAddress: record.address, customerDateOfBirth: record.dateOfBirth }
          : {}),
      })
      .where(and(eq(orders.id, orderId), statusIn))
      .returning({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status });
    if (!after) throw new AppError("conflict", "Someone else changed this order just now. Please refresh the list.");
    if (record) {
      await tx.insert(orderHandovers).values({
        orderId,
        idType: record.idType,
        idNumberLast4: record.idNumberLast4,
        idExpiresOn: record.idExpiresOn,
        cardMatchesName: record.cardMatchesName,
        received: record.received,
        differenceReason: record.differenceReason,
        gbpMinor: record.gbpMinor,
        recordedAt: now,
        recordedBy: actor.email,
      });
    }
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: `order.${transition}`,
      entityType: "order",
      entityId: orderId,
      before: { status: before.status },
      // The handover's personal data (the document's number and expiry, an address, a date of birth)
      // stays on the order; the log says what was checked and settled.
      after: customer
        ? { status: after.status, by: "customer" }
        : record
          ? { status: after.status, handover: handoverAudit(record) }
          : { status: after.status },
    });
    // The order's notes: taken out of stock (or, for a sale, the notes received added) on completion,
    // released on cancel. A completed order that is cancelled afterwards (a correction of the history)
    // leaves stock alone: its notes already changed hands.
    if (transition === "complete" || (transition === "cancel" && before.status !== "completed")) {
      await settleOrderNotes(tx, {
        orderId,
        way: before.way,
        outcome: transition === "complete" ? "completed" : "cancelled",
        received: record?.received?.map(({ currency, notes }) => ({ currency, notes })) ?? [],
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

/** The audit entry's account of a handover: what was checked and settled, without the personal data. */
function handoverAudit(record: HandoverRecord) {
  return {
    idType: record.idType,
    ...(record.cardMatchesName !== null ? { cardMatchesName: record.cardMatchesName } : {}),
    ...(record.address ? { addressAndDateOfBirth: "recorded" } : {}),
    ...(record.received
      ? {
          received: record.received.map(({ currency, orderedMinor, receivedMinor, gbpPaidMinor }) => ({
            currency,
            orderedMinor,
            receivedMinor,
            gbpPaidMinor,
          })),
        }
      : {}),
    ...(record.differenceReason ? { differenceReason: record.differenceReason } : {}),
    gbpMinor: record.gbpMinor,
  };
}
