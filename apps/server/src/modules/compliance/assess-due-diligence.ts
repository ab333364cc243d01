import { and, eq, isNull, sql } from "drizzle-orm";
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
import { orders } from "../../db/schema.ts";
import { writeAudit } from "../audit/write-audit.ts";
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
}: {
  db: Db;
  orderId: string;
  /** When the order was placed (its created_at): the day before it gives the EUR rate. */
  placedAt: Date;
  tiers: DueDiligenceTiers;
  now?: Date;
}): Promise<{ outcome: DueDiligenceOutcome | null; held: boolean }> {
  // One round trip on a placement's path: both reads at once, a write only when a tier is reached.
  const [totals, rate] = await Promise.all([
    linkedTotals(db, { orderId, throughOrder: false }),
    previousDayEurRate(db, placedAt),
  ]);
  const outcome = rate ? dueDiligenceFor(totals, rate.eurPerGbp, tiers) : null;
  const enhanced = needsEnhancedDueDiligence(totals, tiers);
  const holdReason = !rate
    ? noEuroRateHoldReason(tiers)
    : outcome?.threshold
      ? thresholdHoldReason(outcome, totals, { eurPerGbp: trimDecimal(rate.eurPerGbp), day: rate.day }, tiers)
      : null;
  if (enhanced) {
    await db.update(orders).set({ enhancedDueDiligence: true }).where(eq(orders.id, orderId));
  }
  if (!holdReason) return { outcome, held: false };
  return db.transaction(async (tx) => {
    const [held] = await tx
      .update(orders)
      .set({ holdReason, heldAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.holdReason), sql`${orders.status} = 'pending'`))
      .returning({ id: orders.id });
    if (held) {
      await writeAudit(tx, {
        actorId: null,
        actorEmail: null,
        action: "order.hold",
        entityType: "order",
        entityId: orderId,
        before: { onHold: false },
        after: { onHold: true, reason: holdReason },
      });
    }
    return { outcome, held: Boolean(held) };
  });
}
