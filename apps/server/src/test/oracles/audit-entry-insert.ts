import { type SQL, sql } from "drizzle-orm";
import type { AuditEntry } from "../../modules/audit/write-audit.ts";

/*
 * For the test oracles, which write their decisions after the order as the product once did: an audit
 * entry as an insert for a WITH clause of the statement making the change.
 */

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

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
