import { and, eq, isNull } from "drizzle-orm";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import { archiveRefusal } from "@bureau/domain/order-lifecycle";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";

/**
 * History's Delete on a completed order (docs/features/completed-orders-are-final.md): the order leaves History's list, and that is
 * all. Its status stays `completed`, so the statistics rollups (kept by a trigger on the status), the
 * end-of-day report, the exports, the branch's stock and what the customer sees are as they were, and
 * no e-mail goes out. The archive and its audit entry commit together; of two staff archiving the same
 * order at once exactly one succeeds, the other gets 409.
 */
export async function archiveOrder({
  db,
  orderId,
  actor,
  requestId,
  now = new Date(),
}: {
  db: Db;
  orderId: string;
  actor: AuditActor;
  requestId?: string;
  now?: Date;
}): Promise<{ id: string; orderNumber: string; status: OrderStatus; archivedAt: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: orders.status, archivedAt: orders.archivedAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!before) throw new AppError("not_found", "There is no such order.");
    const refusal = archiveRefusal(before);
    if (refusal) throw new AppError("conflict", refusal);
    const [after] = await tx
      .update(orders)
      .set({ archivedAt: now, archivedBy: actor.email })
      .where(and(eq(orders.id, orderId), eq(orders.status, before.status), isNull(orders.archivedAt)))
      .returning({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status });
    if (!after) throw new AppError("conflict", "Someone else changed this order just now. Please refresh the list.");
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "order.archive",
      entityType: "order",
      entityId: orderId,
      before: { status: before.status, archived: false },
      after: { status: after.status, archived: true },
    });
    return { ...after, archivedAt: now.toISOString() };
  });
}
