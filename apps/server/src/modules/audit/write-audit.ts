import type { Db, Tx } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";

export type AuditEntry = {
  /** Who did it: the signed-in user's id and e-mail (null for the system itself, e.g. at start). */
  actorId: string | null;
  actorEmail: string | null;
  /** What was done, as "<area>.<verb>", e.g. "user.make_admin", "order.accept", "secure_box.failed". */
  action: string;
  entityType: string;
  entityId: string;
  /** The entity before and after the change (null where there is none); never secrets. */
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
};

/**
 * Appends one entry to the audit log (PRODUCT.md §2.2: who, what, when, before/after). Call it with
 * the transaction that makes the change, so that the change and its record exist together.
 */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
  });
}

/**
 * The who of an entry made by a request (a staff member, or a customer by e-mail with no account id):
 * spread it into `writeAudit`'s entry.
 */
export function auditedBy(
  actor: AuditActor | { id: null; email: string },
  requestId: string | undefined,
): Pick<AuditEntry, "actorId" | "actorEmail" | "requestId"> {
  return { actorId: actor.id, actorEmail: actor.email, requestId: requestId ?? null };
}
