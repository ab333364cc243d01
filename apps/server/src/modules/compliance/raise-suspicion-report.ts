import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, suspicionReports } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { placeOnHold } from "./place-on-hold.ts";

/**
 * The reason every member of staff sees on an order held by a suspicion report: it says who may clear the
 * hold, not why (the report is for the MLRO's eyes; docs/features/risk-flags-and-suspicion-reports.md).
 */
export const SUSPICION_HOLD_REASON = "Held for a compliance review: only the MLRO can clear this hold.";

/**
 * A staff member raises an internal suspicion report on an order (POCA 2002 s.330: to the MLRO, who
 * decides on a disclosure). The report (what, who, when), the hold it puts on an open order and their
 * audit entries commit together. The audit entries do not copy the report's text: the audit log is read
 * by every admin, the report only by the MLRO.
 */
export async function raiseSuspicionReport({
  db,
  orderId,
  text,
  actor,
  requestId,
  now = new Date(),
}: {
  db: Db;
  orderId: string;
  text: string;
  actor: AuditActor;
  requestId?: string;
  now?: Date;
}): Promise<{ id: string; raisedAt: string; held: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new AppError("not_found", "There is no such order.");
    const [report] = await tx
      .insert(suspicionReports)
      .values({ orderId, text, raisedById: actor.id, raisedBy: actor.email, raisedAt: now })
      .returning({ id: suspicionReports.id });
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "suspicion_report.raise",
      entityType: "order",
      entityId: orderId,
      before: null,
      after: { suspicionReport: report!.id },
    });
    const held = await placeOnHold(tx, { orderId, reason: SUSPICION_HOLD_REASON, now, actor, requestId });
    return { id: report!.id, raisedAt: now.toISOString(), held };
  });
}
