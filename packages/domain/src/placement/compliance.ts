import type { Way } from "../constants.ts";
import {
  type DueDiligenceOutcome,
  type DueDiligenceTiers,
  dueDiligenceFor,
  type LinkedTotals,
  needsEnhancedDueDiligence,
  noEuroRateHoldReason,
  thresholdHoldReason,
} from "../due-diligence.ts";
import type { NoteCount } from "../note-split.ts";
import { trimDecimal } from "../pricing.ts";
import {
  frequentOrdersFlag,
  highValueNotesFlag,
  namesDifferFlag,
  nearTierFlag,
  type RiskFlag,
  type RiskRules,
} from "../risk-flags.ts";
import { notesHandedOver } from "../whole-notes.ts";

/** The EUR market rate (euros per pound) of the day before the order's, and that day; null: none known. */
export type EurRate = { eurPerGbp: string; day: string };

/** What the tiers decide for an order from its linked totals: the flag, and the hold's reason if any. */
export type DueDiligenceDecision = {
  outcome: DueDiligenceOutcome | null;
  enhanced: boolean;
  holdReason: string | null;
};

/**
 * The tiers applied to an order's linked totals (docs/features/due-diligence-tiers.md), with the previous day's EUR rate.
 * `covered`: the customer has a customer due-diligence record of the last 12 months (docs/features/linked-series-and-customer-due-diligence.md), so the
 * threshold holds nothing (the flag stands). Without a rate the threshold cannot be checked: held.
 */
export function decideDueDiligence(
  totals: LinkedTotals,
  rate: EurRate | null,
  tiers: DueDiligenceTiers,
  covered = false,
): DueDiligenceDecision {
  const outcome = rate ? dueDiligenceFor(totals, rate.eurPerGbp, tiers) : null;
  const enhanced = needsEnhancedDueDiligence(totals, tiers);
  const holdReason = covered
    ? null
    : !rate
      ? noEuroRateHoldReason(tiers)
      : outcome?.threshold
        ? thresholdHoldReason(outcome, totals, { eurPerGbp: trimDecimal(rate.eurPerGbp), day: rate.day }, tiers)
        : null;
  return { outcome, enhanced, holdReason };
}

/** One currency of an order as the risk rules see it: its amounts, and the notes reserved for it (null: none). */
export type RiskCurrency = {
  currencyCode: string;
  /** The sterling its notes are worth: what was paid less what goes back. */
  gbpMinor: number;
  foreignMinor: number;
  way: Way;
  notes: NoteCount[] | null;
};

/** Another name on the customer's contact details, as the names-differ rule sees it. */
export type OtherName = { name: string; orderNumber: string; via: "email" | "phone"; mine: string };

/** What the risk rules look at (docs/features/risk-flags-and-suspicion-reports.md): the order's own currencies and lines, and its linked orders. */
export type RiskReads = {
  currencies: RiskCurrency[];
  /** The order's lines' sterling, in line order. */
  linesGbpMinor: number[];
  /** The customer's linked orders (this one included) in the frequent-orders window. */
  frequentOrders: number;
  /** Other names on the customer's orders of the last 12 months (the 25 newest by each link); none: []. */
  otherNames: OtherName[];
};

/**
 * The order's own currencies and lines as the risk rules read them, from the lines and the notes reserved
 * of an order about to be written: per currency (in code order) the sterling its notes are worth and the
 * notes amount, with the reserved notes largest first.
 */
export function ownRiskReads(
  way: Way,
  lines: readonly { currencyCode: string; gbpMinor: number; foreignMinor: number; sterlingBackMinor?: number }[],
  reserved: readonly { currency: string; notes: readonly NoteCount[] }[],
): Pick<RiskReads, "currencies" | "linesGbpMinor"> {
  const byCurrency = new Map<string, { gbpMinor: number; foreignMinor: number }>();
  for (const line of lines) {
    const seen = byCurrency.get(line.currencyCode) ?? { gbpMinor: 0, foreignMinor: 0 };
    byCurrency.set(line.currencyCode, {
      gbpMinor: seen.gbpMinor + line.gbpMinor - (line.sterlingBackMinor ?? 0),
      foreignMinor: seen.foreignMinor + line.foreignMinor,
    });
  }
  return {
    currencies: [...byCurrency]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currencyCode, sums]) => {
        const notes = reserved.find((r) => r.currency === currencyCode)?.notes ?? [];
        return {
          currencyCode,
          ...sums,
          way,
          notes:
            notes.length === 0
              ? null
              : [...notes]
                  .sort((a, b) => b.valueMinor - a.valueMinor)
                  .map((n) => ({ valueMinor: n.valueMinor, count: n.count })),
        };
      }),
    linesGbpMinor: lines.map((line) => line.gbpMinor),
  };
}

/** The risk rules applied to what they look at (with the previous day's EUR rate; null: none known). */
export function decideRiskFlags(
  reads: RiskReads,
  rules: RiskRules,
  tiers: DueDiligenceTiers,
  rate: { eurPerGbp: string } | null,
): RiskFlag[] {
  const mine = reads.otherNames[0]?.mine;
  return [
    highValueNotesFlag(
      reads.currencies.map((c) => ({
        currency: c.currencyCode,
        gbpMinor: c.gbpMinor,
        foreignMinor: c.foreignMinor,
        // A collection's notes: those reserved where the branch tracks the currency, else the notes its
        // amount is handed over in. A sale's are the customer's, known only at the counter.
        ...(c.way !== "Order"
          ? { notes: null }
          : c.notes
            ? { notes: c.notes }
            : { notes: notesHandedOver(c.currencyCode, c.foreignMinor), notesSource: "to hand over" as const }),
      })),
      rules,
    ),
    nearTierFlag(
      { linesGbpMinor: reads.linesGbpMinor, orderGbpMinor: reads.linesGbpMinor.reduce((a, b) => a + b, 0) },
      tiers,
      rate?.eurPerGbp ?? null,
      rules,
    ),
    frequentOrdersFlag(reads.frequentOrders, rules),
    mine
      ? namesDifferFlag(
          mine,
          reads.otherNames.map((o) => ({ name: o.name, orderNumber: o.orderNumber, via: o.via })),
        )
      : null,
  ].filter((flag): flag is RiskFlag => flag !== null);
}

/** What a placement's read gives of the customer's linked orders (the order to be written counted in). */
export type LinkedRead = {
  totals: LinkedTotals;
  frequentOrders: number;
  otherNames: OtherName[];
  /** The highest place in the customer's sequence of placements by e-mail and by phone (null: none yet). */
  emailSeq: number | null;
  phoneSeq: number | null;
  /** Whether the customer has a customer due-diligence record of the last 12 months (docs/features/linked-series-and-customer-due-diligence.md). */
  dueDiligenceCovered: boolean;
};

/**
 * A placement's due diligence (docs/features/due-diligence-tiers.md) and risk flags (docs/features/risk-flags-and-suspicion-reports.md), decided before its order is
 * written, and the order's places in its customer's sequences of placements: one more than the highest
 * the read saw, so that of two placements that read the same orders only one is written.
 */
export function decideCompliance({
  linked,
  way,
  lines,
  reserved,
  eurRate,
  tiers,
  rules,
}: {
  linked: LinkedRead;
  way: Way;
  lines: readonly { currencyCode: string; gbpMinor: number; foreignMinor: number; sterlingBackMinor?: number }[];
  reserved: readonly { currency: string; notes: readonly NoteCount[] }[];
  eurRate: EurRate | null;
  tiers: DueDiligenceTiers;
  rules: RiskRules;
}): { dueDiligence: DueDiligenceDecision; flags: RiskFlag[]; emailSeq: number; phoneSeq: number } {
  const own = ownRiskReads(way, lines, reserved);
  return {
    dueDiligence: decideDueDiligence(linked.totals, eurRate, tiers, linked.dueDiligenceCovered),
    flags: decideRiskFlags(
      { ...own, frequentOrders: linked.frequentOrders, otherNames: linked.otherNames },
      rules,
      tiers,
      eurRate,
    ),
    emailSeq: (linked.emailSeq ?? 0) + 1,
    phoneSeq: (linked.phoneSeq ?? 0) + 1,
  };
}

/** An audit entry of the order, by the system, as the placement's write stores it. */
export type PlacementAuditEntry = { action: "order.hold" | "order.risk_flags"; before: unknown; after: unknown };

/**
 * The order's hold reason (a sanctions match's first, then the due diligence's on a line of its own, as
 * placing on hold adds one) and the audit entries the placement writes with it: the sanctions hold, the due
 * diligence hold, then the risk flags, as they were entered when written one after another.
 */
export function placementHolds({
  sanctionsHold,
  dueDiligenceHold,
  flags,
}: {
  sanctionsHold: string | null;
  dueDiligenceHold: string | null;
  flags: readonly RiskFlag[];
}): { holdReason: string | null; audit: PlacementAuditEntry[] } {
  const audit: PlacementAuditEntry[] = [];
  let holdReason: string | null = null;
  for (const reason of [sanctionsHold, dueDiligenceHold]) {
    if (reason === null) continue;
    const before = holdReason === null ? { onHold: false } : { onHold: true, reason: holdReason };
    holdReason = holdReason === null ? reason : `${holdReason}\n${reason}`;
    audit.push({ action: "order.hold", before, after: { onHold: true, reason: holdReason } });
  }
  if (flags.length > 0) audit.push({ action: "order.risk_flags", before: null, after: { flags } });
  return { holdReason, audit };
}
