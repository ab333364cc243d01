import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  currencyExponent,
  currencySign,
  formatMinor,
  groupThousands,
  minorToMajorString,
  parseMajorToMinor,
} from "./money.ts";

describe("currencyExponent", () => {
  it("uses ISO 4217 exceptions and defaults to 2", () => {
    expect(currencyExponent("GBP")).toBe(2);
    expect(currencyExponent("EUR")).toBe(2);
    expect(currencyExponent("HUF")).toBe(2);
    expect(currencyExponent("IDR")).toBe(2);
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("krw")).toBe(0);
    expect(currencyExponent("KWD")).toBe(3);
    expect(currencyExponent("IQD")).toBe(3);
  });
});

describe("minorToMajorString", () => {
  it("is exact for each exponent", () => {
    expect(minorToMajorString(13000, "GBP")).toBe("130.00");
    expect(minorToMajorString(5, "GBP")).toBe("0.05");
    expect(minorToMajorString(0, "EUR")).toBe("0.00");
    expect(minorToMajorString(1234, "JPY")).toBe("1234");
    expect(minorToMajorString(1, "KWD")).toBe("0.001");
    expect(minorToMajorString(-150, "GBP")).toBe("-1.50");
    expect(minorToMajorString(Number.MAX_SAFE_INTEGER, "GBP")).toBe("90071992547409.91");
  });

  it("rejects non-integers", () => {
    expect(() => minorToMajorString(1.5, "GBP")).toThrow(RangeError);
  });
});

describe("parseMajorToMinor", () => {
  it.each([
    ["123.4", "GBP", 12340],
    ["1,000", "GBP", 100000],
    ["  50 ", "GBP", 5000],
    ["12,345.67", "EUR", 1234567],
    ["0.019", "GBP", 1],
    ["12.", "GBP", 1200],
    [".5", "GBP", 50],
    ["1234.9", "JPY", 1234],
    ["1.2345", "KWD", 1234],
    ["0", "GBP", 0],
  ] as const)("%j %s → %d", (text, currency, expected) => {
    expect(parseMajorToMinor(text, currency)).toBe(expected);
  });

  it.each(["", " ", "-5", "+5", "NaN", "abc", "1e3", "1,00", "12,3456", "1.2.3", ",100", "1 000", "Infinity", "."])(
    "%j is invalid",
    (text) => {
      expect(parseMajorToMinor(text, "GBP")).toBeNull();
    },
  );

  it("refuses amounts beyond safe integers", () => {
    expect(parseMajorToMinor("90071992547409.92", "GBP")).toBeNull();
    expect(parseMajorToMinor("90071992547409.91", "GBP")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("round-trips minorToMajorString", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom("GBP", "JPY", "KWD"),
        (minor, currency) => {
          expect(parseMajorToMinor(minorToMajorString(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});

describe("formatMinor", () => {
  it("formats with symbol and ISO digits", () => {
    expect(formatMinor(13000, "GBP")).toBe("£130.00");
    expect(formatMinor(14950, "EUR")).toBe("€149.50");
    expect(formatMinor(123456789, "GBP")).toBe("£1,234,567.89");
    expect(formatMinor(1234, "JPY")).toBe("JP¥1,234");
    expect(formatMinor(1234, "KWD")).toBe("KWD\u00a01.234"); // ICU separates code symbols with a no-break space
    // CLDR says IQD has 0 digits; ISO (and our amounts) say 3.
    expect(formatMinor(1500, "IQD")).toMatch(/1\.500$/);
  });

  it("does not lose precision on large amounts", () => {
    expect(formatMinor(Number.MAX_SAFE_INTEGER, "GBP")).toBe("£90,071,992,547,409.91");
  });

  it("writes every currency Intl knows exactly as Intl.NumberFormat en-GB does, with our ISO digits", () => {
    const currencies = Intl.supportedValuesOf("currency");
    const intl = new Map(
      currencies.map((code) => {
        const digits = currencyExponent(code);
        const options = {
          style: "currency",
          currency: code,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        } as const;
        return [code, new Intl.NumberFormat("en-GB", options)];
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.oneof(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.maxSafeInteger(), fc.maxSafeNat()),
        (code, minor) => {
          const exact = minorToMajorString(minor, code) as Intl.StringNumericLiteral;
          expect(formatMinor(minor, code)).toBe(intl.get(code)?.format(exact));
        },
      ),
      { numRuns: 5000 },
    );
    for (const code of currencies) {
      for (const minor of [0, 1, 999, 1000, 100000, -1, -123456]) {
        expect(formatMinor(minor, code)).toBe(
          intl.get(code)?.format(minorToMajorString(minor, code) as Intl.StringNumericLiteral),
        );
      }
    }
  });

  it("refuses what is not a currency code, as Intl does", () => {
    expect(() => formatMinor(100, "EURO")).toThrow(RangeError);
    expect(() => currencySign("€")).toThrow(RangeError);
    expect(currencySign(" eur ")).toBe("€");
  });
});

describe("groupThousands", () => {
  it("groups en-GB style", () => {
    expect(groupThousands("0")).toBe("0");
    expect(groupThousands("999")).toBe("999");
    expect(groupThousands("1000")).toBe("1,000");
    expect(groupThousands("1234567")).toBe("1,234,567");
  });
});
