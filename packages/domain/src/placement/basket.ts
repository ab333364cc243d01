import type { Way } from "../constants.ts";
import { type OrderChannel, quoteAtCounter } from "../counter-trade.ts";
import type { NoteCount } from "../note-split.ts";
import { type OrderLimits, orderLimitMessage, orderLimitProblem } from "../order-limits.ts";
import { formatRate, quote as priceQuote } from "../pricing.ts";
import { type BasketAtBranch, collectBasketAtBranch, sterlingValueUp } from "../whole-notes.ts";
import {
  expiredQuote,
  inconsistentQuote,
  notEnoughNotes,
  orderLimit,
  type PlacementRefusal,
  priceMismatch,
  unknownQuote,
  wrongWay,
} from "./refusals.ts";

/** A basket line as the customer's browser sends it: the quote it was priced by, and the price it showed. */
export type BasketLine = { quoteId: string; rate: string; gbpMinor: number; foreignMinor: number };

/** A quote as stored, with what the placement's read brings beside it. */
export type StoredQuote = {
  id: string;
  currencyCode: string;
  way: Way;
  /** The stored rates as the database gives them (numerics of any scale). */
  rate: string;
  marketRate: string;
  gbpMinor: number;
  foreignMinor: number;
  sterlingBackMinor: number;
  /** The currency's smallest note (staff's setting, else the note table's default). */
  smallestNoteMinor: number;
  expiresAt: Date;
  label: string;
  /** Whether an order line already holds the quote. */
  used: boolean;
  /** The branch's free notes of the quote's currency; null where it does not track it. */
  freeNotes: NoteCount[] | null;
  /** A Click & Sell priced at a buy-back guarantee's rate: the guaranteed order (null or absent: none). */
  buybackOrderId?: string | null | undefined;
};

/**
 * The basket's quotes, line by line, or the first line's refusal: every quote must be one we gave, of this
 * way, unexpired at `now`, priced exactly as the customer saw it, and (defence in depth) its stored
 * amounts must follow from its stored rate by the pricing rules (Click & Collect: notes at or below what
 * the sterling buys, and the rest of the sterling back).
 */
export function checkQuotes(
  way: Way,
  lines: readonly BasketLine[],
  stored: readonly StoredQuote[],
  now: Date,
  channel: OrderChannel = "online",
): { quotes: StoredQuote[] } | { refusal: PlacementRefusal } {
  const byId = new Map(stored.map((q) => [q.id, q]));
  const quotes: StoredQuote[] = [];
  for (const line of lines) {
    const q = byId.get(line.quoteId);
    if (!q) return { refusal: unknownQuote() };
    if (q.way !== way) return { refusal: wrongWay() };
    if (q.expiresAt.getTime() <= now.getTime()) return { refusal: expiredQuote(q.currencyCode) };
    const storedRate = formatRate(q.rate);
    if (storedRate !== line.rate || q.gbpMinor !== line.gbpMinor || q.foreignMinor !== line.foreignMinor) {
      return { refusal: priceMismatch(q.currencyCode) };
    }
    if (!(channel === "counter" ? isConsistentAtCounter(q, storedRate) : isConsistent(q, storedRate))) {
      return { refusal: inconsistentQuote() };
    }
    quotes.push(q);
  }
  return { quotes };
}

function isConsistent(q: StoredQuote, storedRate: string): boolean {
  const repriced =
    q.way === "Order"
      ? priceQuote({ way: q.way, rate: storedRate, currency: q.currencyCode, gbpMinor: q.gbpMinor })
      : priceQuote({ way: q.way, rate: storedRate, currency: q.currencyCode, foreignMinor: q.foreignMinor });
  if (!repriced.ok || repriced.gbpMinor !== q.gbpMinor) return false;
  return q.way === "Order"
    ? q.foreignMinor > 0 &&
        q.foreignMinor <= repriced.foreignMinor &&
        q.sterlingBackMinor === q.gbpMinor - sterlingValueUp(q.foreignMinor, storedRate, q.currencyCode)
    : repriced.foreignMinor === q.foreignMinor && q.sterlingBackMinor === 0;
}

/** A walk-in trade's quote: exactly its whole notes at its rate (counter-trade.ts quoteAtCounter), nothing back. */
function isConsistentAtCounter(q: StoredQuote, storedRate: string): boolean {
  const repriced = quoteAtCounter({
    way: q.way,
    rate: storedRate,
    currency: q.currencyCode,
    smallestNoteMinor: q.smallestNoteMinor,
    foreignMinor: q.foreignMinor,
  });
  return repriced.ok && repriced.gbpMinor === q.gbpMinor && q.sterlingBackMinor === 0;
}

/**
 * The Click & Collect limits over the whole order, line by line with the lines before it (each quote was
 * checked alone, against what the browser said its basket held; only here is the order known).
 */
export function orderLimitsRefusal(
  way: Way,
  lines: readonly { gbpMinor: number }[],
  limits: OrderLimits,
): PlacementRefusal | null {
  let counted = 0;
  for (const line of lines) {
    const problem = orderLimitProblem({ way, lineGbpMinor: line.gbpMinor, otherLinesGbpMinor: counted }, limits);
    if (problem) return orderLimit(orderLimitMessage(problem, limits));
    counted += line.gbpMinor;
  }
  return null;
}

/**
 * A Click & Collect order hands over notes only (whole-notes.ts): each line the largest amount of notes at
 * or below what its sterling buys, the rest back in sterling; where the branch tracks the currency, of its
 * free notes, which the order reserves. Null for a Click & Sell; the refusal when the branch is short.
 */
export function notesAtBranch(
  way: Way,
  quotes: readonly StoredQuote[],
  branchName: string,
  maxSterlingBackPercent: number,
): { notes: BasketAtBranch | null } | { refusal: PlacementRefusal } {
  if (way !== "Order") return { notes: null };
  const notes = collectBasketAtBranch(
    quotes.map((q) => ({
      currency: q.currencyCode,
      gbpMinor: q.gbpMinor,
      exactForeignMinor: exactForeignOf(q),
      rate: formatRate(q.rate),
      smallestNoteMinor: q.smallestNoteMinor,
      free: q.freeNotes,
    })),
    maxSterlingBackPercent,
  );
  if (notes.short) return { refusal: notEnoughNotes(notes.short.currency, branchName, notes.short.largestMinor) };
  return { notes };
}

/** What a checked Click & Collect quote's sterling buys at its rate (the quote stored the notes it makes). */
function exactForeignOf(q: StoredQuote): number {
  const exact = priceQuote({ way: "Order", rate: formatRate(q.rate), currency: q.currencyCode, gbpMinor: q.gbpMinor });
  return exact.ok ? exact.foreignMinor : q.foreignMinor;
}
