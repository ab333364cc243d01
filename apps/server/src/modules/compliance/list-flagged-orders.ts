import { inArray, sql } from "drizzle-orm";
import type { FlaggedOrderList } from "@bureau/domain/contracts/dashboard";
import { RISK_FLAG_LABELS, type RiskFlagRule } from "@bureau/domain/risk-flags";
import type { Db } from "../../db/client.ts";
import { orderRiskFlags, orders } from "../../db/schema.ts";
import { keysetPage } from "../../lib/keyset-cursor.ts";
import { newestOrdersFirst, ordersBefore } from "../../lib/order-queries.ts";

export type RiskFlagView = { rule: RiskFlagRule; label: string; detail: string; flaggedAt: string };

/** The risk flags of some orders, by order (the lists' badges, the details page, the compliance screen). */
export async function riskFlagsOf(db: Db, orderIds: string[]): Promise<Map<string, RiskFlagView[]>> {
  const byOrder = new Map<string, RiskFlagView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderRiskFlags)
    .where(inArray(orderRiskFlags.orderId, orderIds))
    .orderBy(orderRiskFlags.orderId, orderRiskFlags.rule);
  for (const row of rows) {
    const flags = byOrder.get(row.orderId) ?? [];
    flags.push({
      rule: row.rule,
      label: RISK_FLAG_LABELS[row.rule],
      detail: row.detail,
      flaggedAt: row.flaggedAt.toISOString(),
    });
    byOrder.set(row.orderId, flags);
  }
  return byOrder;
}

/** Orders with at least one risk flag, newest first, one keyset page at a time (the compliance screen). */
export async function listFlaggedOrders({
  db,
  after,
  limit,
}: {
  db: Db;
  after?: string | undefined;
  limit: number;
}): Promise<FlaggedOrderList> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      firstName: orders.firstName,
      lastName: orders.lastName,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      sql`exists (select 1 from ${orderRiskFlags} f where f.order_id = ${orders.id}) ${after ? sql`and ${ordersBefore(after)}` : sql``}`,
    )
    .orderBy(...newestOrdersFirst)
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit);
  const flags = await riskFlagsOf(
    db,
    page.map((r) => r.id),
  );
  return {
    orders: page.map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      name: `${r.firstName} ${r.lastName}`,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      flags: flags.get(r.id) ?? [],
    })),
    nextCursor,
  };
}
