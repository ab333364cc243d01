import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COUNTER_TRADE_MESSAGES,
  counterIdRequired,
  counterRatesOf,
  counterTradeProblems,
  DEFAULT_COUNTER_ID_FROM_GBP_MINOR,
} from "./counter-trade.ts";
import { currencyPrices } from "./pricing.ts";

const trade = {
  currency: "EUR",
  way: "Order" as const,
  foreignMinor: 100_00,
  firstName: "Jane",
  lastName: "Doe",
  paymentMethod: "cash",
};

describe("counterRatesOf", () => {
  it("prices with the counter's margins where set and the online margins otherwise", () => {
    const online = { rate: "1.15", sellMargin: "2.5", buyMargin: "5" };
    expect(counterRatesOf({ ...online, counterSellMargin: null, counterBuyMargin: null })).toEqual(online);
    const counter = counterRatesOf({ ...online, counterSellMargin: "1.5", counterBuyMargin: null });
    expect(counter).toEqual({ rate: "1.15", sellMargin: "1.5", buyMargin: "5" });
    // The counter's rate is the one its own margin makes, not the online one.
    expect(currencyPrices(counter).collectRate).not.toBe(currencyPrices(online).collectRate);
    expect(currencyPrices(counter).sellRate).toBe(currencyPrices(online).sellRate);
  });
});

describe("counterIdRequired", () => {
  it("records the ID from the threshold, not below it (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (gbp, from) => {
        expect(counterIdRequired(gbp, from)).toBe(gbp >= from);
      }),
    );
    expect(counterIdRequired(DEFAULT_COUNTER_ID_FROM_GBP_MINOR - 1, DEFAULT_COUNTER_ID_FROM_GBP_MINOR)).toBe(false);
    expect(counterIdRequired(DEFAULT_COUNTER_ID_FROM_GBP_MINOR, DEFAULT_COUNTER_ID_FROM_GBP_MINOR)).toBe(true);
  });
});

describe("counterTradeProblems", () => {
  it("accepts a named trade with nothing else given", () => {
    expect(counterTradeProblems(trade)).toEqual({});
  });

  it("says every problem at once", () => {
    expect(
      counterTradeProblems({
        ...trade,
        foreignMinor: 0,
        firstName: " ",
        lastName: "",
        email: "not-an-address",
        phone: "12",
        paymentMethod: "cheque",
      }),
    ).toEqual({
      foreignMinor: COUNTER_TRADE_MESSAGES.amount,
      firstName: COUNTER_TRADE_MESSAGES.firstName,
      lastName: COUNTER_TRADE_MESSAGES.lastName,
      email: "Enter a valid email",
      phone: "Enter a valid phone number",
      paymentMethod: COUNTER_TRADE_MESSAGES.paymentMethod,
    });
  });

  it("refuses any amount that is not a positive whole number of minor units (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true })), (amount) => {
        expect(counterTradeProblems({ ...trade, foreignMinor: amount }).foreignMinor).toBe(
          COUNTER_TRADE_MESSAGES.amount,
        );
      }),
    );
  });
});
