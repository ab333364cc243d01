import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRateAlertTarget, rateAlertTargetMessages, rateAlertTargetMet } from "./rate-alerts.ts";

describe("parseRateAlertTarget", () => {
  it("accepts a positive exact decimal of up to four places, in canonical form", () => {
    expect(parseRateAlertTarget("1.2")).toEqual({ ok: true, target: "1.2" });
    expect(parseRateAlertTarget(" 01.1500 ")).toEqual({ ok: true, target: "1.15" });
    expect(parseRateAlertTarget("1,234.5678")).toEqual({ ok: true, target: "1234.5678" });
    expect(parseRateAlertTarget("0.0001")).toEqual({ ok: true, target: "0.0001" });
  });

  it("refuses empty, non-numbers, zero, negatives, five decimals and absurd sizes with a clear message", () => {
    expect(parseRateAlertTarget("")).toEqual({ ok: false, message: rateAlertTargetMessages.missing });
    expect(parseRateAlertTarget("abc")).toEqual({ ok: false, message: rateAlertTargetMessages.notANumber });
    expect(parseRateAlertTarget("1e3")).toEqual({ ok: false, message: rateAlertTargetMessages.notANumber });
    expect(parseRateAlertTarget("0")).toEqual({ ok: false, message: rateAlertTargetMessages.notPositive });
    expect(parseRateAlertTarget("0.0000")).toEqual({ ok: false, message: rateAlertTargetMessages.notPositive });
    expect(parseRateAlertTarget("-1.2")).toEqual({ ok: false, message: rateAlertTargetMessages.notPositive });
    expect(parseRateAlertTarget("1.23456")).toEqual({ ok: false, message: rateAlertTargetMessages.tooPrecise });
    expect(parseRateAlertTarget("1.23450")).toEqual({ ok: true, target: "1.2345" });
    expect(parseRateAlertTarget("10000000000")).toEqual({ ok: false, message: rateAlertTargetMessages.tooLarge });
  });
});

describe("rateAlertTargetMet", () => {
  /** A decimal of up to four places from an integer count of ten-thousandths, written as people type it. */
  const fromTenThousandths = (units: bigint) => {
    const text = units.toString().padStart(5, "0");
    return `${text.slice(0, -4)}.${text.slice(-4)}`.replace(/\.?0+$/, "") || "0";
  };
  const arbUnits = fc.bigInt({ min: 1n, max: 10_000_000_000n });

  it("is met exactly when £1 buys at least the target (what fires an alert), compared as exact decimals", () => {
    fc.assert(
      fc.property(arbUnits, arbUnits, (target, rate) => {
        expect(rateAlertTargetMet(fromTenThousandths(target), fromTenThousandths(rate))).toBe(target <= rate);
      }),
    );
    expect(rateAlertTargetMet("1.1232", "1.1232")).toBe(true);
    expect(rateAlertTargetMet("1.1233", "1.1232")).toBe(false);
    // Trailing zeros of a stored numeric change nothing.
    expect(rateAlertTargetMet("1.12320000", "1.1232")).toBe(true);
  });
});
