import { displayDates } from "./dates.ts";
import { decFromString } from "./decimal.ts";
import { formatMinor } from "./money.ts";
import { formatRate, sellGbpMinorFor } from "./pricing.ts";

/**
 * The buy-back guarantee (issue 34 item 7, docs/features/buyback-guarantee.md): bought for a fee with a
 * Click & Collect order, it lets the customer sell back, within so many days of collecting the notes, up
 * to the amount of each currency bought at the rate they bought it at, in whole notes, at any branch.
 *
 * One set of rules for the quote of a guaranteed sale (online and at the counter), the order page's line
 * and the checkout's offer. What the stored guarantee holds (what is left, until when) is the server's;
 * these functions only decide from it.
 */

/** BUYBACK_GUARANTEE_GBP and BUYBACK_GUARANTEE_DAYS' defaults: £4.99 for 45 days. */
export const DEFAULT_BUYBACK_GUARANTEE = { feeGbpMinor: 499, days: 45 } as const;

export type BuybackGuaranteeTerms = { feeGbpMinor: number; days: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a guarantee ends: `days` after the notes were collected (the order's completion), not after it was
 * bought: a customer who collects late still has the whole period abroad.
 */
export function buybackUntil(collectedAt: Date, days: number): Date {
  if (!Number.isInteger(days) || days <= 0)
    throw new RangeError(`Expected a positive whole number of days, got ${days}`);
  return new Date(collectedAt.getTime() + days * DAY_MS);
}

/** One currency of a guaranteed order as stored: the rate bought at, and what is still left to sell back. */
export type GuaranteedCurrency = {
  currency: string;
  /** The customer rate of the Click & Collect order (units per £1, as stored: any scale). */
  rate: string;
  /** The notes bought, in minor units. */
  boughtMinor: number;
  /** What earlier guaranteed sales have used (the ones not cancelled or expired). */
  usedMinor: number;
  until: Date;
};

/** Why a sale gets none of the guarantee (null: it gets some). */
export type NotGuaranteedReason = "expired" | "used" | "rate-not-better";

export type GuaranteedSell = {
  /** The part of the sale priced at the original rate: whole notes, at most what is left. */
  guaranteedMinor: number;
  /** Its sterling at the original rate, rounded down as every sale is. */
  guaranteedGbpMinor: number;
  /** The rest, priced at the day's sell rate by the ordinary quote. */
  restMinor: number;
  /** The original rate (4 decimals) the guaranteed part is priced at. */
  rate: string;
  /** Null when a part is guaranteed. */
  reason: NotGuaranteedReason | null;
};

/** What is left of one currency's guarantee: never below 0, never more than was bought. */
export function buybackLeftMinor(guarantee: Pick<GuaranteedCurrency, "boughtMinor" | "usedMinor">): number {
  return Math.min(guarantee.boughtMinor, Math.max(0, guarantee.boughtMinor - guarantee.usedMinor));
}

/**
 * A sale of `foreignMinor` (whole notes) of the guaranteed currency at `now`, with the day's sell rate
 * `currentRate`: the guaranteed part is the whole notes of it up to what is left, priced at the original
 * rate; the rest goes at the day's rate. Nothing is guaranteed after the deadline, once all is used, or
 * when the day's rate is as good for the customer as the original (fewer or as many units per pound: the
 * guarantee is then not worth using, and what is left stays left).
 */
export function guaranteedSell({
  guarantee,
  foreignMinor,
  currentRate,
  smallestNoteMinor,
  now,
}: {
  guarantee: GuaranteedCurrency;
  foreignMinor: number;
  currentRate: string;
  smallestNoteMinor: number;
  now: Date;
}): GuaranteedSell {
  if (!Number.isSafeInteger(foreignMinor) || foreignMinor < 0) {
    throw new RangeError(`Expected a non-negative whole amount, got ${foreignMinor}`);
  }
  if (!Number.isSafeInteger(smallestNoteMinor) || smallestNoteMinor <= 0) {
    throw new RangeError(`Expected a positive smallest note, got ${smallestNoteMinor}`);
  }
  const rate = formatRate(guarantee.rate);
  const none = (reason: NotGuaranteedReason): GuaranteedSell => ({
    guaranteedMinor: 0,
    guaranteedGbpMinor: 0,
    restMinor: foreignMinor,
    rate,
    reason,
  });
  if (now.getTime() >= guarantee.until.getTime()) return none("expired");
  const left = buybackLeftMinor(guarantee);
  const leftInNotes = Math.floor(left / smallestNoteMinor) * smallestNoteMinor;
  if (leftInNotes === 0) return none("used");
  // A higher rate is more currency per pound: for a sale, fewer pounds for the same notes.
  if (!decFromString(formatRate(currentRate)).gt(decFromString(rate))) return none("rate-not-better");
  const guaranteedMinor = Math.min(Math.floor(foreignMinor / smallestNoteMinor) * smallestNoteMinor, leftInNotes);
  return {
    guaranteedMinor,
    guaranteedGbpMinor: sellGbpMinorFor(guaranteedMinor, rate, guarantee.currency),
    restMinor: foreignMinor - guaranteedMinor,
    rate,
    reason: guaranteedMinor === 0 ? "used" : null,
  };
}

/** How a guarantee stands, for My orders and the order page. */
export type BuybackStanding = "open" | "used" | "expired" | "not-started";

export function buybackStanding(
  currencies: readonly Pick<GuaranteedCurrency, "boughtMinor" | "usedMinor" | "until">[],
  now: Date,
): BuybackStanding {
  const first = currencies[0];
  if (!first) return "not-started";
  if (now.getTime() >= first.until.getTime()) return "expired";
  return currencies.some((c) => buybackLeftMinor(c) > 0) ? "open" : "used";
}

/**
 * The order page's line: "Buy-back guarantee: €200.00 left to sell back at 1.1232 until January 12th,
 * 2027" (one clause per currency), or that it was used, or ended, or starts at collection.
 */
export function buybackGuaranteeText(
  currencies: readonly GuaranteedCurrency[],
  days: number,
  now: Date,
  timeZone: string,
): string {
  const standing = buybackStanding(currencies, now);
  if (standing === "not-started") {
    return `Buy-back guarantee: for ${days} days from when you collect your notes.`;
  }
  const until = displayDates(timeZone).longDate(currencies[0]!.until);
  if (standing === "expired") return `Buy-back guarantee: ended on ${until}.`;
  if (standing === "used") return "Buy-back guarantee: used in full.";
  const clauses = currencies
    .filter((c) => buybackLeftMinor(c) > 0)
    .map((c) => `${formatMinor(buybackLeftMinor(c), c.currency)} left to sell back at ${formatRate(c.rate)}`);
  return `Buy-back guarantee: ${clauses.join(", ")} until ${until}`;
}

/** The checkout's offer: "Buy-back guarantee: £4.99, sell back what you do not spend at the same rate within 45 days". */
export function buybackOfferText(terms: BuybackGuaranteeTerms): string {
  return `Buy-back guarantee (${formatMinor(terms.feeGbpMinor, "GBP")}): sell back what you do not spend at the rate you bought at, within ${terms.days} days of collecting`;
}
