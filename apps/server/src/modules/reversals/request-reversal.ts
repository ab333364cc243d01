import { and, eq, ne } from "drizzle-orm";
import type { ReversalView } from "@bureau/domain/contracts/reversals";
import { reversalRequestRefusal, reversalTextProblem } from "@bureau/domain/reversal";
import { NOT_YOUR_BRANCH_MESSAGE, type StaffPlacement, worksAt } from "@bureau/domain/staff-permissions";
import type { Db, Tx } from "../../db/client.ts";
import { orderReversals, orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { findPostgresError } from "../../lib/postgres.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { reversalView } from "./reversal-view.ts";

const ALREADY_REQUESTED =
  "A reversal of this order has already been requested: a manager approves or refuses it on the Reversals page.";

/**
 * A member of staff at the order's branch asks for a completed order or trade to be reversed, with a
 * reason (docs/features/reversals.md). Nothing moves yet: a manager who is not the requester approves
 * or refuses it. At most one request is live per order (the database's unique index holds it when two
 * ask at once). Audited; the customer is not e-mailed.
 */
export async function requestReversal(options: {
  db: Db;
  orderId: string;
  reason: string;
  actor: AuditActor & StaffPlacement;
  requestId?: string;
  now?: Date;
}): Promise<ReversalView> {
  const { db, orderId, actor, requestId, now = new Date() } = options;
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!worksAt(actor, order.branchKey)) throw new AppError("forbidden", NOT_YOUR_BRANCH_MESSAGE);
      const problem = reversalTextProblem(options.reason, "reason");
      if (problem) throw new AppError("validation_failed", `${problem}.`, { reason: problem });
      const [live] = await tx
        .select({ status: orderReversals.status })
        .from(orderReversals)
        .where(and(eq(orderReversals.orderId, orderId), ne(orderReversals.status, "refused")));
      const refusal = reversalRequestRefusal({ ...order, liveReversal: live?.status ?? null });
      if (refusal) throw new AppError("conflict", refusal);
      const reason = options.reason.trim();
      const [created] = await tx
        .insert(orderReversals)
        .values({ orderId, reason, requestedById: actor.id, requestedBy: actor.email, requestedAt: now })
        .returning({ id: orderReversals.id });
      await writeAudit(tx, {
        ...auditedBy(actor, requestId),
        action: "order.reversal.request",
        entityType: "order",
        entityId: orderId,
        before: { status: order.status },
        after: { reversalId: created!.id, reversal: "requested", reason },
      });
      return reversalView(tx, created!.id);
    });
  } catch (error) {
    // Two asked at once: the other's request stands.
    if (findPostgresError(error, ["23505"])) throw new AppError("conflict", ALREADY_REQUESTED);
    throw error;
  }
}

/** The order, locked until the transaction ends; 404 when there is none. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      way: orders.way,
      branchKey: orders.branchKey,
      reversedAt: orders.reversedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new AppError("not_found", "There is no such order.");
  return order;
}
