import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_LINE_GBP_MINOR } from "./constants.ts";
import { currencyExponent } from "./money.ts";
import {
  checkMargins,
  currencyPrices,
  customerRate,
  formatRate,
  priceForWay,
  quote,
  quoteCollect,
  quoteSell,
  sellGbpMinorFor,
  trimDecimal,
} from "./pricing.ts";

// Independent oracle in BigInt rationals, so tests do not share big.js code paths with the implementation.
// A 4-dp rate R/10^4 converts g pence into g·R·10^e / 10^6 foreign minor units.
const rateToInt = (rate: string) => {
  const [i, f = ""] = rate.split(".");
  return BigInt(`${i}${f.padEnd(4, "0")}`);
};
const rateFromInt = (r: bigint) => {
  const s = r.toString().padStart(5, "0");
  return `${s.slice(0, -4)}.${s.slice(-4)}`;
};
const scale = (currency: string) => 10n ** BigInt(currencyExponent(currency));
const floorDiv = (a: bigint, b: bigint) => a / b;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const foreignFloor = (g: number, rate: string, cur: string) =>
  Number(floorDiv(BigInt(g) * rateToInt(rate) * scale(cur), 10n ** 6n));
const foreignCeil = (g: number, rate: string, cur: string) =>
  Number(ceilDiv(BigInt(g) * rateToInt(rate) * scale(cur), 10n ** 6n));
/** Click & Collect's rounding: the truncated pounds, up to the next £10 (exact multiples stay). */
const collectRoundOracle = (g: number) => Math.ceil(Math.floor(g / 100) / 10) * 1000;
const gbpFloor = (f: number, rate: string, cur: string) =>
  Number(floorDiv(BigInt(f) * 10n ** 6n, rateToInt(rate) * scale(cur)));

const arbCurrency = fc.constantFrom("EUR", "USD", "JPY", "KWD", "ISK");
/** 0.1000 .. 9999.9999 foreign units per £1 covers every realistic GBP pair. */
const arbRate = fc.bigInt({ min: 1000n, max: 99_999_999n }).map(rateFromInt);
const arbGbp = fc.integer({ min: 1, max: 600_000 });
const arbForeign = fc.integer({ min: 1, max: 2_000_000_000 });

describe("customerRate", () => {
  it("applies the margin and rounds half-up to 4 dp", () => {
    expect(customerRate("1.1523", "-4.5")).toBe("1.1004"); // 1.1004465
    expect(customerRate("1.1523", "5")).toBe("1.2099"); // 1.209915
    expect(customerRate("1.00005", "0")).toBe("1.0001");
    expect(customerRate("1.00004999", "0")).toBe("1.0000");
    expect(customerRate("190.123456", "+2.25")).toBe("194.4012"); // 194.40123376
    expect(customerRate("2", "-50")).toBe("1.0000");
  });

  it("refuses nonsense", () => {
    expect(() => customerRate("abc", "1")).toThrow(RangeError);
    expect(() => customerRate("0", "1")).toThrow(RangeError);
    expect(() => customerRate("-1.2", "1")).toThrow(RangeError);
    expect(() => customerRate("1.2", "x")).toThrow(RangeError);
    expect(() => customerRate("1.2", "-100")).toThrow(RangeError);
    expect(() => customerRate("1e3", "0")).toThrow(RangeError);
  });

  it("property: matches the exact product rounded half-up", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: -5000, max: 5000 }),
        (rate8, margin100) => {
          // rate = rate8/10^8, margin = margin100/100 %; exact result = rate8·(10000+margin100)/10^12
          const rate = `${rate8 / 10n ** 8n}.${(rate8 % 10n ** 8n).toString().padStart(8, "0")}`;
          const margin = (margin100 / 100).toFixed(2);
          const num = rate8 * BigInt(10_000 + margin100);
          const expected = (num + 5n * 10n ** 7n) / 10n ** 8n; // half-up to 4 dp
          if (expected === 0n) {
            expect(() => customerRate(rate, margin)).toThrow(RangeError);
          } else {
            expect(customerRate(rate, margin)).toBe(rateFromInt(expected));
          }
        },
      ),
    );
  });
});

describe("formatRate", () => {
  it("shows 4 decimals", () => {
    expect(formatRate("1.1")).toBe("1.1000");
    expect(formatRate("190.12345")).toBe("190.1235");
    expect(formatRate("2")).toBe("2.0000");
  });
});

describe("quoteCollect (Click & Collect)", () => {
  it("rounds the GBP to £10 and derives the foreign amount down", () => {
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", gbpMinor: 12399 })).toEqual({
      ok: true,
      gbpMinor: 13000,
      foreignMinor: 14305, // 143.052
      rate: "1.1004",
    });
    expect(quoteCollect({ rate: "190.1234", currency: "JPY", gbpMinor: 12050 })).toEqual({
      ok: true,
      gbpMinor: 12000,
      foreignMinor: 22814, // 22814.808
      rate: "190.1234",
    });
    expect(quoteCollect({ rate: "0.38", currency: "KWD", gbpMinor: 10000 })).toEqual({
      ok: true,
      gbpMinor: 10000,
      foreignMinor: 38000,
      rate: "0.3800",
    });
  });

  it("derives GBP from a typed foreign amount, then recomputes the foreign", () => {
    // €100 / 1.1004 = £90.87 → £90 → €99.036
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", foreignMinor: 10000 })).toEqual({
      ok: true,
      gbpMinor: 9000,
      foreignMinor: 9903,
      rate: "1.1004",
    });
    // €150 / 1.1004 = £136.31 → £140 → €154.056
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", foreignMinor: 15000 })).toMatchObject({
      gbpMinor: 14000,
      foreignMinor: 15405,
    });
  });

  it("refuses amounts that round to nothing", () => {
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", gbpMinor: 50 })).toEqual({
      ok: false,
      reason: "amount_not_positive",
    });
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", gbpMinor: 0 })).toMatchObject({ ok: false });
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", gbpMinor: -1000 })).toMatchObject({ ok: false });
    // €0.50 is £0.45, which truncates to £0.
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", foreignMinor: 50 })).toEqual({
      ok: false,
      reason: "amount_not_positive",
    });
  });

  it("enforces the per-line maximum after rounding", () => {
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", gbpMinor: MAX_LINE_GBP_MINOR })).toMatchObject({
      ok: true,
      gbpMinor: MAX_LINE_GBP_MINOR,
    });
    // £5,000.99 truncates to £5,000, which is allowed.
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", gbpMinor: 500_099 })).toMatchObject({ ok: true });
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", gbpMinor: 500_100 })).toEqual({
      ok: false,
      reason: "amount_too_large",
    });
    expect(quoteCollect({ rate: "1.1004", currency: "EUR", foreignMinor: Number.MAX_SAFE_INTEGER })).toEqual({
      ok: false,
      reason: "amount_too_large",
    });
  });

  it("property: GBP typed → £10 multiple, foreign = floor(gbp × rate)", () => {
    fc.assert(
      fc.property(arbRate, arbCurrency, arbGbp, (rate, currency, g) => {
        const q = quoteCollect({ rate, currency, gbpMinor: g });
        const gbp = collectRoundOracle(g);
        const foreign = foreignFloor(gbp, rate, currency);
        if (gbp > MAX_LINE_GBP_MINOR) {
          expect(q).toEqual({ ok: false, reason: "amount_too_large" });
          return;
        }
        if (gbp <= 0 || foreign <= 0) {
          expect(q).toEqual({ ok: false, reason: "amount_not_positive" });
          return;
        }
        expect(q).toEqual({ ok: true, gbpMinor: gbp, foreignMinor: foreign, rate });
        expect(gbp % 1000).toBe(0);
        expect(gbp).toBeGreaterThanOrEqual(g - (g % 100));
      }),
    );
  });

  it("property: foreign typed → GBP from floor(foreign / rate), then the same rules", () => {
    fc.assert(
      fc.property(arbRate, arbCurrency, arbForeign, (rate, currency, f) => {
        const q = quoteCollect({ rate, currency, foreignMinor: f });
        const gbp = collectRoundOracle(gbpFloor(f, rate, currency));
        if (gbp > MAX_LINE_GBP_MINOR) {
          expect(q).toEqual({ ok: false, reason: "amount_too_large" });
          return;
        }
        if (!q.ok) {
          expect(gbp === 0 || foreignFloor(gbp, rate, currency) === 0).toBe(true);
          return;
        }
        expect(q).toEqual({ ok: true, gbpMinor: gbp, foreignMinor: foreignFloor(gbp, rate, currency), rate });
      }),
    );
  });

  it("property: the customer never gets more foreign than the GBP paid is worth", () => {
    fc.assert(
      fc.property(arbRate, arbCurrency, arbGbp, (rate, currency, g) => {
        const q = quoteCollect({ rate, currency, gbpMinor: g });
        if (!q.ok) return;
        // foreign / (rate·10^e) ≤ gbp/100, compared exactly in integers
        expect(BigInt(q.foreignMinor) * 10n ** 6n <= BigInt(q.gbpMinor) * rateToInt(rate) * scale(currency)).toBe(true);
      }),
    );
  });
});

describe("quoteSell (Click & Sell)", () => {
  it("derives GBP down from the foreign amount", () => {
    // €100 / 1.2099 = £82.651
    expect(quoteSell({ rate: "1.2099", currency: "EUR", foreignMinor: 10000 })).toEqual({
      ok: true,
      gbpMinor: 8265,
      foreignMinor: 10000,
      rate: "1.2099",
    });
    expect(quoteSell({ rate: "195.5", currency: "JPY", foreignMinor: 10000 })).toMatchObject({ gbpMinor: 5115 });
  });

  it("rounds the foreign up when GBP is typed, then recomputes GBP from it", () => {
    // £50 × 1.2099 = €60.495 → €60.50 → £50.0041 → £50.00
    expect(quoteSell({ rate: "1.2099", currency: "EUR", gbpMinor: 5000 })).toEqual({
      ok: true,
      gbpMinor: 5000,
      foreignMinor: 6050,
      rate: "1.2099",
    });
  });

  it("refuses nothing-for-something and over-limit lines", () => {
    expect(quoteSell({ rate: "0.3812", currency: "KWD", foreignMinor: 1 })).toEqual({
      ok: false,
      reason: "amount_not_positive",
    });
    expect(quoteSell({ rate: "1.2099", currency: "EUR", foreignMinor: 0 })).toMatchObject({ ok: false });
    expect(quoteSell({ rate: "1.2099", currency: "EUR", foreignMinor: 1_000_000_00 })).toEqual({
      ok: false,
      reason: "amount_too_large",
    });
    expect(quoteSell({ rate: "1.2099", currency: "EUR", gbpMinor: MAX_LINE_GBP_MINOR + 1 })).toEqual({
      ok: false,
      reason: "amount_too_large",
    });
  });

  it("property: foreign typed → GBP = floor(foreign / rate), never more", () => {
    fc.assert(
      fc.property(arbRate, arbCurrency, arbForeign, (rate, currency, f) => {
        const q = quoteSell({ rate, currency, foreignMinor: f });
        const gbp = gbpFloor(f, rate, currency);
        if (gbp > MAX_LINE_GBP_MINOR) {
          expect(q).toEqual({ ok: false, reason: "amount_too_large" });
          return;
        }
        if (gbp <= 0) {
          expect(q).toEqual({ ok: false, reason: "amount_not_positive" });
          return;
        }
        expect(q).toEqual({ ok: true, gbpMinor: gbp, foreignMinor: f, rate });
        const worth = BigInt(f) * 10n ** 6n;
        const denom = rateToInt(rate) * scale(currency);
        expect(BigInt(gbp) * denom <= worth).toBe(true);
        expect(BigInt(gbp + 1) * denom > worth).toBe(true);
      }),
    );
  });

  it("property: GBP typed → foreign = ceil(gbp × rate), GBP re-derived and at least what was asked", () => {
    fc.assert(
      fc.property(arbRate, arbCurrency, arbGbp, (rate, currency, g) => {
        const q = quoteSell({ rate, currency, gbpMinor: g });
        const foreign = foreignCeil(g, rate, currency);
        const gbp = gbpFloor(foreign, rate, currency);
        if (gbp > MAX_LINE_GBP_MINOR) {
          expect(q).toEqual({ ok: false, reason: "amount_too_large" });
          return;
        }
        expect(q).toEqual({ ok: true, gbpMinor: gbp, foreignMinor: foreign, rate });
        expect(gbp).toBeGreaterThanOrEqual(g);
      }),
    );
  });
});

describe("sellGbpMinorFor (Click & Sell notes received at the counter)", () => {
  it("pays the received amount at the locked rate, rounded down, and nothing for nothing", () => {
    // €180.00 at 1.1866 is £151.6939...: £151.69.
    expect(sellGbpMinorFor(18_000, "1.1866", "EUR")).toBe(15_169);
    expect(sellGbpMinorFor(0, "1.1866", "EUR")).toBe(0);
    expect(sellGbpMinorFor(10_000, "150.0000", "JPY")).toBe(6_666);
    expect(() => sellGbpMinorFor(-1, "1.1866", "EUR")).toThrow(RangeError);
    expect(() => sellGbpMinorFor(1.5, "1.1866", "EUR")).toThrow(RangeError);
    expect(() => sellGbpMinorFor(100, "1.18661", "EUR")).toThrow(RangeError);
  });

  it("property: floor(received / rate) exactly in pence, the quote's own figure for the quoted amount", () => {
    fc.assert(
      fc.property(arbRate, arbCurrency, fc.integer({ min: 0, max: 2_000_000_000 }), (rate, currency, f) => {
        const gbp = sellGbpMinorFor(f, rate, currency);
        expect(gbp).toBe(gbpFloor(f, rate, currency));
        const q = quoteSell({ rate, currency, foreignMinor: Math.max(f, 1) });
        if (q.ok) expect(sellGbpMinorFor(q.foreignMinor, rate, currency)).toBe(q.gbpMinor);
      }),
    );
  });

  it("property: receiving less never pays more", () => {
    fc.assert(
      fc.property(arbRate, arbCurrency, arbForeign, arbForeign, (rate, currency, a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        expect(sellGbpMinorFor(less, rate, currency)).toBeLessThanOrEqual(sellGbpMinorFor(more, rate, currency));
      }),
    );
  });
});

describe("quote", () => {
  it("dispatches on way", () => {
    const input = { rate: "1.1004", currency: "EUR", gbpMinor: 12399 };
    expect(quote({ way: "Order", ...input })).toEqual(quoteCollect(input));
    expect(quote({ way: "Sell", ...input })).toEqual(quoteSell(input));
  });

  it("requires exactly one amount and a well-formed customer rate", () => {
    expect(() => quote({ way: "Order", rate: "1.1", currency: "EUR" } as never)).toThrow(TypeError);
    expect(() => quote({ way: "Sell", rate: "1.1", currency: "EUR", gbpMinor: 1, foreignMinor: 1 } as never)).toThrow(
      TypeError,
    );
    expect(() => quote({ way: "Order", rate: "1.10045", currency: "EUR", gbpMinor: 1000 })).toThrow(RangeError);
    expect(() => quote({ way: "Order", rate: "0", currency: "EUR", gbpMinor: 1000 })).toThrow(RangeError);
    expect(() => quote({ way: "Order", rate: "1.1", currency: "EUR", gbpMinor: 10.5 })).toThrow(RangeError);
  });

  it("property: buying then selling back never makes the customer money when margins pass checkMargins", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1000n, max: 99_999_999n }).map(rateFromInt),
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: -5000, max: 5000 }),
        arbCurrency,
        arbGbp,
        (market, a, b, currency, g) => {
          fc.pre(a !== b);
          const sell = (Math.min(a, b) / 100).toFixed(2);
          const buy = (Math.max(a, b) / 100).toFixed(2);
          expect(checkMargins(sell, buy)).toBeNull();
          const bought = quote({ way: "Order", rate: customerRate(market, sell), currency, gbpMinor: g });
          if (!bought.ok) return;
          const soldBack = quote({
            way: "Sell",
            rate: customerRate(market, buy),
            currency,
            foreignMinor: bought.foreignMinor,
          });
          if (soldBack.ok) expect(soldBack.gbpMinor).toBeLessThanOrEqual(bought.gbpMinor);
        },
      ),
    );
  });
});

describe("checkMargins", () => {
  it("accepts a normal spread", () => {
    expect(checkMargins("-4.5", "5")).toBeNull();
    expect(checkMargins("-50", "50")).toBeNull();
    expect(checkMargins(" -1 ", "+1")).toBeNull();
  });

  it("refuses a spread that allows arbitrage", () => {
    expect(checkMargins("5", "5")).toBe(
      "Sell margin must be lower than Buy margin, otherwise customers could buy and sell back at a profit",
    );
    expect(checkMargins("5", "-4.5")).toMatch(/lower than Buy margin/);
  });

  it("refuses out-of-range and non-numeric margins", () => {
    expect(checkMargins("-50.01", "5")).toMatch(/Sell margin must be between -50% and 50%/);
    expect(checkMargins("-5", "51")).toMatch(/Buy margin must be between/);
    expect(checkMargins("abc", "5")).toMatch(/Sell margin must be a number/);
    expect(checkMargins("-5", "")).toMatch(/Buy margin must be a number/);
    expect(checkMargins("-5", "NaN")).toMatch(/Buy margin must be a number/);
    expect(checkMargins("-5", "1e1")).toMatch(/Buy margin must be a number/);
  });
});

/** A decimal as PostgreSQL answers a numeric of scale 8: the value followed by zeros up to 8 places. */
const withScale8 = (value: string) => {
  const [whole, fraction = ""] = value.split(".");
  return `${whole}.${fraction.padEnd(8, "0")}`;
};
const arbMargin = fc.integer({ min: -5000, max: 5000 }).map((hundredths) => {
  const sign = hundredths < 0 ? "-" : "";
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}${
    abs % 100
      ? `.${String(abs % 100)
          .padStart(2, "0")
          .replace(/0$/, "")}`
      : ""
  }`;
});

describe("trimDecimal", () => {
  it("drops the zeros a numeric column pads with, and a bare point", () => {
    expect(trimDecimal("1.15200000")).toBe("1.152");
    expect(trimDecimal("10.00000000")).toBe("10");
    expect(trimDecimal("0.00000000")).toBe("0");
    expect(trimDecimal("-4.50")).toBe("-4.5");
    expect(trimDecimal("100")).toBe("100");
  });

  it("property: keeps the value and leaves no trailing zero in the fraction", () => {
    fc.assert(
      fc.property(arbRate, (rate) => {
        const trimmed = trimDecimal(withScale8(rate));
        expect(rateToInt(formatRate(trimmed))).toBe(rateToInt(rate));
        expect(trimmed).not.toMatch(/\.(\d*0)?$/);
      }),
    );
  });
});

describe("formatRate of a stored customer rate", () => {
  it("property: a 4-dp rate read back from any numeric scale is shown exactly as it was quoted", () => {
    fc.assert(
      fc.property(arbRate, (rate) => {
        expect(formatRate(withScale8(rate))).toBe(rate);
      }),
    );
  });
});

describe("currencyPrices", () => {
  it("shows the stored rate and margins as typed and derives both customer rates", () => {
    expect(currencyPrices({ rate: "1.15230000", sellMargin: "-4.5000", buyMargin: "5.0000" })).toEqual({
      rate: "1.1523",
      sell: "-4.5",
      buy: "5",
      collectRate: "1.1004",
      sellRate: "1.2099",
    });
  });

  it("property: the customer rates are the pricing rule applied to the stored figures, whatever their scale", () => {
    fc.assert(
      fc.property(arbRate, arbMargin, arbMargin, (rate, sellMargin, buyMargin) => {
        const prices = currencyPrices({
          rate: withScale8(rate),
          sellMargin: withScale8(sellMargin),
          buyMargin: withScale8(buyMargin),
        });
        expect(prices.collectRate).toBe(customerRate(rate, sellMargin));
        expect(prices.sellRate).toBe(customerRate(rate, buyMargin));
        expect(prices.sell).toBe(sellMargin);
        expect(prices.buy).toBe(buyMargin);
      }),
    );
  });
});

describe("priceForWay", () => {
  const prices = currencyPrices({ rate: "1.1523", sellMargin: "-4.5", buyMargin: "5" });

  it("prices Click & Collect with the sell margin and Click & Sell with the buy margin", () => {
    expect(priceForWay("Order", prices)).toEqual({ rate: "1.1004", margin: "-4.5" });
    expect(priceForWay("Sell", prices)).toEqual({ rate: "1.2099", margin: "5" });
  });

  it("property: with margins that pass checkMargins, Click & Collect gives fewer foreign units per £1 than Click & Sell takes back", () => {
    fc.assert(
      fc.property(arbRate, arbMargin, arbMargin, (rate, a, b) => {
        const [sell, buy] = Number(a) <= Number(b) ? [a, b] : [b, a];
        fc.pre(checkMargins(sell, buy) === null);
        const both = currencyPrices({ rate, sellMargin: sell, buyMargin: buy });
        expect(rateToInt(priceForWay("Order", both).rate)).toBeLessThanOrEqual(
          rateToInt(priceForWay("Sell", both).rate),
        );
      }),
    );
  });
});
