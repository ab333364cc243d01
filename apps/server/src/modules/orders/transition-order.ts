import { and, asc, eq } from "drizzle-orm";
import type { OrderTransition } from "@bureau/domain/contracts/dashboard";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import { DEFAULT_DISPLAY_TIME_ZONE } from "@bureau/domain/dates";
import {
  checkHandover,
  type HandoverInput,
  type HandoverOrder,
  type HandoverRecord,
  saleCurrencies,
  todayIn,
} from "@bureau/domain/handover";
import { counterIdRequired, DEFAULT_COUNTER_ID_FROM_GBP_MINOR } from "@bureau/domain/counter-trade";
import { identityKeyOf } from "@bureau/domain/identity-key";
import { statusAfter, transitionRefusal } from "@bureau/domain/order-lifecycle";
import { handoverMovements, tillDenominations } from "@bureau/domain/till";
import type { Db, Tx } from "../../db/client.ts";
import { orderHandovers, orderLines, orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { settleOrderNotes } from "../stock/index.ts";
import { recordTillMovement, requireOpenTill } from "../till/index.ts";

const PAST: Record<OrderTransition, string> = { accept: "accepted", complete: "completed", cancel: "cancelled" };

type TransitionOptions = {
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
  /** COUNTER_ID_FROM_GBP in pence: a walk-in trade from this much records the customer's ID. */
  counterIdFromGbpMinor?: number;
};

type OrderBefore = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;
/** An order line as the handover reads it: at its locked rate, with the sterling handed back with its notes. */
type HandoverLine = HandoverOrder["lines"][number] & { sterlingBackMinor: number };

/**
 * Moves an order along its lifecycle with one conditional UPDATE: of two staff acting on the same
 * order at once exactly one succeeds, the other gets 409. The change, its audit entry, its e-mail
 * ("ready for collection" on accept, "cancelled" on cancel) and what it does to the branch's note stock
 * (modules/stock) commit together. Completing records the handover at the counter (issue 17 item 4):
 * refused, changing nothing, unless it passes the domain's checkHandover for this order and today's
 * date in the bureau's time zone, and only by a staff member with an open till at the order's branch
 * (issue 33): the payment and the notes move that till in the same transaction.
 */
export async function transitionOrder(
  options: TransitionOptions,
): Promise<{ id: string; orderNumber: string; status: OrderStatus }> {
  const { db, orderId, transition, actor, requestId, now = new Date(), customer } = options;
  return db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) throw new AppError("not_found", "There is no such order.");
    const status = statusReached(before, options);
    const till = transition === "complete" ? await tillOfActor(tx, actor, before.branchKey) : null;
    const handover =
      transition === "complete"
        ? await checkedHandover(
            tx,
            before,
            options.handover,
            todayIn(options.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE, now),
            options.counterIdFromGbpMinor ?? DEFAULT_COUNTER_ID_FROM_GBP_MINOR,
          )
        : null;
    const record = handover?.record ?? null;
    const [after] = await tx
      .update(orders)
      .set({
        status,
        ...stampOf(transition, actor.email, now),
        ...(record?.address && record.dateOfBirth
          ? { customerAddress: record.address, customerDateOfBirth: record.dateOfBirth }
          : {}),
        // The document shown links the customer's later walk-in trades and orders to this one.
        ...(record?.idType && record.idNumberLast4 && !before.idKey
          ? { idKey: identityKeyOf({ ...before, idType: record.idType, idNumberLast4: record.idNumberLast4 }) }
          : {}),
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, before.status)))
      .returning({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status });
    if (!after) throw new AppError("conflict", "Someone else changed this order just now. Please refresh the list.");
    if (handover && till) {
      await tx.insert(orderHandovers).values(handoverRow(orderId, handover.record, actor.email, now));
      await moveTill(tx, {
        tillId: till.id,
        orderId,
        way: before.way,
        channel: before.channel,
        actor,
        now,
        ...handover,
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
    await settleNotes(tx, before, transition, record);
    await announce(tx, before, transition);
    return after;
  });
}

/** The order as it is before the change, locked until the transaction ends. */
async function lockOrder(tx: Tx, orderId: string) {
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
      branchKey: orders.branchKey,
      channel: orders.channel,
      firstName: orders.firstName,
      lastName: orders.lastName,
      totalGbpMinor: orders.totalGbpMinor,
      idKey: orders.idKey,
      buybackFeeMinor: orders.buybackFeeMinor,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return before ?? null;
}

/**
 * The status the order reaches (the domain's lifecycle, narrowed to what a customer may do from the
 * order page), or the 409 that says why it cannot move.
 */
function statusReached(before: OrderBefore, { transition, customer }: TransitionOptions): OrderStatus {
  const reached =
    customer && !customer.allowedFrom.includes(before.status)
      ? null
      : statusAfter(before.status, transition, before.channel);
  // Due diligence (docs/features/due-diligence-tiers.md): a held order goes no further until staff clear the hold.
  if (transition !== "cancel" && reached && before.holdReason && !before.holdClearedAt) {
    throw new AppError(
      "conflict",
      `This order is on hold for compliance checks (the reason is on its page), so it cannot be ${PAST[transition]}. Clear the hold on the order's page, writing a reason, first.`,
    );
  }
  if (!reached) {
    // The domain's lifecycle says why (a completed order is final: Delete in History archives it).
    const refusal = customer ? customer.refusal(before.status) : transitionRefusal(before.status, transition);
    throw new AppError("conflict", refusal ?? "Please refresh the list.");
  }
  return reached;
}

/** Who moved the order and when, in the columns of the transition made. */
function stampOf(transition: OrderTransition, email: string, now: Date): Partial<typeof orders.$inferInsert> {
  if (transition === "accept") return { acceptedAt: now, acceptedBy: email };
  if (transition === "complete") return { completedAt: now, completedBy: email };
  return { cancelledAt: now, cancelledBy: email };
}

/** The acting staff member's open till at the order's branch (a customer never completes an order). */
async function tillOfActor(tx: Tx, actor: TransitionOptions["actor"], branchKey: string) {
  if (actor.id === null) throw new AppError("forbidden", "Only staff complete an order, at the counter.");
  return requireOpenTill(tx, actor.id, branchKey);
}

/**
 * The till's movements of a completion: the sterling payment in (Click & Collect) or out (Click &
 * Sell) by its method, the sterling handed back with Click & Collect notes, and the currency's notes
 * out (handed over) or in (received). A currency with no
 * table of notes cannot be counted in a till, so its notes are not the till's.
 */
async function moveTill(
  tx: Tx,
  options: {
    tillId: string;
    orderId: string;
    way: OrderBefore["way"];
    channel: OrderBefore["channel"];
    actor: TransitionOptions["actor"];
    now: Date;
    record: HandoverRecord;
    lines: HandoverLine[];
  },
) {
  const { record, way } = options;
  const currencies = (
    record.received
      ? record.received.map((r) => ({ currency: r.currency, amountMinor: r.receivedMinor }))
      : saleCurrencies({ way, enhancedDueDiligence: false, lines: options.lines }).map((c) => ({
          currency: c.currency,
          amountMinor: c.orderedMinor,
        }))
  ).filter((c) => tillDenominations(c.currency));
  await recordTillMovement(tx, {
    tillId: options.tillId,
    // A walk-in trade's movements are the till's "trade"s; an online order's handover its "order"s.
    kind: options.channel === "counter" ? "trade" : "order",
    orderId: options.orderId,
    actor: options.actor,
    now: options.now,
    movements: handoverMovements({
      way,
      payment: { method: record.paymentMethod, amountMinor: record.gbpMinor },
      currencies,
      sterlingBackMinor: options.lines.reduce((sum, line) => sum + line.sterlingBackMinor, 0),
    }),
  });
}

/** The handover recorded at the counter, checked against the order's lines; a 400 when it does not pass. */
async function checkedHandover(
  tx: Tx,
  before: OrderBefore,
  handover: HandoverInput | null | undefined,
  today: string,
  counterIdFromGbpMinor: number,
): Promise<{ record: HandoverRecord; lines: HandoverLine[] }> {
  const lines = await tx
    .select({
      currency: orderLines.currencyCode,
      rate: orderLines.rate,
      gbpMinor: orderLines.gbpMinor,
      foreignMinor: orderLines.foreignMinor,
      sterlingBackMinor: orderLines.sterlingBackMinor,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, before.id))
    .orderBy(asc(orderLines.position));
  const checked = checkHandover(
    {
      way: before.way,
      enhancedDueDiligence: before.enhancedDueDiligence,
      lines,
      buybackFeeMinor: before.buybackFeeMinor,
      counter:
        before.channel === "counter"
          ? { idRequired: counterIdRequired(before.totalGbpMinor, counterIdFromGbpMinor) }
          : undefined,
    },
    handover,
    today,
  );
  if (!checked.ok) throw new AppError("validation_failed", checked.message, checked.fields);
  return { record: checked.record, lines };
}

function handoverRow(orderId: string, record: HandoverRecord, email: string, now: Date) {
  return {
    orderId,
    idType: record.idType,
    idNumberLast4: record.idNumberLast4,
    idExpiresOn: record.idExpiresOn,
    cardMatchesName: record.cardMatchesName,
    received: record.received,
    differenceReason: record.differenceReason,
    gbpMinor: record.gbpMinor,
    paymentMethod: record.paymentMethod,
    paymentGbpMinor: record.gbpMinor,
    recordedAt: now,
    recordedBy: email,
  } satisfies typeof orderHandovers.$inferInsert;
}

/**
 * The order's notes: taken out of stock (or, for a sale, the notes received added) on completion,
 * released on cancel. A completed order that is cancelled afterwards (a correction of the history)
 * leaves stock alone: its notes already changed hands.
 */
async function settleNotes(tx: Tx, before: OrderBefore, transition: OrderTransition, record: HandoverRecord | null) {
  if (transition === "accept" || (transition === "cancel" && before.status === "completed")) return;
  await settleOrderNotes(tx, {
    orderId: before.id,
    way: before.way,
    outcome: transition === "complete" ? "completed" : "cancelled",
    received: record?.received?.map(({ currency, notes }) => ({ currency, notes })) ?? [],
  });
}

/**
 * The customer's e-mail: "ready for collection" on accept; on a cancel, whoever made it, so that nobody
 * travels to collect a cancelled order.
 */
async function announce(tx: Tx, before: OrderBefore, transition: OrderTransition) {
  // A walk-in trade's customer was at the desk (and may have given no e-mail).
  if (transition === "complete" || before.channel === "counter") return;
  const kind = transition === "accept" ? "order-ready" : "order-cancelled";
  await enqueueMail(tx, {
    kind,
    dedupeKey: `${kind}:${before.id}`,
    to: before.email,
    data: { orderId: before.id },
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
    paymentMethod: record.paymentMethod,
  };
}
