import { describe, expect, it } from "vitest";
import { quote } from "@bureau/domain/pricing";
import { priceTyped, tooLargeMessage } from "./widget-engine.ts";

// The widget prices with the customer rates only; the market-distance words are for display.
const shown = { collectVsMarket: "", sellVsMarket: "" };
const euro = { code: "EUR", label: "Euro", collectRate: "1.1004", sellRate: "1.2099", ...shown };
const yen = { code: "JPY", label: "Japanese Yen", collectRate: "186.5123", sellRate: "205.0077", ...shown };

describe("the exchange widget's pricing", () => {
  it("prices nothing while the box is empty or unreadable", () => {
    expect(priceTyped({ side: "gbp", text: "" }, "Order", euro)).toEqual({ typedMinor: null, result: null });
    expect(priceTyped({ side: "gbp", text: "   " }, "Order", euro)).toEqual({ typedMinor: null, result: null });
    expect(priceTyped({ side: "gbp", text: "ten" }, "Order", euro)).toEqual({ typedMinor: null, result: null });
  });

  it("Click & Collect: pounds typed are rounded up to £10 steps at the collect rate", () => {
    const priced = priceTyped({ side: "gbp", text: "123.45" }, "Order", euro);
    expect(priced.typedMinor).toBe(12_345);
    expect(priced.result).toEqual({ ok: true, gbpMinor: 13_000, foreignMinor: 14_305, rate: "1.1004" });
  });

  it("Click & Sell: foreign typed is priced at the sell rate, in the currency's own minor units", () => {
    const priced = priceTyped({ side: "foreign", text: "10000" }, "Sell", yen);
    expect(priced.typedMinor).toBe(10_000);
    expect(priced.result).toEqual(quote({ way: "Sell", rate: yen.sellRate, currency: "JPY", foreignMinor: 10_000 }));
    expect(priced.result).toMatchObject({ ok: true, foreignMinor: 10_000, gbpMinor: 4_877 });
  });

  it("uses the rate of the way chosen, never the other one", () => {
    const collect = priceTyped({ side: "gbp", text: "100" }, "Order", euro).result;
    const sell = priceTyped({ side: "gbp", text: "100" }, "Sell", euro).result;
    expect(collect).toMatchObject({ ok: true, rate: "1.1004" });
    expect(sell).toMatchObject({ ok: true, rate: "1.2099" });
  });

  it("refuses more than the online limit and says so in pounds", () => {
    // £5,001 rounds up to £5,010 for collection, over the limit; £5,000.99 rounds to £5,000, within it.
    expect(priceTyped({ side: "gbp", text: "5001" }, "Order", euro).result).toEqual({
      ok: false,
      reason: "amount_too_large",
    });
    expect(priceTyped({ side: "gbp", text: "5000" }, "Order", euro).result).toMatchObject({
      ok: true,
      gbpMinor: 500_000,
    });
    expect(tooLargeMessage()).toContain("£5,000.00");
  });
});
