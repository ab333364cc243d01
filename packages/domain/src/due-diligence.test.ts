import { describe, expect, it } from "vitest";
import {
  DEFAULT_DUE_DILIGENCE_TIERS,
  dueDiligenceFor,
  euroMinorOf,
  needsEnhancedDueDiligence,
} from "./due-diligence.ts";

const totals = (yearOrder: number, yearSell = 0) => ({
  yearOrderGbpMinor: yearOrder,
  yearSellGbpMinor: yearSell,
  monthOrderGbpMinor: 0,
  monthSellGbpMinor: 0,
});

describe("due-diligence tiers", () => {
  it("converts pence to euro cents exactly at a rate of euros per pound", () => {
    expect(euroMinorOf(1_250_000, "1.2")).toBe("1500000");
    expect(euroMinorOf(1_304_348, "1.15")).toBe("1500000.2");
    expect(euroMinorOf(1_304_347, "1.15")).toBe("1499999.05");
  });

  it("reaches Enhanced at £5,000 of both ways together, not at £4,999.99", () => {
    expect(needsEnhancedDueDiligence(totals(2_500_00, 2_500_00), DEFAULT_DUE_DILIGENCE_TIERS)).toBe(true);
    expect(needsEnhancedDueDiligence(totals(2_500_00, 2_499_99), DEFAULT_DUE_DILIGENCE_TIERS)).toBe(false);
  });

  it("reaches the threshold at €15,000 at the given rate, not one penny below", () => {
    expect(dueDiligenceFor(totals(13_043_48), "1.15", DEFAULT_DUE_DILIGENCE_TIERS).threshold).toBe(true);
    expect(dueDiligenceFor(totals(13_043_47), "1.15", DEFAULT_DUE_DILIGENCE_TIERS).threshold).toBe(false);
    expect(dueDiligenceFor(totals(0, 12_500_00), "1.2", DEFAULT_DUE_DILIGENCE_TIERS)).toEqual({
      enhanced: true,
      threshold: true,
      yearEurMinor: "1500000",
    });
  });
});
