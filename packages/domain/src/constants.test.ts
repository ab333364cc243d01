import { describe, expect, it } from "vitest";
import * as c from "./constants.ts";

describe("constants", () => {
  it("match the product contract", () => {
    expect(c.BASE_CURRENCY).toBe("GBP");
    expect(c.DEFAULT_CURRENCY).toBe("EUR");
    expect(c.RATE_DECIMALS).toBe(4);
    expect(c.QUOTE_LIFETIME_MS).toBe(1_800_000);
    expect(c.EXCHANGE_LIST_DEFAULT_COUNT).toBe(12);
    expect(c.EXCHANGE_LIST_SHOW_ALL_THRESHOLD).toBe(20);
    expect(c.TOAST_DURATION_MS).toBe(5000);
    expect(c.COMPARE_AMOUNT_GBP_MINOR).toBe(45000);
    expect(c.MAX_LINE_GBP_MINOR).toBe(500000);
    expect(c.WAYS).toEqual(["Order", "Sell"]);
    expect(c.WAY_TITLES).toEqual({ Order: "Click & Collect", Sell: "Click & Sell" });
    expect(c.isWay("Order")).toBe(true);
    expect(c.isWay("order")).toBe(false);
  });
});
