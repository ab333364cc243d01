import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";

/**
 * Puts an open order (Pending or Accepted) on hold, in the caller's transaction, with its audit entry:
 * the one hold of docs/features/due-diligence-tiers.md (Accept and Complete refused until staff clear it), whichever rule holds
 * it (the due-diligence threshold, a sanctions match, a suspicion report). A hold that stands keeps its
 * start and gains the new reason on a line of its own; after a cleared hold a new one starts (the audit
 * log keeps the cleared one). A reason the standing hold already states changes nothing; with `once`, neither
 * does a reason of a cleared hold, so a re-screening that finds the same match again does not hold an
 * order staff have cleared for it.
 */
export async function placeOnHold(
  tx: Tx,
  {
    orderId,
    reason,
    now,
    actor = null,
    requestId,
    once = false,
  }: {
    orderId: string;
    reason: string;
    now: Date;
    actor?: AuditActor | null;
    requestId?: string | undefined;
    once?: boolean;
  },
): Promise<boolean> {
  const [before] = await tx
    .select({
      status: orders.status,
      holdReason: orders.holdReason,
      holdClearedAt: orders.holdClearedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!before || (before.status !== "pending" && before.status !== "accepted")) return false;
  const standing = before.holdReason !== null && before.holdClearedAt === null;
  if ((standing || once) && before.holdReason?.split("\n").includes(reason)) return false;
  const holdReason = standing ? `${before.holdReason}\n${reason}` : reason;
  await tx
    .update(orders)
    .set({
      holdReason,
      ...(standing ? {} : { heldAt: now }),
      holdClearedAt: null,
      holdClearedBy: null,
      holdClearReason: null,
      holdClearedDueDiligenceId: null,
    })
    .where(eq(orders.id, orderId));
  await writeAudit(tx, {
    ...(actor ? auditedBy(actor, requestId) : { actorId: null, actorEmail: null }),
    action: "order.hold",
    entityType: "order",
    entityId: orderId,
    before: standing ? { onHold: true, reason: before.holdReason } : { onHold: false },
    after: { onHold: true, reason: holdReason },
  });
  return true;
}
