import { type SQL, sql } from "drizzle-orm";
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
 * The same entry as an insert for a WITH clause of a statement that makes the change itself, written once
 * for each row `from` gives (a FROM … WHERE on an earlier clause of that statement: none, no entry).
 * `beforeSql` / `afterSql` / `entityIdSql`: the entry's before / after / entity as an expression of that
 * statement, where it depends on what the row held or what was written (one entry per row changed).
 */
export function auditEntryInsert(
  entry: AuditEntry & { beforeSql?: SQL; afterSql?: SQL; entityIdSql?: SQL },
  from: SQL,
): SQL {
  const before = entry.beforeSql ?? sql`${json(entry.before)}::jsonb`;
  const after = entry.afterSql ?? sql`${json(entry.after)}::jsonb`;
  const entityId = entry.entityIdSql ?? sql`${entry.entityId}`;
  return sql`insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after, request_id)
    select ${entry.actorId}, ${entry.actorEmail}, ${entry.action}, ${entry.entityType}, ${entityId},
      ${before}, ${after}, ${entry.requestId ?? null}
    ${from}
    returning id`;
}

/**
 * Several entries known before the statement runs, as one insert for a WITH clause of the statement that
 * makes the changes: written in the order given (their ids ascending), every one or none. None: no clause.
 */
export function auditEntriesInsert(entries: readonly AuditEntry[]): SQL | null {
  if (entries.length === 0) return null;
  const rows = sql.join(
    entries.map(
      (entry, index) =>
        sql`(${index}::integer, ${entry.actorId}::text, ${entry.actorEmail}::text, ${entry.action}::text,
          ${entry.entityType}::text, ${entry.entityId}::text, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb,
          ${entry.requestId ?? null}::text)`,
    ),
    sql`, `,
  );
  return sql`insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after, request_id)
    select e.actor_id, e.actor_email, e.action, e.entity_type, e.entity_id, e.before, e.after, e.request_id
    from (values ${rows}) as e(position, actor_id, actor_email, action, entity_type, entity_id, before, after, request_id)
    order by e.position
    returning id`;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

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
