import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_NUMBER_PATTERN, isOrderNumber, orderNumberFromRandom } from "./order-number.ts";

const sequence = (...values: number[]) => {
  let i = 0;
  return () => {
    const v = values[i++];
    if (v === undefined) throw new Error("sequence exhausted");
    return v;
  };
};

describe("order numbers", () => {
  it("validates the 8-digit pattern", () => {
    expect(ORDER_NUMBER_PATTERN.test("12345678")).toBe(true);
    expect(isOrderNumber("12345678")).toBe(true);
    expect(isOrderNumber("1234567")).toBe(false);
    expect(isOrderNumber("123456789")).toBe(false);
    expect(isOrderNumber("1234567a")).toBe(false);
    expect(isOrderNumber("12345678\n")).toBe(false);
    expect(isOrderNumber(12345678)).toBe(false);
  });

  it("maps the edges of the accepted range", () => {
    expect(orderNumberFromRandom(sequence(0))).toBe("10000000");
    expect(orderNumberFromRandom(sequence(89_999_999))).toBe("99999999");
    expect(orderNumberFromRandom(sequence(90_000_000))).toBe("10000000");
    expect(orderNumberFromRandom(sequence(47 * 90_000_000 - 1))).toBe("99999999");
  });

  it("rejects draws from the biased tail and draws again", () => {
    expect(orderNumberFromRandom(sequence(47 * 90_000_000, 2 ** 32 - 1, 5))).toBe("10000005");
  });

  it("refuses a broken generator", () => {
    expect(() => orderNumberFromRandom(() => -1)).toThrow(RangeError);
    expect(() => orderNumberFromRandom(() => 2 ** 32)).toThrow(RangeError);
    expect(() => orderNumberFromRandom(() => 0.5)).toThrow(RangeError);
    expect(() => orderNumberFromRandom(() => 2 ** 32 - 1)).toThrow(/in a row/);
  });

  it("property: always an 8-digit number in range", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 100, maxLength: 100 }), (draws) => {
        fc.pre(draws.some((d) => d < 47 * 90_000_000));
        const n = orderNumberFromRandom(sequence(...draws));
        expect(n).toMatch(ORDER_NUMBER_PATTERN);
        expect(Number(n)).toBeGreaterThanOrEqual(10_000_000);
        expect(Number(n)).toBeLessThanOrEqual(99_999_999);
      }),
    );
  });
});
