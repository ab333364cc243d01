import { describe, expect, it } from "vitest";
import { orderStatusValues } from "./contracts/orders.ts";
import { cancelRefusal, customerMayCancel, isOrderOpen, ORDER_STATUS_FOR_CUSTOMERS } from "./order-tracking.ts";

describe("order tracking rules", () => {
  it("explains every status, Pending and Accepted with the contract's words", () => {
    for (const status of orderStatusValues) expect(ORDER_STATUS_FOR_CUSTOMERS[status].explanation).not.toBe("");
    expect(ORDER_STATUS_FOR_CUSTOMERS.pending.explanation).toBe("We have your order and will prepare it");
    expect(ORDER_STATUS_FOR_CUSTOMERS.accepted.explanation).toBe("Ready for collection");
  });

  it("lets customers cancel only pending and accepted orders, and says why not otherwise", () => {
    expect(orderStatusValues.filter(customerMayCancel)).toEqual(["pending", "accepted"]);
    expect(orderStatusValues.filter(isOrderOpen)).toEqual(["pending", "accepted"]);
    expect(cancelRefusal("cancelled")).toMatch(/already been cancelled/);
    expect(cancelRefusal("completed")).toMatch(/completed/);
  });
});
