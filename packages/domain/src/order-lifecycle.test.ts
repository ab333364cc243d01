import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderTransitionValues } from "./contracts/dashboard.ts";
import { orderStatusValues } from "./contracts/orders.ts";
import { allowedTransitions, archiveRefusal, statusAfter, transitionRefusal } from "./order-lifecycle.ts";
import { collectionDeadline, collectionDeadlineText } from "./collection-deadline.ts";

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

  it("cancels from the pending and accepted lists", () => {
    expect(statusAfter("pending", "cancel")).toBe("cancelled");
    expect(statusAfter("accepted", "cancel")).toBe("cancelled");
  });

  it("treats completed as final: never cancelled, with a message that says why and what Delete does instead", () => {
    expect(statusAfter("completed", "cancel")).toBeNull();
    expect(allowedTransitions("completed")).toEqual([]);
    expect(transitionRefusal("completed", "cancel")).toBe(
      "This order is completed, so it cannot be cancelled: its money and notes have changed hands. Delete in History archives it from the list and changes nothing else.",
    );
  });

  it("refuses exactly the transitions statusAfter refuses, with a message", () => {
    for (const status of orderStatusValues) {
      for (const transition of orderTransitionValues) {
        const refusal = transitionRefusal(status, transition);
        expect(refusal === null).toBe(statusAfter(status, transition) !== null);
        if (refusal) expect(refusal).toContain(status);
      }
    }
  });

  it("archives a completed order once, and nothing else", () => {
    expect(archiveRefusal({ status: "completed", archivedAt: null })).toBeNull();
    expect(archiveRefusal({ status: "completed", archivedAt: new Date() })).toBe(
      "This order is already archived. Please refresh the list.",
    );
    for (const status of orderStatusValues.filter((s) => s !== "completed")) {
      expect(archiveRefusal({ status, archivedAt: null })).toMatch(/only completed orders are archived/);
    }
  });

  it("treats cancelled as final", () => {
    for (const transition of orderTransitionValues) expect(statusAfter("cancelled", transition)).toBeNull();
    expect(allowedTransitions("cancelled")).toEqual([]);
  });

  it("offers exactly the transitions statusAfter accepts, in lifecycle order", () => {
    expect(allowedTransitions("pending")).toEqual(["accept", "cancel"]);
    expect(allowedTransitions("accepted")).toEqual(["complete", "cancel"]);
    expect(allowedTransitions("completed")).toEqual([]);
    for (const status of orderStatusValues) {
      const accepted = orderTransitionValues.filter((transition) => statusAfter(status, transition) !== null);
      expect(allowedTransitions(status)).toEqual(accepted);
    }
  });

  it("never takes an order out of completed, whatever staff try in whatever order", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...orderTransitionValues), { maxLength: 12 }), (attempts) => {
        let status: (typeof orderStatusValues)[number] = "pending";
        let completed = false;
        for (const transition of attempts) {
          status = statusAfter(status, transition) ?? status;
          if (status === "completed") completed = true;
          if (completed) expect(status).toBe("completed");
        }
      }),
    );
  });
});

describe("the collection deadline the customer is told", () => {
  const expiry = { acceptedDays: 4, pendingDays: 7 };
  const createdAt = new Date("2026-11-20T10:00:00Z");
  const acceptedAt = new Date("2026-11-21T09:30:00Z");

  it("is the moment the expiry job would close the order, in its current state", () => {
    expect(collectionDeadline({ status: "accepted", createdAt, acceptedAt }, expiry)).toEqual({
      kind: "collect-by",
      at: new Date("2026-11-25T09:30:00Z"),
    });
    expect(collectionDeadline({ status: "pending", createdAt, acceptedAt: null }, expiry)).toEqual({
      kind: "once-ready",
      days: 4,
      readyBy: new Date("2026-11-27T10:00:00Z"),
    });
    for (const status of ["completed", "cancelled", "expired"] as const) {
      expect(collectionDeadline({ status, createdAt, acceptedAt }, expiry)).toBeNull();
    }
  });

  it("says it in the customer's terms for each way", () => {
    const dates = { longDateTime: (date: Date | string) => new Date(date).toISOString() };
    expect(collectionDeadlineText({ kind: "collect-by", at: acceptedAt }, "Sell", dates)).toBe(
      `Bring your notes by ${acceptedAt.toISOString()}.`,
    );
    expect(collectionDeadlineText({ kind: "once-ready", days: 1, readyBy: createdAt }, "Order", dates)).toBe(
      `Collect your currency within 1 day of our e-mail saying your order is ready. An order that is not ready by ${createdAt.toISOString()} expires, and nothing is owed.`,
    );
  });
});
