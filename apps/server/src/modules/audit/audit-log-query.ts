import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AuditLogFilter } from "@bureau/domain/contracts/audit";
import type { Db } from "../../db/client.ts";
import { auditLog, orders } from "../../db/schema.ts";
import { onDisplayDays } from "../../lib/display-day-range.ts";
import { isUuid } from "../../lib/keyset-cursor.ts";

/**
 * The audit log as the viewer and its CSV export read it: the same filters, newest first. "Newest" is
 * the order of writing (the id, a sequence): it is how an append-only log is read, and the primary key
 * walks it a page at a time however large the log grows.
 */

/** The conditions of a filter, or null when it can match nothing (an Order Number no order has). */
export async function auditLogConditions(db: Db, filter: AuditLogFilter, timeZone: string): Promise<SQL[] | null> {
  const conditions: SQL[] = [];
  if (filter.who) conditions.push(sql`lower(${auditLog.actorEmail}) = ${filter.who.toLowerCase()}`);
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.order) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, filter.order));
    if (!order) return null;
    conditions.push(eq(auditLog.entityType, "order"), eq(auditLog.entityId, order.id));
  }
  conditions.push(...onDisplayDays(auditLog.createdAt, filter, timeZone));
  return conditions;
}

export type AuditLogRow = {
  id: number;
  createdAt: Date;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  requestId: string | null;
  order: { id: string; orderNumber: string } | null;
};

/** Up to `limit` entries matching `conditions` written before entry `beforeId` (all when null), newest first. */
export async function auditLogRows(
  db: Db,
  { conditions, beforeId, limit }: { conditions: SQL[]; beforeId: number | null; limit: number },
): Promise<AuditLogRow[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      requestId: auditLog.requestId,
    })
    .from(auditLog)
    .where(and(...conditions, ...(beforeId === null ? [] : [lt(auditLog.id, beforeId)])))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  // The Order Numbers of the entries about orders, in one look-up for the batch.
  const orderIds = [
    ...new Set(rows.filter((r) => r.entityType === "order" && isUuid(r.entityId)).map((r) => r.entityId)),
  ];
  const numbers = new Map<string, string>();
  if (orderIds.length > 0) {
    const found = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    for (const o of found) numbers.set(o.id, o.orderNumber);
  }
  return rows.map((r) => {
    const orderNumber = r.entityType === "order" ? numbers.get(r.entityId) : undefined;
    return { ...r, order: orderNumber ? { id: r.entityId, orderNumber } : null };
  });
}
