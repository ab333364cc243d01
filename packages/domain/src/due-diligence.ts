import { Dec, decFromInt, decFromString, toSafeInteger } from "./decimal.ts";
import { formatMinor } from "./money.ts";

/**
 * Customer due diligence tiers on a customer's linked total (docs/features/due-diligence-tiers.md).
 * Identification at collection applies to every order (as the product always did); above it:
 * - Enhanced: the linked 12-month sterling total, both ways, at or above `enhancedGbpMinor` (default
 *   £5,000) → the order is flagged "Enhanced due diligence" and completing it requires the customer's
 *   address and date of birth to be recorded at handover.
 * - Threshold (MLR 2017 reg. 27): the same linked total converted to euros at the previous day's EUR
 *   market rate at or above `thresholdEurMinor` (default €15,000) → the order is put on hold; staff must
 *   clear the hold, writing a reason, before it may be accepted or completed.
 * An operator may change both (DUE_DILIGENCE_ENHANCED_GBP, DUE_DILIGENCE_THRESHOLD_EUR).
 */
export type DueDiligenceTiers = {
  /** Pence. */
  enhancedGbpMinor: number;
  /** Euro cents. */
  thresholdEurMinor: number;
};

export const DEFAULT_DUE_DILIGENCE_TIERS: DueDiligenceTiers = {
  enhancedGbpMinor: 5_000_00,
  thresholdEurMinor: 15_000_00,
};

export const ENHANCED_DUE_DILIGENCE = "Enhanced due diligence";

/** The sterling totals of a customer's linked orders (this one included), in pence. */
export type LinkedTotals = {
  yearOrderGbpMinor: number;
  yearSellGbpMinor: number;
  monthOrderGbpMinor: number;
  monthSellGbpMinor: number;
};

export const linkedYearTotal = (totals: LinkedTotals) => totals.yearOrderGbpMinor + totals.yearSellGbpMinor;

/**
 * Sterling pence converted to euro cents at a market rate given as euros per pound, exactly (no
 * rounding: a total one penny under the threshold is under it, whatever the rate's decimals).
 */
export function euroMinorOf(gbpMinor: number, eurPerGbp: string): string {
  return decFromInt(gbpMinor).times(decFromString(eurPerGbp)).toFixed();
}

export type DueDiligenceOutcome = {
  enhanced: boolean;
  /** At or above the euro threshold: the order goes on hold. */
  threshold: boolean;
  /** The linked 12-month total in euro cents at the rate used (exact decimal text). */
  yearEurMinor: string;
};

/** Enhanced tier: the linked 12-month sterling total, both ways, at or above the enhanced tier. */
export function needsEnhancedDueDiligence(totals: LinkedTotals, tiers: DueDiligenceTiers): boolean {
  return linkedYearTotal(totals) >= tiers.enhancedGbpMinor;
}

/**
 * What the tiers ask for an order whose linked totals (itself included) are `totals`, with the EUR rate
 * of the previous day (euros per pound).
 */
export function dueDiligenceFor(
  totals: LinkedTotals,
  eurPerGbp: string,
  tiers: DueDiligenceTiers,
): DueDiligenceOutcome {
  const yearEurMinor = euroMinorOf(linkedYearTotal(totals), eurPerGbp);
  return {
    enhanced: needsEnhancedDueDiligence(totals, tiers),
    threshold: new Dec(yearEurMinor).gte(decFromInt(tiers.thresholdEurMinor)),
    yearEurMinor,
  };
}

/** Without any EUR rate the threshold cannot be checked: the order is held rather than let through. */
export function noEuroRateHoldReason(tiers: DueDiligenceTiers): string {
  return (
    `There is no EUR rate to check the linked total against the ${formatMinor(tiers.thresholdEurMinor, "EUR")} ` +
    "threshold (MLR 2017 reg. 27): check the customer before the order proceeds."
  );
}

/**
 * How every threshold hold's reason begins: the orders of a linked set held by one crossing are told
 * apart by it (an order already held for the threshold is not held again by the next crossing, and the
 * customer due diligence that clears one clears the others held for it alone).
 */
export const THRESHOLD_HOLD_REASON_START = "Linked 12-month total ";

/** The reason a threshold hold shows staff, with the figures it was decided on. */
export function thresholdHoldReason(
  outcome: DueDiligenceOutcome,
  totals: LinkedTotals,
  rate: { eurPerGbp: string; day: string },
  tiers: DueDiligenceTiers,
): string {
  const eurMinor = toSafeInteger(new Dec(outcome.yearEurMinor).round(0, Dec.roundDown));
  return (
    `${THRESHOLD_HOLD_REASON_START}${formatMinor(linkedYearTotal(totals), "GBP")} is ${formatMinor(eurMinor, "EUR")} ` +
    `at the EUR rate of ${rate.day} (${rate.eurPerGbp}), at or above the ${formatMinor(tiers.thresholdEurMinor, "EUR")} ` +
    "threshold (MLR 2017 reg. 27): customer due diligence before the order proceeds."
  );
}
