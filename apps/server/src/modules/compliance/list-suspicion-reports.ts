import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SuspicionReport, SuspicionReportList } from "@bureau/domain/contracts/dashboard";
import type { Db } from "../../db/client.ts";
import { orders, suspicionReports } from "../../db/schema.ts";
import { decodeKeysetCursor, isUuid, keysetPage } from "../../lib/keyset-cursor.ts";

type Row = typeof suspicionReports.$inferSelect & { orderNumber: string };

const toReport = (r: Row): SuspicionReport => ({
  id: r.id,
  orderId: r.orderId,
  orderNumber: r.orderNumber,
  text: r.text,
  raisedBy: r.raisedBy,
  raisedAt: r.raisedAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
  closedBy: r.closedBy,
  closeReason: r.closeReason,
});

async function reportRows(db: Db, conditions: SQL[], limit: number) {
  return db
    .select({
      id: suspicionReports.id,
      orderId: suspicionReports.orderId,
      text: suspicionReports.text,
      raisedById: suspicionReports.raisedById,
      raisedBy: suspicionReports.raisedBy,
      raisedAt: suspicionReports.raisedAt,
      closedAt: suspicionReports.closedAt,
      closedBy: suspicionReports.closedBy,
      closeReason: suspicionReports.closeReason,
      orderNumber: orders.orderNumber,
    })
    .from(suspicionReports)
    .innerJoin(orders, eq(orders.id, suspicionReports.orderId))
    .where(and(...conditions))
    .orderBy(desc(suspicionReports.raisedAt), desc(suspicionReports.id))
    .limit(limit);
}

/**
 * Suspicion reports, newest first, one keyset page at a time (the compliance screen). For the MLRO only:
 * the route checks MLRO_EMAILS before calling (lib/mlro.ts).
 */
export async function listSuspicionReports({
  db,
  after,
  limit,
}: {
  db: Db;
  after?: string | undefined;
  limit: number;
}): Promise<SuspicionReportList> {
  const conditions: SQL[] = [];
  if (after) {
    const cursor = decodeKeysetCursor(after, isUuid);
    conditions.push(
      sql`(${suspicionReports.raisedAt}, ${suspicionReports.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await reportRows(db, conditions, limit + 1);
  const { page, nextCursor } = keysetPage(
    rows.map((r) => ({ ...r, createdAt: r.raisedAt })),
    limit,
  );
  return { reports: page.map(toReport), nextCursor };
}

/** One order's suspicion reports, newest first (its details page, for the MLRO). */
export async function suspicionReportsOfOrder(db: Db, orderId: string): Promise<SuspicionReport[]> {
  return (await reportRows(db, [eq(suspicionReports.orderId, orderId)], 100)).map(toReport);
}
