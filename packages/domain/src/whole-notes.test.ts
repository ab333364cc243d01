import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { noteDenominations } from "./denominations.ts";
import { currencyExponent } from "./money.ts";
import { quoteCollect } from "./pricing.ts";
import {
  smallestNoteCurrencies,
  collectBasketAtBranch,
  defaultSmallestNoteMinor,
  isWholeNotesAmount,
  nearestSellAmounts,
  quoteInWholeNotes,
  noteValues,
  sellNotesMessage,
  smallestNoteProblem,
  splitIntoWholeNotes,
  sterlingValueUp,
  unlimitedNotes,
} from "./whole-notes.ts";
import { formatNotes, noteSplitText } from "./note-text.ts";

// The seeded currencies (apps/server/src/db/seed-data/currencies.ts), repeated here so that a currency
// seeded without a smallest note fails this file rather than dealing in whole units unnoticed.
// biome-ignore format: a list of codes reads better in rows
const SEEDED = [
  "EUR", "USD", "AED", "AUD", "CAD", "CHF", "CNY", "CZK", "DKK", "HKD", "HUF", "ISK", "JPY", "MXN", "NOK",
  "NZD", "PLN", "SEK", "SGD", "THB", "TRY", "ZAR", "ALL", "AMD", "ARS", "AWG", "AZN", "BAM", "BBD", "BHD",
  "BMD", "BND", "BRL", "BSD", "BWP", "CLP", "COP", "CRC", "CVE", "DOP", "EGP", "FJD", "GEL", "GTQ", "IDR",
  "ILS", "INR", "JMD", "JOD", "KES", "KHR", "KRW", "KWD", "KYD", "KZT", "LKR", "MAD", "MDL", "MKD", "MOP",
  "MUR", "MVR", "MYR", "NAD", "OMR", "PEN", "PHP", "QAR", "RON", "RSD", "SAR", "SCR", "TTD", "TWD", "TZS",
  "UGX", "UYU", "VND", "XAF", "XCD", "XOF", "XPF",
];

/** Independent oracle: pence worth of `foreign` at a 4-dp rate, rounded up, in BigInt rationals. */
function valueUp(foreign: number, rate: string, currency: string): number {
  const r = BigInt(rate.replace(".", ""));
  const num = BigInt(foreign) * 10n ** 6n;
  const den = r * 10n ** BigInt(currencyExponent(currency));
  return Number((num + den - 1n) / den);
}

/**
 * Independent oracle: the largest amount ≤ `limit` that unlimited notes of `values` make, by plain
 * reachability up to a bound; beyond it every multiple of the notes' common unit is makeable, which the
 * oracle checks (a run of reachable amounts as long as the largest note means every later one is too).
 */
function largestMakeable(limit: number, values: number[]): number {
  const unit = values.reduce((g, v) => gcdOf(g, v), 0);
  const steps = values.map((v) => v / unit);
  const bound = 20_000;
  const reach = new Uint8Array(bound + 1);
  reach[0] = 1;
  for (let u = 1; u <= bound; u++) for (const s of steps) if (u >= s && reach[u - s]) reach[u] = 1;
  const longest = Math.max(...steps);
  expect(reach.subarray(bound - longest + 1).every((r) => r === 1)).toBe(true);
  const units = Math.floor(limit / unit);
  if (units > bound) return units * unit;
  let best = units;
  while (best > 0 && !reach[best]) best--;
  return best * unit;
}
const gcdOf = (a: number, b: number): number => (b === 0 ? a : gcdOf(b, a % b));

const arbRate = fc
  .bigInt({ min: 1000n, max: 400_000_000n })
  .map((r) => `${r / 10_000n}.${(r % 10_000n).toString().padStart(4, "0")}`);

describe("the smallest notes", () => {
  it("every seeded currency has one, and the issue's examples are the table's", () => {
    for (const code of SEEDED) expect(smallestNoteCurrencies()).toContain(code);
    expect(defaultSmallestNoteMinor("EUR")).toBe(500);
    expect(defaultSmallestNoteMinor("USD")).toBe(100);
    expect(defaultSmallestNoteMinor("JPY")).toBe(1000);
    expect(defaultSmallestNoteMinor("THB")).toBe(10_000);
    expect(defaultSmallestNoteMinor("KWD")).toBe(250);
    // Unknown: whole units.
    expect(defaultSmallestNoteMinor("XYZ")).toBe(100);
  });

  it("where the note table knows the currency, the default is one of its notes", () => {
    for (const code of smallestNoteCurrencies()) {
      const issued = noteDenominations(code);
      if (issued) expect(issued).toContain(defaultSmallestNoteMinor(code));
    }
  });

  it("note values: the issued notes from the smallest up, else multiples of the smallest", () => {
    expect(noteValues("THB", 10_000)).toEqual([100_000, 50_000, 10_000]);
    expect(noteValues("EUR", 500)).toEqual([20_000, 10_000, 5_000, 2_000, 1_000, 500]);
    expect(noteValues("KWD", 250)).toEqual([250]);
  });

  it("staff may set only a positive amount, one of the currency's notes where known", () => {
    expect(smallestNoteProblem("EUR", 1000)).toBeNull();
    expect(smallestNoteProblem("EUR", 700)).toBe(
      "The smallest note must be one of the EUR notes: €5, €10, €20, €50, €100, €200",
    );
    expect(smallestNoteProblem("EUR", 0)).toBe("The smallest note must be an amount above 0");
    expect(smallestNoteProblem("KWD", 500)).toBeNull();
  });
});

describe("splitIntoWholeNotes (Click & Collect)", () => {
  const eur = (gbpMinor: number, rate: string, available = unlimitedNotes("EUR", 500)) => {
    const q = quoteCollect({ rate, currency: "EUR", gbpMinor });
    if (!q.ok) throw new Error("no quote");
    return splitIntoWholeNotes({
      gbpMinor: q.gbpMinor,
      exactForeignMinor: q.foreignMinor,
      rate,
      currency: "EUR",
      available,
    });
  };

  it("the issue's figures: £300 of euros is €335 in notes + £1.74 back", () => {
    const q = quoteCollect({ rate: "1.1232", currency: "EUR", gbpMinor: 300_00 });
    expect(q).toMatchObject({ foreignMinor: 336_96 });
    const split = eur(300_00, "1.1232");
    expect(split).toMatchObject({ notesMinor: 335_00, sterlingBackMinor: 1_74 });
    expect(noteSplitText(split.notesMinor, split.sterlingBackMinor, "EUR")).toBe(
      "€335 in notes + £1.74 back in sterling",
    );
  });

  it("£200 of dollars ($256.42) is $256 in notes and the rest in sterling", () => {
    const q = quoteCollect({ rate: "1.2821", currency: "USD", gbpMinor: 200_00 });
    expect(q).toMatchObject({ foreignMinor: 256_42 });
    const split = splitIntoWholeNotes({
      gbpMinor: 200_00,
      exactForeignMinor: 256_42,
      rate: "1.2821",
      currency: "USD",
      available: unlimitedNotes("USD", 100),
    });
    // $256 is worth £199.6724… → £199.68.
    expect(split).toMatchObject({ notesMinor: 256_00, sterlingBackMinor: 32 });
  });

  it("£100 (€112.32) is €110 in notes + £2.06 back, not €110 for the price of €112.32", () => {
    expect(eur(100_00, "1.1232")).toMatchObject({ notesMinor: 110_00, sterlingBackMinor: 2_06 });
  });

  it("nothing back when the notes make the conversion exactly", () => {
    const split = eur(100_00, "1.1500");
    expect(split).toMatchObject({ notesMinor: 115_00, sterlingBackMinor: 0 });
    expect(noteSplitText(split.notesMinor, 0, "EUR")).toBe("€115 in notes");
  });

  it("property: for every currency and amount, the notes' value + sterling back = the sterling paid, and the split is payable", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEEDED),
        arbRate,
        fc.integer({ min: 1, max: 500 }).map((tens) => tens * 1000),
        (currency, rate, gbpMinor) => {
          const q = quoteCollect({ rate, currency, gbpMinor });
          if (!q.ok) return;
          const smallest = defaultSmallestNoteMinor(currency);
          const split = splitIntoWholeNotes({
            gbpMinor: q.gbpMinor,
            exactForeignMinor: q.foreignMinor,
            rate,
            currency,
            available: unlimitedNotes(currency, smallest),
          });
          const values = noteValues(currency, smallest);
          // Beyond two million of the notes' common unit (S$20,000,000 and the like) the note split is plain greedy.
          fc.pre(q.foreignMinor / values.reduce((g, v) => gcdOf(g, v), 0) <= 2_000_000);
          // Payable: the notes are the currency's own, they add up to the amount, and the sterling is whole pence ≥ 0.
          expect(split.notes.reduce((sum, n) => sum + n.valueMinor * n.count, 0)).toBe(split.notesMinor);
          for (const note of split.notes) expect(values).toContain(note.valueMinor);
          expect(Number.isSafeInteger(split.sterlingBackMinor)).toBe(true);
          expect(split.sterlingBackMinor).toBeGreaterThanOrEqual(0);
          // The largest amount notes make at or below the exact conversion.
          expect(split.notesMinor).toBeLessThanOrEqual(q.foreignMinor);
          expect(split.notesMinor).toBe(largestMakeable(q.foreignMinor, values));
          // Notes + sterling back = the sterling paid (the notes at the order's rate, rounded up to the penny).
          if (split.notesMinor > 0) {
            expect(valueUp(split.notesMinor, rate, currency) + split.sterlingBackMinor).toBe(q.gbpMinor);
          } else {
            expect(split.sterlingBackMinor).toBe(q.gbpMinor);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("property: sterlingValueUp is the exact value rounded up", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("EUR", "JPY", "KWD"),
        arbRate,
        fc.integer({ min: 0, max: 10 ** 12 }),
        (c, rate, f) => {
          expect(sterlingValueUp(f, rate, c)).toBe(valueUp(f, rate, c));
        },
      ),
    );
  });
});

describe("collectBasketAtBranch", () => {
  const line = (gbpMinor: number, free: { valueMinor: number; count: number }[] | null, rate = "1.1232") => {
    const q = quoteCollect({ rate, currency: "EUR", gbpMinor });
    if (!q.ok) throw new Error("no quote");
    return { currency: "EUR", gbpMinor, exactForeignMinor: q.foreignMinor, rate, smallestNoteMinor: 500, free };
  };
  const fiftiesAndTwenties = [
    { valueMinor: 5_000, count: 2 },
    { valueMinor: 2_000, count: 5 },
  ];

  it("the issue's branch: €200 in €50 and €20 notes pays €160 of €168.48, the rest in sterling", () => {
    const result = collectBasketAtBranch([line(150_00, fiftiesAndTwenties)], 10);
    expect(result.short).toBeNull();
    expect(result.lines[0]).toMatchObject({ notesMinor: 160_00, sterlingBackMinor: 7_54 });
    expect(result.reserve).toEqual([
      {
        currency: "EUR",
        notes: [
          { valueMinor: 5_000, count: 2 },
          { valueMinor: 2_000, count: 3 },
        ],
      },
    ]);
  });

  it("is short, naming the largest amount it can supply, when its stock gives back more than the share", () => {
    const result = collectBasketAtBranch([line(150_00, [{ valueMinor: 5_000, count: 2 }])], 10);
    expect(result.short).toEqual({ currency: "EUR", largestMinor: 100_00 });
    expect(result.reserve).toEqual([]);
    // With half the order allowed back, the same stock is enough.
    expect(collectBasketAtBranch([line(150_00, [{ valueMinor: 5_000, count: 2 }])], 50).short).toBeNull();
  });

  it("lines of one currency share the branch's notes", () => {
    const result = collectBasketAtBranch([line(100_00, fiftiesAndTwenties), line(100_00, fiftiesAndTwenties)], 10);
    expect(result.lines.map((l) => l.notesMinor)).toEqual([110_00, 90_00]);
    expect(result.short).toEqual({ currency: "EUR", largestMinor: 200_00 });
  });

  it("untracked lines take what the currency's notes make, and reserve nothing", () => {
    const result = collectBasketAtBranch([line(300_00, null)], 10);
    expect(result).toMatchObject({ tracked: false, short: null, reserve: [] });
    expect(result.lines[0]).toMatchObject({ notesMinor: 335_00, sterlingBackMinor: 1_74 });
  });

  it("property: notes + sterling back = the sterling paid, line by line, whatever the stock", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 10, max: 200 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 6, maxLength: 6 }),
        arbRate.filter((r) => Number(r) > 0.5 && Number(r) < 3),
        (tens, counts, rate) => {
          const free = [20_000, 10_000, 5_000, 2_000, 1_000, 500].map((valueMinor, i) => ({
            valueMinor,
            count: counts[i]!,
          }));
          const lines = tens.map((t) => line(t * 1000, free, rate));
          const result = collectBasketAtBranch(lines, 10);
          const reservedTotal = result.reserve.flatMap((r) => r.notes).reduce((s, n) => s + n.valueMinor * n.count, 0);
          result.lines.forEach((split, i) => {
            expect(split.notesMinor % 500).toBe(0);
            const value = split.notesMinor > 0 ? valueUp(split.notesMinor, rate, "EUR") : 0;
            expect(value + split.sterlingBackMinor).toBe(lines[i]!.gbpMinor);
          });
          if (!result.short) {
            expect(reservedTotal).toBe(result.lines.reduce((s, l) => s + l.notesMinor, 0));
            for (const note of result.reserve.flatMap((r) => r.notes)) {
              expect(note.count).toBeLessThanOrEqual(free.find((f) => f.valueMinor === note.valueMinor)!.count);
            }
          }
        },
      ),
    );
  });
});

describe("Click & Sell in whole notes", () => {
  it("accepts whole multiples of the smallest note only", () => {
    expect(isWholeNotesAmount(100_00, 500)).toBe(true);
    expect(isWholeNotesAmount(102_00, 500)).toBe(false);
    expect(isWholeNotesAmount(0, 500)).toBe(false);
  });

  it("offers the nearest valid amounts", () => {
    expect(nearestSellAmounts(102_00, 500)).toEqual([100_00, 105_00]);
    expect(nearestSellAmounts(3_00, 500)).toEqual([5_00]);
    expect(sellNotesMessage("EUR", 102_00, 500)).toBe(
      "We buy EUR in whole notes, so the amount must be a multiple of €5: try €100 or €105.",
    );
    expect(formatNotes(1_000, "JPY")).toBe("JP¥1,000");
  });

  it("property: the nearest amounts are whole notes, around the amount, one note apart", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDED), fc.integer({ min: 1, max: 10 ** 9 }), (currency, f) => {
        const smallest = defaultSmallestNoteMinor(currency);
        const nearest = nearestSellAmounts(f, smallest);
        for (const amount of nearest) expect(isWholeNotesAmount(amount, smallest)).toBe(true);
        if (isWholeNotesAmount(f, smallest)) expect(nearest).toEqual([f]);
        else {
          expect(nearest.at(-1)! - f).toBeLessThan(smallest);
          expect(nearest.at(-1)!).toBeGreaterThan(f);
          if (nearest.length === 2) expect(nearest[0]).toBeLessThan(f);
        }
      }),
    );
  });
});

describe("quoteInWholeNotes (the quote and both previews)", () => {
  it("prices the issue's examples and refuses a sale that is not whole notes", () => {
    const base = { rate: "1.1232", currency: "EUR", smallestNoteMinor: 500 };
    expect(quoteInWholeNotes({ ...base, way: "Order", gbpMinor: 300_00 })).toEqual({
      ok: true,
      gbpMinor: 300_00,
      foreignMinor: 335_00,
      sterlingBackMinor: 1_74,
      rate: "1.1232",
    });
    expect(quoteInWholeNotes({ ...base, way: "Sell", foreignMinor: 102_00 })).toEqual({
      ok: false,
      reason: "not_whole_notes",
      foreignMinor: 102_00,
    });
  });

  it("property: a sale asked in sterling is whole notes paying at least the sterling asked", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDED), arbRate, fc.integer({ min: 1, max: 500_000 }), (currency, rate, gbp) => {
        const smallestNoteMinor = defaultSmallestNoteMinor(currency);
        const sale = quoteInWholeNotes({ way: "Sell", rate, currency, smallestNoteMinor, gbpMinor: gbp });
        if (!sale.ok) return;
        expect(isWholeNotesAmount(sale.foreignMinor, smallestNoteMinor)).toBe(true);
        expect(sale.gbpMinor).toBeGreaterThanOrEqual(gbp);
        expect(sale.sterlingBackMinor).toBe(0);
      }),
    );
  });
});
