import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_ORDER_LIMITS } from "../order-limits.ts";
import { checkQuotes, notesAtBranch, orderLimitsRefusal, type StoredQuote } from "./basket.ts";
import { collectQuote, now } from "./test-quotes.ts";

const lineOf = (q: StoredQuote) => ({
  quoteId: q.id,
  rate: "1.1500",
  gbpMinor: q.gbpMinor,
  foreignMinor: q.foreignMinor,
});

describe("checking the basket's quotes", () => {
  const stored = collectQuote("a", 25_000);

  it("gives the quotes in line order when every one holds", () => {
    const other = collectQuote("b", 50_000);
    expect(checkQuotes("Order", [lineOf(other), lineOf(stored)], [stored, other], now)).toEqual({
      quotes: [other, stored],
    });
  });

  it.each([
    [
      "an unknown quote",
      [],
      "A price in your basket is not one we gave. Please add the currency again.",
      "Unknown quote",
    ],
    [
      "a quote of the other way",
      [{ ...stored, way: "Sell" as const }],
      "A line in your basket belongs to the other kind of order.",
      "Wrong way",
    ],
    [
      "an expired quote",
      [{ ...stored, expiresAt: now }],
      "The rate for EUR is no longer held (rates are held for 30 minutes). Please add it again.",
      "Expired quote",
    ],
    [
      "a price other than the quote's",
      [{ ...stored, gbpMinor: stored.gbpMinor + 1000 }],
      "The price of EUR in your basket does not match our quote. Please add it again.",
      "Price does not match the quote",
    ],
  ])("refuses %s with the customer's message", (_, quotes, message, field) => {
    expect(checkQuotes("Order", [lineOf(stored)], quotes, now)).toEqual({
      refusal: { code: "quote_invalid", message, fields: { lines: field } },
    });
  });

  it("refuses a stored quote whose amounts do not follow from its rate", () => {
    const tampered = { ...stored, sterlingBackMinor: stored.sterlingBackMinor + 1 };
    expect(checkQuotes("Order", [lineOf(tampered)], [tampered], now)).toEqual({
      refusal: {
        code: "quote_invalid",
        message: "A price in your basket is not valid. Please add the currency again.",
        fields: { lines: "Inconsistent quote" },
      },
    });
  });

  it("accepts every consistent Click & Collect quote, and no other sterling back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 250 }), fc.integer({ min: -500, max: 500 }), (tens, shift) => {
        const q = collectQuote("q", tens * 1000);
        expect("quotes" in checkQuotes("Order", [lineOf(q)], [q], now)).toBe(true);
        const shifted = { ...q, sterlingBackMinor: q.sterlingBackMinor + shift };
        expect("quotes" in checkQuotes("Order", [lineOf(shifted)], [shifted], now)).toBe(shift === 0);
      }),
    );
  });
});

describe("the order limits over the whole order", () => {
  it("refuses an order over the maximum, naming the limit", () => {
    expect(orderLimitsRefusal("Order", [{ gbpMinor: 200_000 }, { gbpMinor: 60_000 }], DEFAULT_ORDER_LIMITS)).toEqual({
      code: "validation_failed",
      message: "For more than £2,500 please contact the branch",
      fields: { lines: "For more than £2,500 please contact the branch" },
    });
  });

  it("refuses a Click & Collect exactly when a line is under the minimum or the total over the maximum", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 300_000 }), { minLength: 1, maxLength: 6 }), (amounts) => {
        const lines = amounts.map((gbpMinor) => ({ gbpMinor }));
        const { collectLineMinGbpMinor: min, collectOrderMaxGbpMinor: max } = DEFAULT_ORDER_LIMITS;
        const total = amounts.reduce((a, b) => a + b, 0);
        const breaks = amounts.some((a) => a < min) || total > max;
        expect(orderLimitsRefusal("Order", lines, DEFAULT_ORDER_LIMITS) !== null).toBe(breaks);
        expect(orderLimitsRefusal("Sell", lines, DEFAULT_ORDER_LIMITS)).toBeNull();
      }),
    );
  });
});

describe("the notes a branch hands over", () => {
  it("splits nothing for a Click & Sell", () => {
    expect(notesAtBranch("Sell", [], "Worthing", 10)).toEqual({ notes: null });
  });

  it("reserves tracked notes and names the branch short of them", () => {
    const plenty = [5000, 2000, 1000, 500].map((valueMinor) => ({ valueMinor, count: 100 }));
    const tracked = collectQuote("a", 25_000, { freeNotes: plenty });
    expect(notesAtBranch("Order", [tracked], "Worthing", 10)).toMatchObject({
      notes: {
        reserve: [
          {
            currency: "EUR",
            notes: [
              { valueMinor: 5000, count: 5 },
              { valueMinor: 2000, count: 1 },
              { valueMinor: 1000, count: 1 },
              { valueMinor: 500, count: 1 },
            ],
          },
        ],
        short: null,
      },
    });
    const short = collectQuote("a", 25_000, { freeNotes: [{ valueMinor: 5000, count: 1 }] });
    expect(notesAtBranch("Order", [short], "Worthing", 10)).toEqual({
      refusal: {
        code: "conflict",
        message:
          "Worthing does not have enough EUR notes for this order: the most it can supply is €50. Please choose another collection point or a smaller amount.",
        fields: {
          branch:
            "Worthing does not have enough EUR notes for this order: the most it can supply is €50. Please choose another collection point or a smaller amount.",
        },
      },
    });
  });
});
