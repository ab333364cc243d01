import type { NoteCount } from "./note-split.ts";
import {
  NOT_YOUR_BRANCH_MESSAGE,
  NOT_YOUR_ROLE_MESSAGE,
  roleMay,
  type StaffPlacement,
  worksAt,
} from "./staff-permissions.ts";
import type { TillMovement } from "./till.ts";

/**
 * Reversals (issue 33 item 4, docs/features/reversals.md): a completed order or walk-in trade is
 * corrected only by a reversal, asked for with a reason by one member of staff and approved by a
 * manager (or an admin) who is not the one who asked. Approval writes the exact opposite of what the
 * completion moved: its till movements negated, its notes back into stock or out of it.
 */

export const REVERSAL_STATUSES = ["requested", "approved", "refused"] as const;
export type ReversalStatus = (typeof REVERSAL_STATUSES)[number];

/** A reason or a refusal's note: written down, 5 to 500 characters. Null when acceptable, else what is wrong. */
export function reversalTextProblem(text: string, what: "reason" | "note"): string | null {
  const trimmed = text.trim();
  const noun = what === "reason" ? "why the order is reversed" : "why the reversal is refused";
  if (trimmed.length < 5) return `Write ${noun} (at least 5 characters)`;
  if (trimmed.length > 500) return "Keep it to 500 characters";
  return null;
}

/** Why an order cannot be asked to be reversed (the API's 409), or null when it can. */
export function reversalRequestRefusal(order: {
  status: string;
  reversedAt: Date | string | null;
  liveReversal: ReversalStatus | null;
}): string | null {
  if (order.reversedAt !== null || order.liveReversal === "approved") return "This order has already been reversed.";
  if (order.status !== "completed") {
    return `This order is ${order.status}: only a completed order or trade is reversed (an open order is cancelled instead).`;
  }
  if (order.liveReversal === "requested")
    return "A reversal of this order has already been requested: a manager approves or refuses it on the Reversals page.";
  return null;
}

/** Who decides a reversal: the staff member deciding, and the reversal as asked. */
export type ReversalDecider = StaffPlacement & { id: string };

/**
 * Why `decider` may not approve or refuse this reversal (a 403's message), or null when they may: a
 * role that approves reversals, working at the order's branch (an admin works at every branch), and
 * never the one who asked for it (a second person).
 */
export function reversalDecisionRefusal(
  decider: ReversalDecider,
  reversal: { requestedById: string; branchKey: string },
): string | null {
  if (!roleMay(decider.role, "reversal.approve")) return NOT_YOUR_ROLE_MESSAGE;
  if (!worksAt(decider, reversal.branchKey)) return NOT_YOUR_BRANCH_MESSAGE;
  if (decider.id === reversal.requestedById)
    return "You asked for this reversal: another manager approves or refuses it.";
  return null;
}

/** Why a decided reversal cannot be decided again (the API's 409), or null while it is requested. */
export function reversalDecidedRefusal(status: ReversalStatus): string | null {
  if (status === "approved") return "This reversal has already been approved.";
  if (status === "refused") return "This reversal has been refused: ask for a new one if the order is still wrong.";
  return null;
}

/**
 * The till movements that undo what a completion moved: each currency and payment method's net
 * movement negated (money paid in goes back out by the same method; notes handed over come back in).
 * Netting first writes one line per currency and method; a net of nothing writes none.
 */
export function compensatingTillMovements(moved: readonly TillMovement[]): TillMovement[] {
  const net = new Map<string, TillMovement>();
  for (const movement of moved) {
    const key = `${movement.currency}:${movement.method}`;
    const entry = net.get(key) ?? { currency: movement.currency, method: movement.method, amountMinor: 0 };
    entry.amountMinor += movement.amountMinor;
    net.set(key, entry);
  }
  return [...net.values()]
    .filter((entry) => entry.amountMinor !== 0)
    .map((entry) => ({ ...entry, amountMinor: -entry.amountMinor }));
}

/** One currency's notes an order moved (its order_notes), as the stock settlement wrote them. */
export type OrderNotesMoved = { currency: string; notes: readonly NoteCount[] };

/** A change of a branch's stock: per currency and note, signed (into stock positive). */
export type StockChange = { currency: string; valueMinor: number; change: number };

/**
 * The stock changes that undo a completion's notes: a Click & Collect order (or a walk-in sale) handed
 * its notes over, so they come back into stock; a Click & Sell order (or a walk-in purchase) received
 * its notes into stock, so they go out again.
 */
export function compensatingStockChanges(way: "Order" | "Sell", moved: readonly OrderNotesMoved[]): StockChange[] {
  const sign = way === "Order" ? 1 : -1;
  return moved.flatMap(({ currency, notes }) =>
    notes
      .filter((note) => note.count > 0)
      .map((note) => ({ currency, valueMinor: note.valueMinor, change: sign * note.count })),
  );
}

/** A branch's stock of one note: how many there are, and how many open orders hold reserved. */
export type NoteStock = { currency: string; valueMinor: number; count: number; reserved: number };

/**
 * The changes the stock cannot take: a note going out of stock needs that many notes free (not
 * reserved by open orders). Empty when every change fits.
 */
export function stockShortfalls(changes: readonly StockChange[], stock: readonly NoteStock[]): StockChange[] {
  return changes.filter((change) => {
    if (change.change >= 0) return false;
    const held = stock.find((s) => s.currency === change.currency && s.valueMinor === change.valueMinor);
    return (held ? held.count - held.reserved : 0) < -change.change;
  });
}

/** The till the reversal's money goes through, or why there is none. */
export type ReversalTillChoice = { tillId: string } | { refusal: "no-open-till" };

/**
 * Which till a reversal moves: the till that recorded the completion while it is still open (the money
 * comes back to the drawer it left), else the requester's open till at the order's branch (they are at
 * the counter with the customer), else none: the approval waits for the requester to open their till.
 */
export function chooseReversalTill(tills: {
  completion: { id: string; status: "open" | "awaiting_signoff" | "closed" } | null;
  requesterOpenTillId: string | null;
}): ReversalTillChoice {
  if (tills.completion?.status === "open") return { tillId: tills.completion.id };
  if (tills.requesterOpenTillId) return { tillId: tills.requesterOpenTillId };
  return { refusal: "no-open-till" };
}
