import { type SQL, sql } from "drizzle-orm";
import type { DueDiligenceOutcome, DueDiligenceTiers } from "@bureau/domain/due-diligence";
import { type DueDiligenceDecision, decideDueDiligence } from "@bureau/domain/placement/compliance";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";
import { linkedTotals } from "../../modules/compliance/linked-totals.ts";
import { auditEntryInsert } from "./audit-entry-insert.ts";
import { previousDayEurRate } from "./previous-day-eur-rate.ts";

export { decideDueDiligence };

/*
 * A test oracle: the due-diligence tiers applied to an order already written, reading its linked orders
 * again from the database, and writing the decision after it. Placements decide before they write
 * (modules/placement); tests hold the two to the same answers.
 */

/**
 * Applies the due-diligence tiers to a newly placed order (docs/features/due-diligence-tiers.md): flags it "Enhanced due diligence"
 * and puts it on hold at the euro threshold, on its linked totals with every order placed so far. A hold is
 * audited with the system as actor. Running it again changes nothing already decided.
 */
export async function assessDueDiligence({
  db,
  orderId,
  placedAt,
  tiers,
  now = new Date(),
  eurRate,
}: {
  db: Db;
  orderId: string;
  /** When the order was placed (its created_at): the day before it gives the EUR rate. */
  placedAt: Date;
  tiers: DueDiligenceTiers;
  now?: Date;
  /** That rate when the caller has read it already (previousDayEurRateJson). */
  eurRate?: { eurPerGbp: string; day: string } | null;
}): Promise<{ outcome: DueDiligenceOutcome | null; held: boolean }> {
  const [totals, rate] = await Promise.all([
    linkedTotals(db, { orderId, throughOrder: false }),
    eurRate === undefined ? previousDayEurRate(db, placedAt) : eurRate,
  ]);
  const decision = decideDueDiligence(totals, rate, tiers);
  const write = dueDiligenceWrite(orderId, decision, now);
  if (!write) return { outcome: decision.outcome, held: false };
  const [row] = await queryRows<{ held: boolean }>(db, sql`with ${write.clauses} select ${write.held} as held`);
  return { outcome: decision.outcome, held: Boolean(row?.held) };
}

/**
 * The statement clauses (common table expressions) storing a decision about an order already written, or
 * null when it changes nothing: `held` is the expression saying whether they put the order on hold. (A
 * placement decides before it writes, and writes the decision with its order: modules/placement.)
 *
 * The flag, the hold and its audit entry in one statement. The row is locked first so that the hold and its
 * entry follow from the order as it is now: still pending, and either never held or on a hold the
 * placement itself started (a sanctions match, held in the order's own write), which gains this reason on
 * a line of its own as placeOnHold does. A cleared hold, or a hold already giving this reason, is left as
 * it is: running the assessment again changes nothing already decided.
 */
function dueDiligenceWrite(
  orderId: string,
  { enhanced, holdReason }: DueDiligenceDecision,
  now: Date,
): { clauses: SQL; held: SQL } | null {
  if (!enhanced && !holdReason) return null;
  const clauses = sql`due_diligence_current as (
        select id, hold_reason as standing_reason,
          ${holdReason !== null} and status = 'pending'
            and (hold_reason is null or (hold_cleared_at is null and strpos(hold_reason, ${holdReason ?? ""}) = 0))
            as holds
        from orders where id = ${orderId} for update),
      due_diligence_changed as (
        update orders o set
          enhanced_due_diligence = o.enhanced_due_diligence or ${enhanced},
          hold_reason = case when c.holds
            then coalesce(c.standing_reason || E'\n', '') || ${holdReason}::text else o.hold_reason end,
          held_at = case when c.holds then coalesce(o.held_at, ${now.toISOString()}::timestamptz) else o.held_at end
        from due_diligence_current c
        where o.id = c.id and (${enhanced} or c.holds)
        returning c.holds, c.standing_reason, o.hold_reason),
      due_diligence_audited as (${auditEntryInsert(
        {
          actorId: null,
          actorEmail: null,
          action: "order.hold",
          entityType: "order",
          entityId: orderId,
          beforeSql: sql`case when due_diligence_changed.standing_reason is null then '{"onHold":false}'::jsonb
            else jsonb_build_object('onHold', true, 'reason', due_diligence_changed.standing_reason) end`,
          afterSql: sql`jsonb_build_object('onHold', true, 'reason', due_diligence_changed.hold_reason)`,
        },
        sql`from due_diligence_changed where due_diligence_changed.holds`,
      )})`;
  return { clauses, held: sql`exists (select 1 from due_diligence_audited)` };
}
