import { type SQL, sql } from "drizzle-orm";
import type { DueDiligenceTiers } from "@bureau/domain/due-diligence";
import type { RiskFlag, RiskRules } from "@bureau/domain/risk-flags";
import type { Db } from "../../db/client.ts";
import { queryRowsPrepared } from "../../lib/postgres.ts";
import { decideDueDiligence, dueDiligenceWrite } from "./assess-due-diligence.ts";
import {
  decideRiskFlags,
  type RiskFlagReadsRow,
  riskFlagReads,
  riskFlagsLinked,
  riskFlagsWrite,
} from "./assess-risk-flags.ts";
import { type LinkedTotalsRow, linkedTotalsOf, toLinkedTotals } from "./linked-totals.ts";

/**
 * A newly written order's due diligence (decision 018) and risk flags (decision 023), as
 * assessDueDiligence and assessRiskFlags make them, in two statements at most: one read of everything
 * both look at (the linked totals and the rules' reads), and, only when a tier is reached or a rule fires,
 * one write of the flag, the hold, the risk flags and their audit entries. A placement made seven
 * statements here (linked totals, the flag or hold, four reads at once, the flags): each a round trip and a
 * pooled connection, and on this path the product waited on them more than on anything else
 * (bench/report.md).
 *
 * Run after the order's write has committed, so that of two orders one customer places at once the one
 * assessed later sees both.
 */
export async function assessPlacedOrder({
  db,
  orderId,
  placedAt,
  tiers,
  rules,
  eurRate,
  now = new Date(),
}: {
  db: Db;
  orderId: string;
  placedAt: Date;
  tiers: DueDiligenceTiers;
  rules: RiskRules;
  /** The previous day's EUR rate, which the placement read with the order (null: none known). */
  eurRate: { eurPerGbp: string; day: string } | null;
  now?: Date;
}): Promise<{ held: boolean; flags: RiskFlag[] }> {
  const [read] = await queryRowsPrepared<LinkedTotalsRow & RiskFlagReadsRow>(db, placedOrderRead(orderId, rules));
  const decision = decideDueDiligence(toLinkedTotals(read), eurRate, tiers);
  const flags = decideRiskFlags(read, rules, tiers, eurRate);
  // The hold first (its entry before the flags' in the audit log, as when the two were written apart).
  const dueDiligence = dueDiligenceWrite(orderId, decision, now);
  const risk = riskFlagsWrite(orderId, flags, placedAt);
  if (!dueDiligence && !risk) return { held: false, flags };
  const clauses = [dueDiligence?.clauses, risk?.clauses].filter((clause) => clause !== undefined);
  const [row] = await queryRowsPrepared<{ held: boolean }>(
    db,
    sql`with ${sql.join(clauses, sql`, `)}
      select ${dueDiligence?.held ?? sql`false`} as held${risk ? sql`, ${risk.stored} as stored` : sql``}`,
  );
  return { held: Boolean(row?.held), flags };
}

/**
 * The one read of a placement's assessment: the linked orders once (the widest window the totals and the
 * rules need), the linked totals and the risk rules' reads from them.
 */
export function placedOrderRead(orderId: string, rules: RiskRules): SQL {
  return sql`with linked as (${riskFlagsLinked(orderId, rules)})
    select totals.*, ${riskFlagReads(orderId, rules)} from ${linkedTotalsOf(false)}`;
}
