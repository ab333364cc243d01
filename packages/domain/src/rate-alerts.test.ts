import { describe, expect, it } from "vitest";
import { parseRateAlertTarget, rateAlertTargetMessages } from "./rate-alerts.ts";

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
