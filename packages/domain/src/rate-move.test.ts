import { describe, expect, it } from "vitest";
import { describeRateMove, isSuspiciousRateMove } from "./rate-move.ts";

describe("provider rate moves", () => {
  it("holds a move of more than 10% either way, exactly at the boundary", () => {
    expect(isSuspiciousRateMove("1.1000", "1.2100")).toBe(false); // exactly +10%
    expect(isSuspiciousRateMove("1.1000", "1.2101")).toBe(true);
    expect(isSuspiciousRateMove("1.1000", "0.9900")).toBe(false); // exactly −10%
    expect(isSuspiciousRateMove("1.1000", "0.9899")).toBe(true);
    expect(isSuspiciousRateMove("0", "1.2")).toBe(false);
  });

  it("describes the move signed, in percent of the current rate, one decimal half-up", () => {
    expect(describeRateMove("1.1500", "1.7250")).toBe("+50.0%");
    expect(describeRateMove("160.0000", "128.0000")).toBe("−20.0%");
    expect(describeRateMove("3.0000", "3.00015")).toBe("0.0%");
    expect(describeRateMove("8.0000", "9.0100")).toBe("+12.6%"); // 12.625 → 12.6
    expect(describeRateMove("0", "1")).toBe("new");
  });

  it("refuses text that is not a rate", () => {
    expect(() => describeRateMove("abc", "1")).toThrow(RangeError);
  });
});
