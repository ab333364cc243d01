import { sql } from "drizzle-orm";
import {
  type DueDiligenceOutcome,
  type DueDiligenceTiers,
  dueDiligenceFor,
  needsEnhancedDueDiligence,
  noEuroRateHoldReason,
  thresholdHoldReason,
} from "@bureau/domain/due-diligence";
import { trimDecimal } from "@bureau/domain/pricing";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";
import { auditEntryInsert } from "../audit/write-audit.ts";
import { linkedTotals } from "./linked-totals.ts";
import { previousDayEurRate } from "./previous-day-eur-rate.ts";

/**
 * Applies the due-diligence tiers to a newly placed order (decision 018): flags it "Enhanced due diligence"
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
  /** That rate when the caller has read it already (placement's read, previousDayEurRateJson). */
  eurRate?: { eurPerGbp: string; day: string } | null;
}): Promise<{ outcome: DueDiligenceOutcome | null; held: boolean }> {
  // One round trip on a placement's path (the rate came with its read), a write only when a tier is reached.
  const [totals, rate] = await Promise.all([
    linkedTotals(db, { orderId, throughOrder: false }),
    eurRate === undefined ? previousDayEurRate(db, placedAt) : eurRate,
  ]);
  const outcome = rate ? dueDiligenceFor(totals, rate.eurPerGbp, tiers) : null;
  const enhanced = needsEnhancedDueDiligence(totals, tiers);
  const holdReason = !rate
    ? noEuroRateHoldReason(tiers)
    : outcome?.threshold
      ? thresholdHoldReason(outcome, totals, { eurPerGbp: trimDecimal(rate.eurPerGbp), day: rate.day }, tiers)
      : null;
  if (!enhanced && !holdReason) return { outcome, held: false };
  // The flag, the hold and its audit entry in one statement (a placement waited for five round trips
  // here: the flag's update, then begin, hold, audit, commit). The row is locked first so that the hold
  // and its entry follow from the order as it is now: still pending, and either never held or on a hold
  // the placement itself started (a sanctions match, held in the order's own write), which gains this
  // reason on a line of its own as placeOnHold does. A cleared hold, or a hold already giving this reason,
  // is left as it is: running the assessment again changes nothing already decided.
  const [row] = await queryRows<{ held: boolean }>(
    db,
    sql`with current as (
        select id, hold_reason as standing_reason,
          ${holdReason !== null} and status = 'pending'
            and (hold_reason is null or (hold_cleared_at is null and strpos(hold_reason, ${holdReason ?? ""}) = 0))
            as holds
        from orders where id = ${orderId} for update),
      changed as (
        update orders o set
          enhanced_due_diligence = o.enhanced_due_diligence or ${enhanced},
          hold_reason = case when c.holds
            then coalesce(c.standing_reason || E'\n', '') || ${holdReason}::text else o.hold_reason end,
          held_at = case when c.holds then coalesce(o.held_at, ${now.toISOString()}::timestamptz) else o.held_at end
        from current c
        where o.id = c.id and (${enhanced} or c.holds)
        returning c.holds, c.standing_reason, o.hold_reason),
      audited as (${auditEntryInsert(
        {
          actorId: null,
          actorEmail: null,
          action: "order.hold",
          entityType: "order",
          entityId: orderId,
          beforeSql: sql`case when changed.standing_reason is null then '{"onHold":false}'::jsonb
            else jsonb_build_object('onHold', true, 'reason', changed.standing_reason) end`,
          afterSql: sql`jsonb_build_object('onHold', true, 'reason', changed.hold_reason)`,
        },
        sql`from changed where changed.holds`,
      )})
      select exists (select 1 from audited) as held`,
  );
  return { outcome, held: Boolean(row?.held) };
}
