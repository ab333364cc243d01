import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chooseReversalTill,
  compensatingStockChanges,
  compensatingTillMovements,
  type NoteStock,
  reversalDecidedRefusal,
  reversalDecisionRefusal,
  reversalRequestRefusal,
  reversalTextProblem,
  stockShortfalls,
} from "./reversal.ts";
import { NOT_YOUR_BRANCH_MESSAGE, NOT_YOUR_ROLE_MESSAGE } from "./staff-permissions.ts";
import { expectedClose, handoverMovements, type TillMovement } from "./till.ts";

const CURRENCIES = ["GBP", "EUR", "USD"] as const;
const movementArb: fc.Arbitrary<TillMovement> = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  amountMinor: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  method: fc.constantFrom("cash" as const, "card" as const),
});
const netOf = (movements: readonly TillMovement[], currency: string, method: string) =>
  movements.filter((m) => m.currency === currency && m.method === method).reduce((sum, m) => sum + m.amountMinor, 0);

describe("compensatingTillMovements", () => {
  it("moves, per currency and method, exactly the opposite of what was moved, for any movements", () => {
    fc.assert(
      fc.property(fc.array(movementArb, { maxLength: 30 }), (moved) => {
        const compensating = compensatingTillMovements(moved);
        for (const currency of CURRENCIES) {
          for (const method of ["cash", "card"]) {
            expect(netOf([...moved, ...compensating], currency, method)).toBe(0);
          }
        }
        expect(compensating.every((m) => m.amountMinor !== 0)).toBe(true);
      }),
    );
  });

  it("puts the till's expected close back to what it was before the completion", () => {
    fc.assert(
      fc.property(
        fc.record({ GBP: fc.nat(10_000_000), EUR: fc.nat(10_000_000) }),
        fc.array(movementArb, { maxLength: 20 }),
        fc.array(movementArb, { maxLength: 20 }),
        (float, earlier, completion) => {
          const before = expectedClose(float, earlier);
          const after = expectedClose(float, [...earlier, ...completion, ...compensatingTillMovements(completion)]);
          for (const currency of CURRENCIES) expect(after[currency] ?? 0).toBe(before[currency] ?? 0);
        },
      ),
    );
  });

  it("undoes a Click & Collect handover paid in cash: sterling back out, the notes back in", () => {
    const moved = handoverMovements({
      way: "Order",
      payment: { method: "cash", amountMinor: 25_000 },
      currencies: [{ currency: "EUR", amountMinor: 30_000 }],
      sterlingBackMinor: 120,
    });
    expect(compensatingTillMovements(moved)).toEqual([
      { currency: "GBP", method: "cash", amountMinor: -(25_000 - 120) },
      { currency: "EUR", method: "cash", amountMinor: 30_000 },
    ]);
  });

  it("undoes a card payment by card, and writes nothing for nothing moved", () => {
    expect(compensatingTillMovements([{ currency: "GBP", method: "card", amountMinor: -16_000 }])).toEqual([
      { currency: "GBP", method: "card", amountMinor: 16_000 },
    ]);
    expect(compensatingTillMovements([])).toEqual([]);
  });
});

describe("compensatingStockChanges", () => {
  const notes = [
    {
      currency: "EUR",
      notes: [
        { valueMinor: 5000, count: 4 },
        { valueMinor: 1000, count: 0 },
      ],
    },
    { currency: "USD", notes: [{ valueMinor: 2000, count: 3 }] },
  ];
  it("puts a Click & Collect order's notes back into stock", () => {
    expect(compensatingStockChanges("Order", notes)).toEqual([
      { currency: "EUR", valueMinor: 5000, change: 4 },
      { currency: "USD", valueMinor: 2000, change: 3 },
    ]);
  });
  it("takes a Click & Sell order's notes received back out of stock", () => {
    expect(compensatingStockChanges("Sell", notes)).toEqual([
      { currency: "EUR", valueMinor: 5000, change: -4 },
      { currency: "USD", valueMinor: 2000, change: -3 },
    ]);
  });
  it("restores any stock to its count before the completion", () => {
    const noteArb = fc.record({ valueMinor: fc.constantFrom(5000, 2000, 1000), count: fc.nat(50) });
    fc.assert(
      fc.property(
        fc.constantFrom("Order" as const, "Sell" as const),
        fc.array(noteArb, { maxLength: 3 }),
        (way, sold) => {
          const unique = sold.filter((n, i) => sold.findIndex((m) => m.valueMinor === n.valueMinor) === i);
          const start = new Map([5000, 2000, 1000].map((v) => [v, 100]));
          const afterCompletion = new Map(start);
          for (const n of unique)
            afterCompletion.set(
              n.valueMinor,
              afterCompletion.get(n.valueMinor)! + (way === "Order" ? -n.count : n.count),
            );
          for (const change of compensatingStockChanges(way, [{ currency: "EUR", notes: unique }]))
            afterCompletion.set(change.valueMinor, afterCompletion.get(change.valueMinor)! + change.change);
          expect(afterCompletion).toEqual(start);
        },
      ),
    );
  });
});

describe("stockShortfalls", () => {
  const stock: NoteStock[] = [{ currency: "EUR", valueMinor: 5000, count: 5, reserved: 2 }];
  it("refuses to take out notes that are not free (reserved by open orders or gone)", () => {
    expect(stockShortfalls([{ currency: "EUR", valueMinor: 5000, change: -3 }], stock)).toEqual([]);
    expect(stockShortfalls([{ currency: "EUR", valueMinor: 5000, change: -4 }], stock)).toHaveLength(1);
    expect(stockShortfalls([{ currency: "EUR", valueMinor: 2000, change: -1 }], stock)).toHaveLength(1);
  });
  it("always lets notes come back in", () => {
    expect(stockShortfalls([{ currency: "EUR", valueMinor: 2000, change: 7 }], [])).toEqual([]);
  });
});

describe("who decides a reversal", () => {
  const reversal = { requestedById: "cashier-1", branchKey: "worthing" };
  it("is a manager at the order's branch or an admin, never the one who asked", () => {
    expect(reversalDecisionRefusal({ id: "m", role: "manager", branches: ["worthing"] }, reversal)).toBeNull();
    expect(reversalDecisionRefusal({ id: "a", role: "admin", branches: [] }, reversal)).toBeNull();
    expect(reversalDecisionRefusal({ id: "m", role: "manager", branches: ["brighton"] }, reversal)).toBe(
      NOT_YOUR_BRANCH_MESSAGE,
    );
    expect(reversalDecisionRefusal({ id: "c", role: "cashier", branches: ["worthing"] }, reversal)).toBe(
      NOT_YOUR_ROLE_MESSAGE,
    );
    expect(reversalDecisionRefusal({ id: "x", role: "mlro", branches: [] }, reversal)).toBe(NOT_YOUR_ROLE_MESSAGE);
  });
  it("needs a second person, whatever the role", () => {
    fc.assert(
      fc.property(fc.constantFrom("manager" as const, "admin" as const), fc.string({ minLength: 1 }), (role, id) => {
        expect(
          reversalDecisionRefusal({ id, role, branches: ["worthing"] }, { ...reversal, requestedById: id }),
        ).toMatch(/another manager/);
      }),
    );
  });
  it("decides a requested reversal once", () => {
    expect(reversalDecidedRefusal("requested")).toBeNull();
    expect(reversalDecidedRefusal("approved")).toMatch(/already been approved/);
    expect(reversalDecidedRefusal("refused")).toMatch(/refused/);
  });
});

describe("asking for a reversal", () => {
  it("is for a completed order that is not reversed and has no request waiting", () => {
    expect(reversalRequestRefusal({ status: "completed", reversedAt: null, liveReversal: null })).toBeNull();
    expect(reversalRequestRefusal({ status: "accepted", reversedAt: null, liveReversal: null })).toMatch(
      /only a completed order/,
    );
    expect(reversalRequestRefusal({ status: "completed", reversedAt: new Date(), liveReversal: "approved" })).toBe(
      "This order has already been reversed.",
    );
    expect(reversalRequestRefusal({ status: "completed", reversedAt: null, liveReversal: "requested" })).toMatch(
      /already been requested/,
    );
  });
  it("needs a written reason of 5 to 500 characters", () => {
    expect(reversalTextProblem("  oops ", "reason")).toMatch(/at least 5/);
    expect(reversalTextProblem("Wrong currency handed over", "reason")).toBeNull();
    expect(reversalTextProblem("x".repeat(501), "note")).toMatch(/500/);
  });
});

describe("chooseReversalTill", () => {
  it("takes the completion's till while open, else the requester's open till, else none", () => {
    expect(chooseReversalTill({ completion: { id: "t1", status: "open" }, requesterOpenTillId: "t2" })).toEqual({
      tillId: "t1",
    });
    expect(chooseReversalTill({ completion: { id: "t1", status: "closed" }, requesterOpenTillId: "t2" })).toEqual({
      tillId: "t2",
    });
    expect(
      chooseReversalTill({ completion: { id: "t1", status: "awaiting_signoff" }, requesterOpenTillId: null }),
    ).toEqual({ refusal: "no-open-till" });
    expect(chooseReversalTill({ completion: null, requesterOpenTillId: null })).toEqual({ refusal: "no-open-till" });
  });
});
