import { describe, expect, it } from "vitest";
import { DEFAULT_ORDER_LIMITS, orderLimitMessage, orderLimitProblem } from "./order-limits.ts";

const limits = DEFAULT_ORDER_LIMITS;

describe("order limits", () => {
  it("asks at least £100 per Click & Collect line and at most £2,500 per Click & Collect order", () => {
    expect(orderLimitProblem({ way: "Order", lineGbpMinor: 99_99 }, limits)).toBe("below_line_minimum");
    expect(orderLimitProblem({ way: "Order", lineGbpMinor: 100_00 }, limits)).toBeNull();
    expect(orderLimitProblem({ way: "Order", lineGbpMinor: 2_500_00 }, limits)).toBeNull();
    expect(orderLimitProblem({ way: "Order", lineGbpMinor: 2_500_01 }, limits)).toBe("above_order_maximum");
    expect(orderLimitProblem({ way: "Order", lineGbpMinor: 500_00, otherLinesGbpMinor: 2_000_00 }, limits)).toBeNull();
    expect(orderLimitProblem({ way: "Order", lineGbpMinor: 510_00, otherLinesGbpMinor: 2_000_00 }, limits)).toBe(
      "above_order_maximum",
    );
  });

  it("sets no minimum or order maximum for Click & Sell", () => {
    expect(orderLimitProblem({ way: "Sell", lineGbpMinor: 1 }, limits)).toBeNull();
    expect(orderLimitProblem({ way: "Sell", lineGbpMinor: 4_000_00, otherLinesGbpMinor: 4_000_00 }, limits)).toBeNull();
  });

  it("says so in the product's words, with configured figures", () => {
    expect(orderLimitMessage("above_order_maximum", limits)).toBe("For more than £2,500 please contact the branch");
    expect(orderLimitMessage("below_line_minimum", limits)).toBe(
      "The minimum for Click & Collect is £100 per currency",
    );
    const configured = { collectLineMinGbpMinor: 50_50, collectOrderMaxGbpMinor: 10_000_00 };
    expect(orderLimitMessage("above_order_maximum", configured)).toBe(
      "For more than £10,000 please contact the branch",
    );
    expect(orderLimitMessage("below_line_minimum", configured)).toBe(
      "The minimum for Click & Collect is £50.50 per currency",
    );
  });
});
