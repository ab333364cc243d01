import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { THRESHOLD_HOLD_REASON_START } from "../due-diligence.ts";
import {
  AMEND_GUARANTEED_SALE_MESSAGE,
  AMEND_NOTHING_CHANGED_MESSAGE,
  AMEND_NOT_PENDING_MESSAGE,
  amendedHold,
  amendmentAskRefusal,
  amendmentSummary,
  withoutOwnOrder,
} from "./amend-order.ts";
import type { LinkedRead } from "./compliance.ts";

const line = (gbpMinor: number, foreignMinor: number) => ({
  position: 1,
  quoteId: "q",
  currencyCode: "EUR",
  rate: "1.1232",
  gbpMinor,
  foreignMinor,
  sterlingBackMinor: 0,
});

const pendingOrder = {
  status: "pending",
  channel: "online" as const,
  guaranteedSale: false,
  branchKey: "worthing",
  way: "Order" as const,
  lines: [line(250_00, 280_00)],
};

describe("amendmentAskRefusal", () => {
  it("refuses an order that is not Pending, or a walk-in trade", () => {
    for (const status of ["accepted", "completed", "cancelled", "expired"]) {
      expect(
        amendmentAskRefusal({ ...pendingOrder, status }, { branch: "worthing", amountsMinor: [300_00] })?.message,
      ).toBe(AMEND_NOT_PENDING_MESSAGE);
    }
    expect(
      amendmentAskRefusal({ ...pendingOrder, channel: "counter" }, { branch: "worthing", amountsMinor: [300_00] })
        ?.code,
    ).toBe("conflict");
    // A sale at a buy-back guarantee's rate used the guarantee at that rate: new quotes would not.
    expect(
      amendmentAskRefusal(
        { ...pendingOrder, way: "Sell", guaranteedSale: true },
        { branch: "worthing", amountsMinor: [100_00] },
      )?.message,
    ).toBe(AMEND_GUARANTEED_SALE_MESSAGE);
  });

  it("needs one positive amount per line, and a change", () => {
    expect(amendmentAskRefusal(pendingOrder, { branch: "worthing", amountsMinor: [] })?.code).toBe("validation_failed");
    expect(amendmentAskRefusal(pendingOrder, { branch: "worthing", amountsMinor: [0] })?.code).toBe(
      "validation_failed",
    );
    expect(amendmentAskRefusal(pendingOrder, { branch: "worthing", amountsMinor: [250_00] })?.message).toBe(
      AMEND_NOTHING_CHANGED_MESSAGE,
    );
    expect(amendmentAskRefusal(pendingOrder, { branch: "brighton", amountsMinor: [250_00] })).toBeNull();
    expect(amendmentAskRefusal(pendingOrder, { branch: "worthing", amountsMinor: [260_00] })).toBeNull();
    // A sale states the currency brought.
    expect(
      amendmentAskRefusal({ ...pendingOrder, way: "Sell" }, { branch: "worthing", amountsMinor: [280_00] })?.message,
    ).toBe(AMEND_NOTHING_CHANGED_MESSAGE);
  });
});

describe("withoutOwnOrder", () => {
  const linkedArb = fc.record({
    year: fc.integer({ min: 0, max: 10_000_000 }),
    month: fc.integer({ min: 0, max: 10_000_000 }),
    frequent: fc.integer({ min: 0, max: 50 }),
  });

  it("takes the order's old total out exactly where the read counted it, and nothing else", () => {
    fc.assert(
      fc.property(
        linkedArb,
        fc.integer({ min: 1, max: 2_500_00 }),
        fc.constantFrom("Order" as const, "Sell" as const),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        ({ year, month, frequent }, total, way, inYear, inMonthIfYear, inFrequent) => {
          const inMonth = inYear && inMonthIfYear;
          // What READ gives when it counted the stored order as the flags say (on top of others' totals).
          const others = {
            yearOrderGbpMinor: year,
            yearSellGbpMinor: year,
            monthOrderGbpMinor: month,
            monthSellGbpMinor: month,
          };
          const counted = { ...others };
          if (inYear) counted[way === "Order" ? "yearOrderGbpMinor" : "yearSellGbpMinor"] += total;
          if (inMonth) counted[way === "Order" ? "monthOrderGbpMinor" : "monthSellGbpMinor"] += total;
          const linked: LinkedRead = {
            totals: counted,
            frequentOrders: frequent + (inFrequent ? 1 : 0),
            otherNames: [],
            emailSeq: 3,
            phoneSeq: 4,
            dueDiligenceCovered: false,
          };
          const without = withoutOwnOrder(linked, {
            way,
            totalGbpMinor: total,
            countedInYear: inYear,
            countedInMonth: inMonth,
            countedInFrequent: inFrequent,
          });
          expect(without.totals).toEqual(others);
          expect(without.frequentOrders).toBe(frequent);
          expect(without.emailSeq).toBe(3);
        },
      ),
    );
  });
});

describe("amendedHold", () => {
  const reasonArb = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes("\n"));
  const orderArb = fc.record({
    holdReason: fc.option(reasonArb, { nil: null }),
    holdClearedAt: fc.option(fc.constant("2026-01-01T00:00:00Z"), { nil: null }),
  });

  it("never lifts a hold, and a new reason always stands on the order afterwards", () => {
    fc.assert(
      fc.property(orderArb, fc.option(reasonArb, { nil: null }), (order, reason) => {
        const { changed } = amendedHold(order, reason);
        if (reason === null) {
          expect(changed).toBeNull();
          return;
        }
        const after = changed ? changed.reason : order.holdReason;
        const standingAfter = changed !== null || (order.holdReason !== null && order.holdClearedAt === null);
        expect(standingAfter).toBe(true);
        expect(after?.split("\n")).toContain(reason);
        if (order.holdReason !== null && order.holdClearedAt === null && changed) {
          expect(changed.reason.startsWith(order.holdReason)).toBe(true);
          expect(changed.restart).toBe(false);
        }
      }),
    );
  });

  it("does not give a standing threshold hold a second threshold line", () => {
    const standing = `${THRESHOLD_HOLD_REASON_START}£700.00 is €786.24`;
    expect(
      amendedHold({ holdReason: standing, holdClearedAt: null }, `${THRESHOLD_HOLD_REASON_START}£800.00 is €898.56`),
    ).toEqual({ changed: null });
  });
});

describe("amendmentSummary", () => {
  it("says each line's amounts, the total and the branch, old → new", () => {
    expect(
      amendmentSummary(
        { branchKey: "worthing", totalGbpMinor: 250_00, lines: [line(250_00, 280_00)] },
        { branchKey: "brighton", totalGbpMinor: 300_00, lines: [line(300_00, 335_00)] },
      ),
    ).toBe(
      "EUR: €280.00 for £250.00 → €335.00 for £300.00 at 1.1232; Total: £250.00 → £300.00; Branch: worthing → brighton",
    );
  });
});
