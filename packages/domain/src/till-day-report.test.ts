import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectedClose } from "./till.ts";
import { branchDay, type TillMovementSum, type TillNoteFlow, tillDay } from "./till-day-report.ts";

const CURRENCIES = ["GBP", "EUR", "JPY"] as const;

const movementArb: fc.Arbitrary<TillMovementSum> = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  method: fc.constantFrom("cash" as const, "card" as const),
  kind: fc.constantFrom("order" as const, "trade" as const, "reversal" as const, "float" as const),
  amountMinor: fc.integer({ min: -1_000_000, max: 1_000_000 }),
});
const noteArb: fc.Arbitrary<TillNoteFlow> = fc.record({
  currency: fc.constantFrom("EUR", "JPY"),
  valueMinor: fc.constantFrom(500, 1000, 2000, 5000),
  count: fc.integer({ min: 1, max: 40 }),
  way: fc.constantFrom("Order" as const, "Sell" as const),
  sign: fc.constantFrom(1 as const, -1 as const),
});
const amountsArb = fc.dictionary(fc.constantFrom(...CURRENCIES), fc.integer({ min: 0, max: 5_000_000 }));
const tillArb = fc.record({
  float: amountsArb,
  closeCount: fc.option(amountsArb, { nil: null }),
  movements: fc.array(movementArb, { maxLength: 40 }),
  notes: fc.array(noteArb, { maxLength: 20 }),
});

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

describe("tillDay", () => {
  it("splits a till's movements so that in − out + float moved is their sum, and expects float + cash like the till", () => {
    fc.assert(
      fc.property(tillArb, (till) => {
        const days = tillDay(till);
        const expected = expectedClose(
          till.float,
          till.movements.map(({ currency, method, amountMinor }) => ({ currency, method, amountMinor })),
        );
        for (const currency of CURRENCIES) {
          const day = days.find((d) => d.currency === currency);
          const moved = till.movements.filter((m) => m.currency === currency);
          if (!day) {
            expect(moved).toEqual([]);
            continue;
          }
          const card = sumOf(moved.filter((m) => m.method === "card").map((m) => m.amountMinor));
          const cash = sumOf(moved.filter((m) => m.method === "cash").map((m) => m.amountMinor));
          expect(day.card.inMinor - day.card.outMinor).toBe(card);
          expect(day.cash.inMinor - day.cash.outMinor + day.floatMovedMinor).toBe(cash);
          expect(day.floatMinor).toBe(till.float[currency] ?? 0);
          expect(day.expectedMinor).toBe(expected[currency] ?? 0);
          if (till.closeCount === null) expect([day.countedMinor, day.varianceMinor]).toEqual([null, null]);
          else {
            expect(day.countedMinor).toBe(till.closeCount[currency] ?? 0);
            expect(day.varianceMinor).toBe((till.closeCount[currency] ?? 0) - day.expectedMinor);
          }
        }
      }),
    );
  });

  it("nets each denomination's notes: out for Click & Collect, in for Click & Sell, a reversal taking back", () => {
    fc.assert(
      fc.property(fc.array(noteArb, { maxLength: 30 }), (notes) => {
        const days = tillDay({ float: {}, closeCount: null, movements: [], notes });
        for (const note of notes) {
          const day = days.find((d) => d.currency === note.currency)!;
          const side = note.way === "Order" ? day.notesOut : day.notesIn;
          const net = sumOf(
            notes
              .filter((n) => n.currency === note.currency && n.way === note.way && n.valueMinor === note.valueMinor)
              .map((n) => n.sign * n.count),
          );
          expect(side.find((n) => n.valueMinor === note.valueMinor)?.count ?? 0).toBe(net);
        }
        for (const day of days) {
          for (const side of [day.notesOut, day.notesIn]) {
            expect(side.every((n) => n.count !== 0)).toBe(true);
            expect(side.map((n) => n.valueMinor)).toEqual([...side.map((n) => n.valueMinor)].sort((a, b) => b - a));
          }
        }
      }),
    );
  });

  it("counts a reversal in the column of what it takes back, with the opposite sign", () => {
    const days = tillDay({
      float: { GBP: 20_000 },
      closeCount: { GBP: 20_000, EUR: 0 },
      movements: [
        { currency: "GBP", method: "cash", kind: "order", amountMinor: 10_000 },
        { currency: "EUR", method: "cash", kind: "order", amountMinor: -11_000 },
        { currency: "GBP", method: "card", kind: "order", amountMinor: -4_500 },
        { currency: "GBP", method: "cash", kind: "reversal", amountMinor: -10_000 },
        { currency: "EUR", method: "cash", kind: "reversal", amountMinor: 11_000 },
        { currency: "GBP", method: "cash", kind: "float", amountMinor: 5_000 },
      ],
      notes: [],
    });
    expect(days.map((d) => d.currency)).toEqual(["GBP", "EUR"]);
    expect(days[0]).toMatchObject({
      cash: { inMinor: 0, outMinor: 0 },
      card: { inMinor: 0, outMinor: 4_500 },
      floatMovedMinor: 5_000,
      expectedMinor: 25_000,
      countedMinor: 20_000,
      varianceMinor: -5_000,
    });
    expect(days[1]).toMatchObject({ cash: { inMinor: 0, outMinor: 0 }, expectedMinor: 0, varianceMinor: 0 });
  });
});

describe("branchDay", () => {
  it("is the sum of its tills, with counts and variances of the counted tills only", () => {
    fc.assert(
      fc.property(fc.array(tillArb, { maxLength: 6 }), (tills) => {
        const days = tills.map((till) => tillDay(till));
        const branch = branchDay(days);
        for (const currency of CURRENCIES) {
          const ofTills = days.flatMap((till) => till.filter((d) => d.currency === currency));
          const sum = branch.find((d) => d.currency === currency);
          if (ofTills.length === 0) {
            expect(sum).toBeUndefined();
            continue;
          }
          const add = (pick: (d: (typeof ofTills)[number]) => number) => sumOf(ofTills.map(pick));
          expect(sum).toMatchObject({
            floatMinor: add((d) => d.floatMinor),
            cash: { inMinor: add((d) => d.cash.inMinor), outMinor: add((d) => d.cash.outMinor) },
            card: { inMinor: add((d) => d.card.inMinor), outMinor: add((d) => d.card.outMinor) },
            expectedMinor: add((d) => d.expectedMinor),
            countedMinor: add((d) => d.countedMinor ?? 0),
            varianceMinor: add((d) => d.varianceMinor ?? 0),
          });
          expect(sum!.countedMinor - sum!.varianceMinor).toBe(sum!.expectedOfCountedMinor);
          const notesOut = (d: (typeof ofTills)[number]) => sumOf(d.notesOut.map((n) => n.valueMinor * n.count));
          expect(sumOf(sum!.notesOut.map((n) => n.valueMinor * n.count))).toBe(add(notesOut));
        }
      }),
    );
  });
});
