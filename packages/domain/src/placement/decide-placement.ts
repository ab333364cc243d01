import type { BuybackGuaranteeTerms } from "../buyback-guarantee.ts";
import type { Way } from "../constants.ts";
import type { OrderChannel } from "../counter-trade.ts";
import type { DueDiligenceTiers } from "../due-diligence.ts";
import type { OrderLimits } from "../order-limits.ts";
import type { RiskFlag, RiskRules } from "../risk-flags.ts";
import { sanctionsHoldReason, type ScreeningOutcome } from "../sanctions-screening.ts";
import { type BasketLine, checkQuotes, notesAtBranch, orderLimitsRefusal, type StoredQuote } from "./basket.ts";
import {
  decideCompliance,
  type EurRate,
  type LinkedRead,
  type PlacementAuditEntry,
  placementHolds,
} from "./compliance.ts";
import { decideBuyback, type PlacementBuyback } from "./buyback.ts";
import { noBranch, type PlacementRefusal, quoteUsed } from "./refusals.ts";

export type PlacementRequest = {
  idempotencyKey: string;
  way: Way;
  lines: BasketLine[];
  branch: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  /**
   * Online (the default), or a walk-in trade at the counter (issue 33 item 3): its e-mail and phone may be
   * empty, it is linked by `idKey` as well, and no "order received" e-mail is sent (the customer is at
   * the desk and takes a printed receipt).
   */
  channel?: OrderChannel | undefined;
  /** The identity document shown at the counter (packages/domain identity-key.ts); null: none. */
  idKey?: string | null | undefined;
  /** An online Click & Collect with the buy-back guarantee: its terms as sold (docs/features/buyback-guarantee.md). */
  buybackGuarantee?: BuybackGuaranteeTerms | null | undefined;
};

export type PlacementBranch = { key: string; name: string; addressLines: string[]; postcode: string; phone: string };

/** Everything the placement's one read gathers, typed. */
export type PlacementRead = {
  /** The basket's quotes that exist (any order). */
  quotes: StoredQuote[];
  /** Whether an order with the submission's key exists already (a retry of this very submission). */
  sameSubmission: boolean;
  /** The branch asked for; null when there is no such branch. */
  branch: PlacementBranch | null;
  /** The newest UK Sanctions List import the customer's name is screened against (null: none yet). */
  sanctionsListId: string | null;
  eurRate: EurRate | null;
  linked: LinkedRead;
};

/** The screening of the customer's name against one list version (null when there is no list yet). */
export type PlacementScreening = ScreeningOutcome & { listId: string; screenedName: string };

export type PlacementSettings = {
  limits: OrderLimits;
  tiers: DueDiligenceTiers;
  rules: RiskRules;
  maxSterlingBackPercent: number;
  /** When the order is placed (its created_at; the due diligence's day). */
  now: Date;
};

/**
 * What the placement's one write stores, as plain data (its JSON parameter): the order, its lines in
 * quote-id order (so that two orders sharing quotes wait for each other instead of deadlocking), the notes
 * it reserves (currency, then largest note first: the rows are locked in that order), the screening, the
 * risk flags, the order's audit entries, the hold of the customer's other open orders when it crosses
 * the threshold, and the "order received" e-mail.
 */
export type PlacementWrite = {
  orderId: string;
  way: Way;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  branchKey: string;
  totalGbpMinor: number;
  idempotencyKey: string;
  createdAt: string;
  holdReason: string | null;
  heldAt: string | null;
  enhancedDueDiligence: boolean;
  emailSeq: number;
  phoneSeq: number;
  lines: { position: number; quoteId: string; foreignMinor: number; sterlingBackMinor: number }[];
  reserve: { currency: string; valueMinor: number; count: number }[];
  screening: {
    listId: string;
    screenedName: string;
    score: string;
    result: "match" | "clear";
    matchedEntryId: string | null;
    matchedName: string | null;
  } | null;
  riskFlags: RiskFlag[];
  audit: PlacementAuditEntry[];
  /** The threshold hold's reason the customer's other open orders take (docs/features/linked-series-and-customer-due-diligence.md); null: none. */
  seriesHoldReason: string | null;
  channel: OrderChannel;
  idKey: string | null;
  /** The "order received" e-mail; null for a walk-in trade. */
  mail: { kind: "order-received"; dedupeKey: string; payload: { to: string; data: { orderId: string } } } | null;
} & PlacementBuyback;

/** A line of the order as its receipt shows it: the quote's, with the notes the branch gives. */
export type PlacedLine = StoredQuote & { position: number };

export type PlacementDecision =
  | { kind: "same-submission" }
  | { kind: "refused"; refusal: PlacementRefusal }
  | {
      kind: "write";
      write: PlacementWrite;
      branch: PlacementBranch;
      lines: PlacedLine[];
      /**
       * Click & Collect only: the currency named when notes it reserves are taken by a concurrent order
       * twice (null: a Click & Sell, which reserves nothing).
       */
      notesCurrency: string | null;
    };

/**
 * A placement's decisions, from what its read gathered (and the screening of the customer's name) to what
 * its write stores: a retry of the same submission answers the order it made; a used, unknown, foreign,
 * expired or mispriced quote, the order limits, a missing branch and a branch short of notes refuse, in
 * that order; else the order with its notes, its screening, its due diligence and its risk flags.
 */
// Longer than 100 lines because it is the placement's decisions in their order, each a line or two, and
// the write they make; each decision is a function of its own (basket.ts, compliance.ts, buyback.ts).
export function decidePlacement({
  request,
  read,
  screening,
  orderId,
  settings,
}: {
  request: PlacementRequest;
  read: PlacementRead;
  screening: PlacementScreening | null;
  orderId: string;
  settings: PlacementSettings;
}): PlacementDecision {
  // Without any known quote, the submission cannot have made an order, so there is nothing to answer.
  if (read.quotes.length > 0 && read.sameSubmission) return { kind: "same-submission" };
  if (read.quotes.some((q) => q.used)) return { kind: "refused", refusal: quoteUsed() };
  const checked = checkQuotes(request.way, request.lines, read.quotes, settings.now, request.channel);
  if ("refusal" in checked) return { kind: "refused", refusal: checked.refusal };
  const buyback = decideBuyback(request, checked.quotes);
  if ("refusal" in buyback) return { kind: "refused", refusal: buyback.refusal };
  const limits = orderLimitsRefusal(request.way, request.lines, settings.limits);
  if (limits) return { kind: "refused", refusal: limits };
  const branch = read.branch;
  if (!branch) return { kind: "refused", refusal: noBranch() };
  const split = notesAtBranch(request.way, checked.quotes, branch.name, settings.maxSterlingBackPercent);
  if ("refusal" in split) return { kind: "refused", refusal: split.refusal };
  const reserved = split.notes?.reserve ?? [];
  // Each line hands over the notes the branch gives (the quote's, unless its stock decides otherwise).
  const lines: PlacedLine[] = checked.quotes.map((q, index) => {
    const notes = split.notes?.lines[index];
    return {
      ...q,
      position: index + 1,
      ...(notes ? { foreignMinor: notes.notesMinor, sterlingBackMinor: notes.sterlingBackMinor } : {}),
    };
  });
  const compliance = decideCompliance({
    linked: read.linked,
    way: request.way,
    lines,
    reserved,
    eurRate: read.eurRate,
    tiers: settings.tiers,
    rules: settings.rules,
  });
  const matched = screening?.result === "match" ? screening.best : null;
  const holds = placementHolds({
    sanctionsHold: matched && screening ? sanctionsHoldReason({ ...matched, score: screening.score }) : null,
    dueDiligenceHold: compliance.dueDiligence.holdReason,
    flags: compliance.flags,
  });
  const placedAt = settings.now.toISOString();
  const { dueDiligence } = compliance;
  const write: PlacementWrite = {
    orderId,
    way: request.way,
    ...request.customer,
    branchKey: request.branch,
    totalGbpMinor: request.lines.reduce((sum, line) => sum + line.gbpMinor, 0),
    idempotencyKey: request.idempotencyKey,
    createdAt: placedAt,
    holdReason: holds.holdReason,
    heldAt: holds.holdReason === null ? null : placedAt,
    enhancedDueDiligence: dueDiligence.enhanced,
    emailSeq: compliance.emailSeq,
    phoneSeq: compliance.phoneSeq,
    lines: [...lines]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((line) => ({
        position: line.position,
        quoteId: line.id,
        foreignMinor: line.foreignMinor,
        sterlingBackMinor: line.sterlingBackMinor,
      })),
    reserve: reserved
      .flatMap(({ currency, notes }) => notes.map((note) => ({ currency, ...note })))
      .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : b.valueMinor - a.valueMinor)),
    screening: screening && {
      listId: screening.listId,
      screenedName: screening.screenedName,
      score: screening.score.toFixed(3),
      result: screening.result,
      matchedEntryId: screening.best?.entryId ?? null,
      matchedName: screening.best?.name ?? null,
    },
    riskFlags: compliance.flags,
    audit: holds.audit,
    seriesHoldReason: dueDiligence.outcome?.threshold && dueDiligence.holdReason ? dueDiligence.holdReason : null,
    channel: request.channel ?? "online",
    idKey: request.idKey ?? null,
    mail: receivedMail(request, orderId),
    ...buyback,
  };
  return {
    kind: "write",
    write,
    branch,
    lines,
    notesCurrency: split.notes ? (reserved[0]?.currency ?? "") : null,
  };
}

/** The "order received" e-mail of an online order; a walk-in customer takes a printed receipt instead. */
function receivedMail(request: PlacementRequest, orderId: string): PlacementWrite["mail"] {
  if (request.channel === "counter") return null;
  return {
    kind: "order-received",
    dedupeKey: `order-received:${orderId}`,
    payload: { to: request.customer.email, data: { orderId } },
  };
}
