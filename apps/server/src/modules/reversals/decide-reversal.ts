import { and, eq, isNull } from "drizzle-orm";
import type { ReversalView } from "@bureau/domain/contracts/reversals";
import {
  chooseReversalTill,
  compensatingTillMovements,
  reversalDecidedRefusal,
  reversalDecisionRefusal,
  reversalTextProblem,
} from "@bureau/domain/reversal";
import type { StaffPlacement } from "@bureau/domain/staff-permissions";
import type { TillMovement } from "@bureau/domain/till";
import type { Db, Tx } from "../../db/client.ts";
import { branches, orderReversals, orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { reverseOrderNotes } from "../stock/index.ts";
import { completionMovementsOf, openTillIdOf, recordTillMovement } from "../till/index.ts";
import { lockOrder } from "./request-reversal.ts";
import { reversalView } from "./reversal-view.ts";
import { endGuaranteeOfReversed } from "../buyback/index.ts";

type Decider = AuditActor & StaffPlacement;
type DecideOptions = { db: Db; reversalId: string; actor: Decider; requestId?: string; now?: Date };

/**
 * A manager (or an admin) who did not ask for it approves a reversal (docs/features/reversals.md). In
 * one transaction, with the order and the reversal locked: the till movements of the completion are
 * written again negated (kind "reversal", with the order's id) into the till that recorded them while
 * it is open, else into the requester's open till at the order's branch; the notes go back into stock
 * or out of it; the order is marked reversed (it stays completed); all audited. The customer is not
 * e-mailed. A refusal changes nothing.
 */
export async function approveReversal(options: DecideOptions): Promise<ReversalView> {
  const { db, reversalId, actor, requestId, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const { order, reversal, branchName } = await lockForDecision(tx, reversalId, actor);
    if (order.reversedAt !== null) throw new AppError("conflict", "This order has already been reversed.");
    const till = await reverseTill(tx, { order, reversal, branchName, actor, now });
    const stock = await reverseOrderNotes(tx, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      way: order.way,
      branchKey: order.branchKey,
      branchName,
      reason: reversal.reason,
      actor,
      requestId,
    });
    await decide(tx, reversalId, { status: "approved", actor, now, note: null });
    const [marked] = await tx
      .update(orders)
      .set({ reversedAt: now })
      .where(and(eq(orders.id, order.id), isNull(orders.reversedAt)))
      .returning({ id: orders.id });
    if (!marked) throw new AppError("conflict", "This order has already been reversed.");
    await endGuaranteeOfReversed(tx, order.id, now);
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "order.reversal.approve",
      entityType: "order",
      entityId: order.id,
      before: { status: order.status, reversal: "requested", requestedBy: reversal.requestedBy },
      after: { reversalId, reversal: "approved", reversedAt: now.toISOString(), till, stock },
    });
    return reversalView(tx, reversalId);
  });
}

/** A manager (or an admin) who did not ask for it refuses a reversal with a note; nothing else changes. Audited. */
export async function refuseReversal(options: DecideOptions & { note: string }): Promise<ReversalView> {
  const { db, reversalId, actor, requestId, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const { order } = await lockForDecision(tx, reversalId, actor);
    const problem = reversalTextProblem(options.note, "note");
    if (problem) throw new AppError("validation_failed", `${problem}.`, { note: problem });
    const note = options.note.trim();
    await decide(tx, reversalId, { status: "refused", actor, now, note });
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "order.reversal.refuse",
      entityType: "order",
      entityId: order.id,
      before: { reversal: "requested" },
      after: { reversalId, reversal: "refused", note },
    });
    return reversalView(tx, reversalId);
  });
}

/**
 * The reversal and its order, locked (the order first, as a request locks it), after the checks every
 * decision needs: 404 for none, 403 unless the decider may decide it (the matrix's role, the order's
 * branch, a second person), 409 once it is decided.
 */
async function lockForDecision(tx: Tx, reversalId: string, actor: Decider) {
  const [found] = await tx
    .select({ orderId: orderReversals.orderId })
    .from(orderReversals)
    .where(eq(orderReversals.id, reversalId));
  if (!found) throw new AppError("not_found", "There is no such reversal.");
  const order = await lockOrder(tx, found.orderId);
  const [reversal] = await tx.select().from(orderReversals).where(eq(orderReversals.id, reversalId)).for("update");
  const [branch] = await tx.select({ name: branches.name }).from(branches).where(eq(branches.key, order.branchKey));
  if (!reversal) throw new AppError("not_found", "There is no such reversal.");
  const refusal = reversalDecisionRefusal(actor, { requestedById: reversal.requestedById, branchKey: order.branchKey });
  if (refusal) throw new AppError("forbidden", refusal);
  const decided = reversalDecidedRefusal(reversal.status);
  if (decided) throw new AppError("conflict", decided);
  return { order, reversal, branchName: branch?.name ?? order.branchKey };
}

async function decide(
  tx: Tx,
  reversalId: string,
  decision: { status: "approved" | "refused"; actor: Decider; now: Date; note: string | null },
) {
  const [row] = await tx
    .update(orderReversals)
    .set({
      status: decision.status,
      decidedById: decision.actor.id,
      decidedBy: decision.actor.email,
      decidedAt: decision.now,
      decisionNote: decision.note,
    })
    .where(and(eq(orderReversals.id, reversalId), eq(orderReversals.status, "requested")))
    .returning({ id: orderReversals.id });
  if (!row) throw new AppError("conflict", "Someone else decided this reversal just now. Please refresh the page.");
}

/**
 * Writes the completion's till movements negated into the till chosen by the domain's rule; answers
 * the till and what moved (for the audit entry), or null when the completion moved no till.
 */
async function reverseTill(
  tx: Tx,
  options: {
    order: { id: string; branchKey: string };
    reversal: { requestedById: string; requestedBy: string };
    branchName: string;
    actor: Decider;
    now: Date;
  },
): Promise<{ tillId: string; movements: TillMovement[] } | null> {
  const { order, reversal, branchName } = options;
  const completion = await completionMovementsOf(tx, order.id);
  const movements = compensatingTillMovements(completion?.movements ?? []);
  if (movements.length === 0) return null;
  const choice = chooseReversalTill({
    completion: completion?.till ?? null,
    requesterOpenTillId:
      completion?.till.status === "open" ? null : await openTillIdOf(tx, reversal.requestedById, order.branchKey),
  });
  if ("refusal" in choice) {
    throw new AppError(
      "conflict",
      `The till that completed this order is closed. ${reversal.requestedBy}, who asked for the reversal, must open their till at ${branchName} first (the money goes back through it); then approve again.`,
    );
  }
  await recordTillMovement(tx, {
    tillId: choice.tillId,
    kind: "reversal",
    orderId: order.id,
    movements,
    actor: options.actor,
    now: options.now,
  });
  return { tillId: choice.tillId, movements };
}
