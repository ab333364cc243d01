import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, suspicionReports } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/write-audit.ts";

/**
 * A staff member clears an order's due-diligence hold, writing why (decision 018). The clearing and its
 * audit entry (the hold's reason before, the clearing's reason after) commit together; of two staff
 * clearing at once one succeeds, the other is told it is no longer on hold.
 *
 * An order with an open suspicion report (decision 023) is cleared by an MLRO only, the one who can read
 * the report; the clearing closes the order's open reports with its reason.
 */
export async function clearHold({
  db,
  orderId,
  reason,
  actor,
  actorIsMlro = false,
  requestId,
  now = new Date(),
}: {
  db: Db;
  orderId: string;
  reason: string;
  actor: AuditActor;
  /** Whether the acting admin is named as MLRO (MLRO_EMAILS). */
  actorIsMlro?: boolean;
  requestId?: string;
  now?: Date;
}): Promise<{ id: string; orderNumber: string; clearedAt: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ holdReason: orders.holdReason, holdClearedAt: orders.holdClearedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!before) throw new AppError("not_found", "There is no such order.");
    const openReports = await tx
      .select({ id: suspicionReports.id })
      .from(suspicionReports)
      .where(and(eq(suspicionReports.orderId, orderId), isNull(suspicionReports.closedAt)))
      .for("update");
    if (openReports.length > 0 && before.holdReason && !before.holdClearedAt && !actorIsMlro) {
      throw new AppError("forbidden", "Only the MLRO can clear this hold.");
    }
    const [after] = await tx
      .update(orders)
      .set({ holdClearedAt: now, holdClearedBy: actor.email, holdClearReason: reason })
      .where(and(eq(orders.id, orderId), isNotNull(orders.holdReason), isNull(orders.holdClearedAt)))
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (!after) throw new AppError("conflict", "This order is not on hold. Please refresh the page.");
    if (openReports.length > 0) {
      await tx
        .update(suspicionReports)
        .set({ closedAt: now, closedBy: actor.email, closeReason: reason })
        .where(and(eq(suspicionReports.orderId, orderId), isNull(suspicionReports.closedAt)));
    }
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "order.hold_clear",
      entityType: "order",
      entityId: orderId,
      before: { onHold: true, reason: before.holdReason },
      after: { onHold: false, reason },
    });
    return { ...after, clearedAt: now.toISOString() };
  });
}
