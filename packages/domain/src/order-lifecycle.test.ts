import { describe, expect, it } from "vitest";
import { orderTransitionValues } from "./contracts/dashboard.ts";
import { orderStatusValues } from "./contracts/orders.ts";
import { allowedTransitions, statusAfter } from "./order-lifecycle.ts";

describe("the order lifecycle", () => {
  it("moves pending → accepted → completed", () => {
    expect(statusAfter("pending", "accept")).toBe("accepted");
    expect(statusAfter("accepted", "complete")).toBe("completed");
  });

  it("cannot skip or reverse a step", () => {
    expect(statusAfter("pending", "complete")).toBeNull();
    expect(statusAfter("accepted", "accept")).toBeNull();
    expect(statusAfter("completed", "accept")).toBeNull();
    expect(statusAfter("completed", "complete")).toBeNull();
  });

  it("cancels from the pending and accepted lists and from the history of completed orders", () => {
    expect(statusAfter("pending", "cancel")).toBe("cancelled");
    expect(statusAfter("accepted", "cancel")).toBe("cancelled");
    expect(statusAfter("completed", "cancel")).toBe("cancelled");
  });

  it("treats cancelled as final", () => {
    for (const transition of orderTransitionValues) expect(statusAfter("cancelled", transition)).toBeNull();
    expect(allowedTransitions("cancelled")).toEqual([]);
  });

  it("offers exactly the transitions statusAfter accepts, in lifecycle order", () => {
    expect(allowedTransitions("pending")).toEqual(["accept", "cancel"]);
    expect(allowedTransitions("accepted")).toEqual(["complete", "cancel"]);
    expect(allowedTransitions("completed")).toEqual(["cancel"]);
    for (const status of orderStatusValues) {
      const accepted = orderTransitionValues.filter((transition) => statusAfter(status, transition) !== null);
      expect(allowedTransitions(status)).toEqual(accepted);
    }
  });
});
