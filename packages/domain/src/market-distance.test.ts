import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decFromString, pow10, ROUND_HALF_UP, ZERO } from "./decimal.ts";
import { describeMarketDistance, marketDistance } from "./market-distance.ts";
import { customerRate } from "./pricing.ts";

describe("distance of a customer rate from the market rate", () => {
  it("says it in words, from the rates as shown", () => {
    // EUR as seeded: market 1.1520, Click & Collect margin -2.5 → 1.1232; Click & Sell +3 → 1.1866.
    expect(describeMarketDistance("1.1232", "1.1520")).toBe("2.5% below the market rate");
    expect(describeMarketDistance("1.1866", "1.1520")).toBe("3.0% above the market rate");
    expect(describeMarketDistance("1.1520", "1.152")).toBe("at the market rate");
    // 2.9% of the example: rounded half-up to one decimal.
    expect(describeMarketDistance("97.1", "100")).toBe("2.9% below the market rate");
    expect(describeMarketDistance("97.05", "100")).toBe("3.0% below the market rate");
    expect(describeMarketDistance("99.96", "100")).toBe("at the market rate");
  });

  it("refuses what is not a rate", () => {
    expect(() => marketDistance("abc", "1")).toThrow(RangeError);
    expect(() => marketDistance("1", "0")).toThrow(RangeError);
  });

  it("matches the margin's sign and size within rounding, for any margin and market rate", () => {
    const rate = fc
      .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 9_999 }))
      .map(([units, fraction]) => `${units}.${String(fraction).padStart(4, "0")}`);
    const margin = fc.integer({ min: -2_000, max: 2_000 }).map((hundredths) => (hundredths / 100).toFixed(2));
    fc.assert(
      fc.property(rate, margin, (market, marginPercent) => {
        const { percent, direction } = marketDistance(customerRate(market, marginPercent), market);
        const signed = direction === "below" ? -Number(percent) : Number(percent);
        // The customer rate is rounded to 4 decimals: on a rate of at least 1 that moves it by at most
        // 0.005% of the market rate, then the percentage is rounded to 0.1.
        expect(Math.abs(signed - Number(marginPercent))).toBeLessThanOrEqual(0.05 + 0.005 + 1e-9);
        if (Number(marginPercent) <= -0.1) expect(direction).toBe("below");
        if (Number(marginPercent) >= 0.1) expect(direction).toBe("above");
      }),
    );
  });

  it("is exactly the decimal type's |customer - market| * 100 / market, rounded half-up to 0.1", () => {
    const decimal = fc
      .tuple(fc.integer({ min: 0, max: 999_999 }), fc.nat({ max: 99_999_999 }), fc.integer({ min: 0, max: 8 }))
      .map(([units, fraction, places]) =>
        places === 0 ? String(units) : `${units}.${String(fraction).padStart(8, "0").slice(0, places)}`,
      );
    fc.assert(
      fc.property(decimal, decimal, (customer, market) => {
        fc.pre(decFromString(market).gt(ZERO));
        const difference = decFromString(customer).minus(decFromString(market));
        const expected = difference.abs().times(pow10(2)).div(decFromString(market)).round(1, ROUND_HALF_UP);
        const { percent, direction } = marketDistance(customer, market);
        expect(percent).toBe(expected.eq(ZERO) ? "0.0" : expected.toFixed(1));
        expect(direction).toBe(expected.eq(ZERO) ? "at" : difference.lt(ZERO) ? "below" : "above");
      }),
      { numRuns: 2_000 },
    );
    // Halves round up, and a rate written with more places than the other compares exactly.
    expect(marketDistance("1.00050", "1")).toEqual({ percent: "0.1", direction: "above" });
    expect(marketDistance("0.99950", "1.0000")).toEqual({ percent: "0.1", direction: "below" });
    expect(marketDistance("0.9995000001", "1")).toEqual({ percent: "0.0", direction: "at" });
  });
});
