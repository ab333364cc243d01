import type { AuditLogFilter, AuditLogPage } from "@bureau/domain/contracts/audit";
import type { Db } from "../../db/client.ts";
import { decodeKeysetCursor, keysetPage } from "../../lib/keyset-cursor.ts";
import { auditLogConditions, auditLogRows } from "./audit-log-query.ts";

/** An audit entry's id in a page cursor: the sequence's digits. */
const isEntryId = (id: string) => /^\d{1,18}$/.test(id);

/**
 * One page of the audit log for the staff viewer (issue 15 item 5): the entries matching the filter,
 * newest first, after the cursor of the previous page.
 */
export async function listAuditLog({
  db,
  filter,
  after,
  limit,
  timeZone,
}: {
  db: Db;
  filter: AuditLogFilter;
  after?: string | undefined;
  limit: number;
  timeZone: string;
}): Promise<AuditLogPage> {
  const cursor = after ? decodeKeysetCursor(after, isEntryId) : null;
  const conditions = await auditLogConditions(db, filter, timeZone);
  const rows = conditions
    ? await auditLogRows(db, { conditions, beforeId: cursor ? Number(cursor.id) : null, limit: limit + 1 })
    : [];
  const { page, nextCursor } = keysetPage(
    rows.map((r) => ({ ...r, id: String(r.id) })),
    limit,
  );
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actorEmail: r.actorEmail,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      order: r.order,
      before: r.before ?? null,
      after: r.after ?? null,
      requestId: r.requestId,
    })),
    nextCursor,
  };
}
