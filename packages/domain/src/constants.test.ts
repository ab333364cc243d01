import { describe, expect, it } from "vitest";
import { isWay, WAYS } from "./constants.ts";

// The values themselves are the product's contract and are exercised where they act (pricing, cart,
// quotes); what is tested here is the one rule in this file: which route segments name a way.
describe("isWay", () => {
  it("accepts exactly the two ways, spelled as the routes spell them", () => {
    for (const way of WAYS) expect(isWay(way)).toBe(true);
    for (const other of ["order", "SELL", "Collect", "", " Order", "Order ", null, undefined, 1, {}]) {
      expect(isWay(other)).toBe(false);
    }
  });
});
