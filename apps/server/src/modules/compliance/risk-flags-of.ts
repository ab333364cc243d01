import { inArray } from "drizzle-orm";
import { RISK_FLAG_LABELS, type RiskFlagRule } from "@bureau/domain/risk-flags";
import type { Db } from "../../db/client.ts";
import { orderRiskFlags } from "../../db/schema.ts";

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
