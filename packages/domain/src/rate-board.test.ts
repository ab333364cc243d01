import { describe, expect, it } from "vitest";
import { boardCurrencyCodes } from "./rate-board.ts";

describe("boardCurrencyCodes", () => {
  const onSale = new Set(["EUR", "USD", "TRY", "AED", "AUD", "CAD", "THB", "CHF", "JPY", "NZD", "PLN"]);

  it("shows the chosen currencies in the order chosen", () => {
    expect(boardCurrencyCodes(["PLN", "EUR"], onSale)).toEqual(["PLN", "EUR"]);
  });

  it("skips a chosen currency that is no longer on sale", () => {
    expect(boardCurrencyCodes(["XYZ", "USD"], onSale)).toEqual(["USD"]);
  });

  it("uses the eight most traded currencies on sale while nothing is chosen", () => {
    expect(boardCurrencyCodes(undefined, onSale)).toEqual(["EUR", "USD", "TRY", "AED", "AUD", "CAD", "THB", "CHF"]);
    expect(boardCurrencyCodes([], new Set(["USD", "JPY"]))).toEqual(["USD", "JPY"]);
  });
});
