import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NOTE_CURRENCIES, noteDenominations } from "./denominations.ts";
import { type NoteCount, splitIntoNotes } from "./note-split.ts";

const unlimited = (values: number[]) => values.map((valueMinor) => ({ valueMinor, count: Number.POSITIVE_INFINITY }));
const sum = (notes: NoteCount[]) => notes.reduce((total, n) => total + n.valueMinor * n.count, 0);

/** Every way of taking notes from the stock (small stocks only), as count vectors largest note first. */
function allSplits(stock: NoteCount[]): number[][] {
  const sorted = [...stock].sort((a, b) => b.valueMinor - a.valueMinor);
  let vectors: number[][] = [[]];
  for (const note of sorted) {
    const next: number[][] = [];
    for (const v of vectors) for (let k = 0; k <= note.count; k++) next.push([...v, k]);
    vectors = next;
  }
  return vectors;
}

describe("splitIntoNotes", () => {
  it("pays an amount exactly with the largest notes", () => {
    const split = splitIntoNotes(
      28_500,
      unlimited([20_000, 10_000, 5_000, 2_000, 1_000, 500]).map((n) => ({ ...n, count: 10 })),
    );
    expect(split).toEqual({
      notes: [
        { valueMinor: 20_000, count: 1 },
        { valueMinor: 5_000, count: 1 },
        { valueMinor: 2_000, count: 1 },
        { valueMinor: 1_000, count: 1 },
        { valueMinor: 500, count: 1 },
      ],
      totalMinor: 28_500,
      exact: true,
    });
  });

  it("uses smaller notes when the large ones run out", () => {
    const split = splitIntoNotes(20_000, [
      { valueMinor: 10_000, count: 1 },
      { valueMinor: 5_000, count: 4 },
    ]);
    expect(split.notes).toEqual([
      { valueMinor: 10_000, count: 1 },
      { valueMinor: 5_000, count: 2 },
    ]);
    expect(split.exact).toBe(true);
  });

  it("finds an exact split plain greedy would miss (60 from one 50 and three 20s)", () => {
    const split = splitIntoNotes(6_000, [
      { valueMinor: 5_000, count: 1 },
      { valueMinor: 2_000, count: 3 },
    ]);
    expect(split).toEqual({ notes: [{ valueMinor: 2_000, count: 3 }], totalMinor: 6_000, exact: true });
  });

  it("pays the nearest amount below when notes cannot make the amount (cents, missing small notes)", () => {
    // 345.67 EUR: notes pay 345.00 at most.
    expect(splitIntoNotes(34_567, unlimited(noteDenominations("EUR")!))).toEqual({
      notes: [
        { valueMinor: 20_000, count: 1 },
        { valueMinor: 10_000, count: 1 },
        { valueMinor: 2_000, count: 2 },
        { valueMinor: 500, count: 1 },
      ],
      totalMinor: 34_500,
      exact: false,
    });
    // Only 50s left: 120 becomes 100.
    expect(splitIntoNotes(12_000, [{ valueMinor: 5_000, count: 9 }]).totalMinor).toBe(10_000);
    expect(splitIntoNotes(400, [{ valueMinor: 500, count: 9 }])).toEqual({ notes: [], totalMinor: 0, exact: false });
  });

  it("splits exactly when possible, else to the nearest payable amount below, never more than the stock, largest notes first", () => {
    const stock = fc
      .uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 4 })
      .chain((values) =>
        fc.tuple(...values.map((valueMinor) => fc.record({ valueMinor: fc.constant(valueMinor), count: fc.nat(4) }))),
      );
    fc.assert(
      fc.property(stock, fc.nat(400), (notes, amount) => {
        const split = splitIntoNotes(amount, notes);
        // Adds up to its total, within the stock, never above the amount.
        expect(sum(split.notes)).toBe(split.totalMinor);
        expect(split.totalMinor).toBeLessThanOrEqual(amount);
        expect(split.exact).toBe(split.totalMinor === amount);
        for (const taken of split.notes) {
          const inStock = notes.find((n) => n.valueMinor === taken.valueMinor);
          expect(taken.count).toBeGreaterThan(0);
          expect(taken.count).toBeLessThanOrEqual(inStock?.count ?? 0);
        }
        // The best any combination of the stock can pay, and the largest notes for it.
        const sorted = [...notes].sort((a, b) => b.valueMinor - a.valueMinor);
        const candidates = allSplits(notes)
          .map((counts) => ({ counts, total: counts.reduce((t, k, i) => t + k * sorted[i]!.valueMinor, 0) }))
          .filter((c) => c.total <= amount);
        const best = Math.max(...candidates.map((c) => c.total));
        expect(split.totalMinor).toBe(best);
        const largestFirst = candidates
          .filter((c) => c.total === best)
          .map((c) => c.counts)
          .sort((a, b) => {
            for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
            return 0;
          })[0]!;
        const ours = sorted.map((n) => split.notes.find((t) => t.valueMinor === n.valueMinor)?.count ?? 0);
        expect(ours).toEqual(largestFirst);
      }),
      { numRuns: 400 },
    );
  });

  it("pays every real currency's amounts with unlimited notes down to the smallest note", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NOTE_CURRENCIES), fc.integer({ min: 0, max: 50_000_000 }), (code, amount) => {
        const values = noteDenominations(code)!;
        const split = splitIntoNotes(amount, unlimited(values));
        expect(sum(split.notes)).toBe(split.totalMinor);
        expect(amount - split.totalMinor).toBeGreaterThanOrEqual(0);
        // Every real series has notes with a common step; what is left is less than the smallest note.
        expect(amount - split.totalMinor).toBeLessThan(Math.min(...values) * 2);
      }),
    );
  });
});

describe("note denominations", () => {
  it("knows at least the 20 most traded currencies, in minor units, largest first", () => {
    expect(NOTE_CURRENCIES.length).toBeGreaterThanOrEqual(20);
    expect(noteDenominations("EUR")).toEqual([20_000, 10_000, 5_000, 2_000, 1_000, 500]);
    expect(noteDenominations("jpy")).toEqual([10_000, 5_000, 2_000, 1_000]);
    expect(noteDenominations("XXX")).toBeUndefined();
    for (const code of NOTE_CURRENCIES) {
      const values = noteDenominations(code)!;
      expect([...values].sort((a, b) => b - a)).toEqual(values);
    }
  });
});
