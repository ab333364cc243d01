import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_DUE_DILIGENCE_TIERS, noEuroRateHoldReason, THRESHOLD_HOLD_REASON_START } from "../due-diligence.ts";
import { DEFAULT_RISK_RULES } from "../risk-flags.ts";
import { decideCompliance, decideDueDiligence, type LinkedRead, ownRiskReads, placementHolds } from "./compliance.ts";

const tiers = DEFAULT_DUE_DILIGENCE_TIERS;
const rate = { eurPerGbp: "1.15000000", day: "2026-11-26" };
const totals = (yearGbpMinor: number) => ({
  yearOrderGbpMinor: yearGbpMinor,
  yearSellGbpMinor: 0,
  monthOrderGbpMinor: yearGbpMinor,
  monthSellGbpMinor: 0,
});

describe("due diligence from the linked totals", () => {
  it("holds at the euro threshold with the figures, unless a check of the last 12 months covers the customer", () => {
    const crossing = decideDueDiligence(totals(2_000_000), rate, tiers);
    expect(crossing.outcome?.threshold).toBe(true);
    expect(crossing.holdReason?.startsWith(THRESHOLD_HOLD_REASON_START)).toBe(true);
    expect(crossing.holdReason).toContain("at the EUR rate of 2026-11-26 (1.15)");
    const covered = decideDueDiligence(totals(2_000_000), rate, tiers, true);
    expect(covered).toMatchObject({ enhanced: true, holdReason: null });
  });

  it("holds without any EUR rate, the threshold being unchecked", () => {
    expect(decideDueDiligence(totals(100), null, tiers)).toEqual({
      outcome: null,
      enhanced: false,
      holdReason: noEuroRateHoldReason(tiers),
    });
  });

  it("flags enhanced due diligence exactly from the enhanced tier, and never holds below the threshold", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_000_000 }), (year) => {
        const decision = decideDueDiligence(totals(year), rate, tiers);
        expect(decision.enhanced).toBe(year >= tiers.enhancedGbpMinor);
        expect(decision.holdReason !== null).toBe(decision.outcome?.threshold === true);
      }),
    );
  });
});

describe("what the risk rules read of the order's own lines", () => {
  it("sums each currency once, in code order, to the sterling its notes are worth", () => {
    const line = fc.record({
      currencyCode: fc.constantFrom("EUR", "USD", "AED"),
      gbpMinor: fc.integer({ min: 1, max: 250_000 }),
      foreignMinor: fc.integer({ min: 0, max: 300_000 }),
      sterlingBackMinor: fc.integer({ min: 0, max: 1_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const reads = ownRiskReads("Order", lines, []);
        const codes = reads.currencies.map((c) => c.currencyCode);
        expect(codes).toEqual([...new Set(lines.map((l) => l.currencyCode))].sort());
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        expect(sum(reads.currencies.map((c) => c.gbpMinor))).toBe(
          sum(lines.map((l) => l.gbpMinor - l.sterlingBackMinor)),
        );
        expect(reads.linesGbpMinor).toEqual(lines.map((l) => l.gbpMinor));
      }),
    );
  });

  it("gives the notes reserved largest first", () => {
    const reads = ownRiskReads(
      "Order",
      [{ currencyCode: "EUR", gbpMinor: 10_000, foreignMinor: 11_000 }],
      [
        {
          currency: "EUR",
          notes: [
            { valueMinor: 1000, count: 1 },
            { valueMinor: 5000, count: 2 },
          ],
        },
      ],
    );
    expect(reads.currencies[0]?.notes).toEqual([
      { valueMinor: 5000, count: 2 },
      { valueMinor: 1000, count: 1 },
    ]);
  });
});

describe("a placement's compliance", () => {
  const linked: LinkedRead = {
    totals: totals(25_000),
    frequentOrders: 1,
    otherNames: [],
    emailSeq: null,
    phoneSeq: 7,
    dueDiligenceCovered: false,
  };

  it("takes the next place in each of the customer's sequences", () => {
    const decided = decideCompliance({
      linked,
      way: "Order",
      lines: [{ currencyCode: "EUR", gbpMinor: 25_000, foreignMinor: 28_500 }],
      reserved: [],
      eurRate: rate,
      tiers,
      rules: DEFAULT_RISK_RULES,
    });
    expect(decided).toMatchObject({ emailSeq: 1, phoneSeq: 8, flags: [] });
  });

  it("flags frequent orders and other names from the linked orders", () => {
    const decided = decideCompliance({
      linked: {
        ...linked,
        frequentOrders: 9,
        otherNames: [{ name: "Bob Smith", orderNumber: "12345678", via: "phone", mine: "Ada Lovelace" }],
      },
      way: "Sell",
      lines: [{ currencyCode: "EUR", gbpMinor: 25_000, foreignMinor: 28_500 }],
      reserved: [],
      eurRate: rate,
      tiers,
      rules: DEFAULT_RISK_RULES,
    });
    expect(decided.flags.map((f) => f.rule)).toEqual(["frequent_orders", "names_differ"]);
  });
});

describe("the holds a placement writes", () => {
  const reason = fc.option(fc.string({ minLength: 1, maxLength: 40 }), { nil: null });

  it("holds for every reason given, each on a line of its own, audited one entry a reason", () => {
    fc.assert(
      fc.property(reason, reason, fc.boolean(), (sanctionsHold, dueDiligenceHold, flagged) => {
        const flags = flagged ? [{ rule: "frequent_orders" as const, detail: "3 orders" }] : [];
        const { holdReason, audit } = placementHolds({ sanctionsHold, dueDiligenceHold, flags });
        const reasons = [sanctionsHold, dueDiligenceHold].filter((r) => r !== null);
        expect(holdReason).toBe(reasons.length === 0 ? null : reasons.join("\n"));
        const holds = audit.filter((entry) => entry.action === "order.hold");
        expect(holds).toHaveLength(reasons.length);
        if (holds.length > 0) expect(holds.at(-1)?.after).toEqual({ onHold: true, reason: holdReason });
        const firstBefore: unknown = holds[0]?.before ?? { onHold: false };
        expect(firstBefore).toEqual({ onHold: false });
        expect(audit.at(-1)?.action === "order.risk_flags").toBe(flagged);
      }),
    );
  });
});
