import type { Way } from "../constants.ts";
import type { LinkedTotals } from "../due-diligence.ts";
import { formatMinor } from "../money.ts";
import { formatRate } from "../pricing.ts";
import { THRESHOLD_HOLD_REASON_START } from "../due-diligence.ts";
import type { RiskFlag } from "../risk-flags.ts";
import type { BasketLine } from "./basket.ts";
import type { LinkedRead } from "./compliance.ts";
import { decidePlacement, type PlacementRead, type PlacementSettings } from "./decide-placement.ts";
import type { PlacementRefusal } from "./refusals.ts";

/**
 * Amending a Pending order before the branch accepts it (issue 34 item 8, docs/features/amend-order.md):
 * new amounts for its lines and/or another branch, priced by new quotes and checked by the placement's own
 * decisions (decidePlacement: quotes, limits, notes at the branch, due diligence, risk flags), with the
 * order's own stored row taken out of its linked totals so that its old total is not counted beside its new.
 */

/** An order's line as it stands before the amendment. */
export type AmendableLine = {
  position: number;
  quoteId: string;
  currencyCode: string;
  rate: string;
  gbpMinor: number;
  foreignMinor: number;
  sterlingBackMinor: number;
};

/**
 * The order as its locked row reads it, with where its own stored row falls in the linked totals the
 * placement's read gives (READ counts the stored order and then the order again, as "this order", with
 * the amended total): in the 12 months (counted), in the last 30 days, in the frequent-orders window.
 */
export type AmendableOrder = {
  id: string;
  status: string;
  channel: "online" | "counter";
  way: Way;
  branchKey: string;
  totalGbpMinor: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  idKey: string | null;
  /** A Click & Sell priced at a buy-back guarantee's rate (docs/features/buyback-guarantee.md). */
  guaranteedSale: boolean;
  holdReason: string | null;
  holdClearedAt: string | null;
  lines: AmendableLine[];
  countedInYear: boolean;
  countedInMonth: boolean;
  countedInFrequent: boolean;
};

/** What the customer confirms: the new quotes (one per line, in the order's line order) and the branch. */
export type AmendmentRequest = { idempotencyKey: string; branch: string; lines: BasketLine[] };

export const AMEND_NOT_PENDING_MESSAGE =
  "This order can no longer be amended: the branch has already accepted it (or it is closed). Please call the branch to change it.";

export const AMEND_GUARANTEED_SALE_MESSAGE =
  "A sale at your buy-back guarantee's rate cannot be amended: cancel it and sell again from the guaranteed order's page.";

/**
 * Whether the customer may amend the order at all: Pending and placed online, and not a sale at a
 * buy-back guarantee's rate (its lines used the guarantee's remainder at that rate; new quotes would not).
 */
export function amendable(order: Pick<AmendableOrder, "status" | "channel" | "guaranteedSale">): boolean {
  return order.status === "pending" && order.channel === "online" && !order.guaranteedSale;
}

/** An amendment of an order that is no longer Pending (accepted meanwhile, or closed). */
export function notAmendable(): PlacementRefusal {
  return { code: "conflict", message: AMEND_NOT_PENDING_MESSAGE, fields: { order: AMEND_NOT_PENDING_MESSAGE } };
}

function amendmentLinesRefusal(message: string): PlacementRefusal {
  return { code: "validation_failed", message, fields: { lines: message } };
}

export const AMEND_NOTHING_CHANGED_MESSAGE = "Change an amount or the branch to amend your order.";

/**
 * Whether an amendment's asked-for amounts and branch may be quoted: the order must be Pending and
 * online, each of its lines given a positive amount (one per line, in line order), and something must
 * change. Null when it may.
 */
export function amendmentAskRefusal(
  order: Pick<AmendableOrder, "status" | "channel" | "guaranteedSale" | "branchKey" | "way" | "lines">,
  ask: { branch: string; amountsMinor: readonly number[] },
): PlacementRefusal | null {
  if (order.status !== "pending" || order.channel !== "online") return notAmendable();
  if (!amendable(order)) {
    return {
      code: "conflict",
      message: AMEND_GUARANTEED_SALE_MESSAGE,
      fields: { order: AMEND_GUARANTEED_SALE_MESSAGE },
    };
  }
  if (ask.amountsMinor.length !== order.lines.length) {
    return amendmentLinesRefusal("Give a new amount for each line of the order.");
  }
  if (ask.amountsMinor.some((amount) => !Number.isSafeInteger(amount) || amount <= 0)) {
    return amendmentLinesRefusal("Please give correct amount");
  }
  const sameAmounts = order.lines.every((line, index) => askedAmountOf(order.way, line) === ask.amountsMinor[index]);
  if (sameAmounts && ask.branch === order.branchKey) return amendmentLinesRefusal(AMEND_NOTHING_CHANGED_MESSAGE);
  return null;
}

/**
 * The amount a customer states for a line, as the basket asks for it: the sterling paid for a Click &
 * Collect line, the currency brought for a Click & Sell line.
 */
export function askedAmountOf(way: Way, line: Pick<AmendableLine, "gbpMinor" | "foreignMinor">): number {
  return way === "Order" ? line.gbpMinor : line.foreignMinor;
}

/**
 * The linked read without the order's own stored row: READ counted it as stored (its old total) and
 * counts it again as "this order" (with the amended total). Subtracted exactly where READ added it.
 */
export function withoutOwnOrder(
  linked: LinkedRead,
  own: Pick<AmendableOrder, "way" | "totalGbpMinor" | "countedInYear" | "countedInMonth" | "countedInFrequent">,
): LinkedRead {
  const totals: LinkedTotals = { ...linked.totals };
  if (own.countedInYear) {
    if (own.way === "Order") totals.yearOrderGbpMinor -= own.totalGbpMinor;
    else totals.yearSellGbpMinor -= own.totalGbpMinor;
    if (own.countedInMonth) {
      if (own.way === "Order") totals.monthOrderGbpMinor -= own.totalGbpMinor;
      else totals.monthSellGbpMinor -= own.totalGbpMinor;
    }
  }
  return {
    ...linked,
    totals,
    frequentOrders: own.countedInFrequent ? linked.frequentOrders - 1 : linked.frequentOrders,
  };
}

/**
 * The order's hold after an amendment whose due diligence gives `dueDiligenceHold` (null: none). An
 * amendment never lifts a hold (only staff clear one). A new reason is added on a line of its own to a
 * standing hold (keeping its start), or starts a hold on an order not held (or whose hold was cleared);
 * a standing threshold hold is not given a second threshold line. `changed` null: the hold is as it was.
 */
export function amendedHold(
  order: Pick<AmendableOrder, "holdReason" | "holdClearedAt">,
  dueDiligenceHold: string | null,
): { changed: null } | { changed: { reason: string; restart: boolean; before: unknown; after: unknown } } {
  if (dueDiligenceHold === null) return { changed: null };
  const standing = order.holdReason !== null && order.holdClearedAt === null;
  if (standing) {
    const standingReason = order.holdReason as string;
    const alreadyThreshold =
      dueDiligenceHold.startsWith(THRESHOLD_HOLD_REASON_START) &&
      `\n${standingReason}`.includes(`\n${THRESHOLD_HOLD_REASON_START}`);
    if (alreadyThreshold || `\n${standingReason}\n`.includes(`\n${dueDiligenceHold}\n`)) return { changed: null };
    const reason = `${standingReason}\n${dueDiligenceHold}`;
    return {
      changed: {
        reason,
        restart: false,
        before: { onHold: true, reason: standingReason },
        after: { onHold: true, reason },
      },
    };
  }
  return {
    changed: {
      reason: dueDiligenceHold,
      restart: true,
      before: { onHold: false },
      after: { onHold: true, reason: dueDiligenceHold },
    },
  };
}

/** The order's lines, branch and total on one side of an amendment (its audit entry and its record). */
export type AmendmentSide = {
  branchKey: string;
  totalGbpMinor: number;
  lines: AmendableLine[];
};

/**
 * What an amendment's one write stores, as plain data (its JSON parameter): the order's new branch and
 * total, its lines (replacing the old ones, which the amendment's record keeps), the notes it reserves at
 * the (new) branch, its hold, its due diligence flag, the risk flags now raised, the audit entries, the
 * hold of the customer's other open orders when the amended total crosses the threshold, and the
 * "order amended" e-mail.
 */
export type AmendmentWrite = {
  amendmentId: string;
  orderId: string;
  idempotencyKey: string;
  amendedAt: string;
  email: string;
  phone: string;
  idKey: string | null;
  branchKey: string;
  totalGbpMinor: number;
  enhancedDueDiligence: boolean;
  hold: { reason: string; restart: boolean } | null;
  lines: { position: number; quoteId: string; foreignMinor: number; sterlingBackMinor: number }[];
  reserve: { currency: string; valueMinor: number; count: number }[];
  riskFlags: RiskFlag[];
  audit: { action: "order.amend" | "order.hold" | "order.risk_flags"; before: unknown; after: unknown }[];
  before: AmendmentSide;
  after: AmendmentSide;
  seriesHoldReason: string | null;
  mail: { kind: "order-amended"; dedupeKey: string; payload: { to: string; data: { orderId: string } } };
};

export type AmendmentDecision =
  | { kind: "refused"; refusal: PlacementRefusal }
  | { kind: "write"; write: AmendmentWrite; notesCurrency: string | null; branchName: string };

/**
 * An amendment's decisions, from the locked order and the placement's read of the new quotes and branch:
 * the order must still be Pending (accepted meanwhile: refused) and each new quote of its line's currency;
 * then the placement's own decisions, in its order (quotes, limits, branch, notes), and the due diligence
 * and risk flags on the linked totals without the order's old total.
 */
export function decideAmendment({
  order,
  request,
  read,
  settings,
  amendmentId,
}: {
  order: AmendableOrder;
  request: AmendmentRequest;
  read: PlacementRead;
  settings: PlacementSettings;
  amendmentId: string;
}): AmendmentDecision {
  const ask = amendmentAskRefusal(order, {
    branch: request.branch,
    amountsMinor: request.lines.map((line) => (order.way === "Order" ? line.gbpMinor : line.foreignMinor)),
  });
  if (ask) return { kind: "refused", refusal: ask };
  const byId = new Map(read.quotes.map((q) => [q.id, q]));
  const sameCurrencies = request.lines.every(
    (line, index) =>
      (byId.get(line.quoteId)?.currencyCode ?? order.lines[index]?.currencyCode) === order.lines[index]?.currencyCode,
  );
  if (!sameCurrencies) return { kind: "refused", refusal: amendmentLinesRefusal("Each line keeps its currency.") };
  const placed = decidePlacement({
    request: {
      idempotencyKey: request.idempotencyKey,
      way: order.way,
      lines: request.lines,
      branch: request.branch,
      customer: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone },
      idKey: order.idKey,
    },
    read: { ...read, sameSubmission: false, linked: withoutOwnOrder(read.linked, order) },
    // The name is not amended: its screening at placement stands.
    screening: null,
    orderId: order.id,
    settings,
  });
  if (placed.kind === "refused") return placed;
  if (placed.kind !== "write") throw new Error("an amendment's read never answers a submission made before");
  const { write } = placed;
  const hold = amendedHold(order, write.holdReason);
  const after: AmendmentSide = {
    branchKey: request.branch,
    totalGbpMinor: write.totalGbpMinor,
    lines: placed.lines.map((line) => ({
      position: line.position,
      quoteId: line.id,
      currencyCode: line.currencyCode,
      rate: line.rate,
      gbpMinor: line.gbpMinor,
      foreignMinor: line.foreignMinor,
      sterlingBackMinor: line.sterlingBackMinor,
    })),
  };
  const before: AmendmentSide = { branchKey: order.branchKey, totalGbpMinor: order.totalGbpMinor, lines: order.lines };
  const amendedAt = settings.now.toISOString();
  return {
    kind: "write",
    branchName: placed.branch.name,
    notesCurrency: placed.notesCurrency,
    write: {
      amendmentId,
      orderId: order.id,
      idempotencyKey: request.idempotencyKey,
      amendedAt,
      email: order.email,
      phone: order.phone,
      idKey: order.idKey,
      branchKey: request.branch,
      totalGbpMinor: write.totalGbpMinor,
      enhancedDueDiligence: write.enhancedDueDiligence,
      hold: hold.changed && { reason: hold.changed.reason, restart: hold.changed.restart },
      lines: write.lines,
      reserve: write.reserve,
      riskFlags: write.riskFlags,
      audit: [
        { action: "order.amend", before, after },
        ...(hold.changed
          ? [{ action: "order.hold" as const, before: hold.changed.before, after: hold.changed.after }]
          : []),
        ...(write.riskFlags.length > 0
          ? [{ action: "order.risk_flags" as const, before: null, after: { flags: write.riskFlags } }]
          : []),
      ],
      before,
      after,
      seriesHoldReason: write.seriesHoldReason,
      mail: {
        kind: "order-amended",
        dedupeKey: `order-amended:${amendmentId}`,
        payload: { to: order.email, data: { orderId: order.id } },
      },
    },
  };
}

/**
 * One line of words for staff of what an amendment changed: each line's amounts (sterling and currency)
 * old → new, the total, and the branch when it moved (by its key; staff know the branch keys).
 */
export function amendmentSummary(before: AmendmentSide, after: AmendmentSide): string {
  const parts = after.lines.map((line, index) => {
    const old = before.lines[index];
    const was = old
      ? `${formatMinor(old.foreignMinor, old.currencyCode)} for ${formatMinor(old.gbpMinor, "GBP")}`
      : "none";
    const now = `${formatMinor(line.foreignMinor, line.currencyCode)} for ${formatMinor(line.gbpMinor, "GBP")}`;
    return `${line.currencyCode}: ${was} → ${now} at ${formatRate(line.rate)}`;
  });
  parts.push(`Total: ${formatMinor(before.totalGbpMinor, "GBP")} → ${formatMinor(after.totalGbpMinor, "GBP")}`);
  if (before.branchKey !== after.branchKey) parts.push(`Branch: ${before.branchKey} → ${after.branchKey}`);
  return parts.join("; ");
}
