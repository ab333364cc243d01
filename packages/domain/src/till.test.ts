import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assessClose,
  checkTillCashMove,
  checkTillCount,
  countedAmounts,
  expectedClose,
  formatSignedMinor,
  gbpValueMinor,
  handoverMovements,
  signOffReasonProblem,
  STERLING_TILL_DENOMINATIONS_MINOR,
  type TillMovement,
  tillDenominations,
  tillVariance,
} from "./till.ts";

const CURRENCIES = ["GBP", "EUR", "USD", "JPY"] as const;

const movementArb: fc.Arbitrary<TillMovement> = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  amountMinor: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  method: fc.constantFrom("cash" as const, "card" as const),
});

const floatArb = fc.record({
  GBP: fc.integer({ min: 0, max: 10_000_000 }),
  EUR: fc.integer({ min: 0, max: 10_000_000 }),
});

describe("expectedClose", () => {
  it("is the float plus every cash movement, per currency, for any list of movements", () => {
    fc.assert(
      fc.property(floatArb, fc.array(movementArb, { maxLength: 60 }), (float, movements) => {
        const expected = expectedClose(float, movements);
        for (const currency of CURRENCIES) {
          const floatOf = (float as Record<string, number>)[currency] ?? 0;
          const moved = movements
            .filter((m) => m.currency === currency && m.method === "cash")
            .reduce((sum, m) => sum + m.amountMinor, 0);
          expect(expected[currency] ?? 0).toBe(floatOf + moved);
        }
      }),
    );
  });

  it("leaves card payments out of the drawer", () => {
    expect(
      expectedClose({ GBP: 10_000 }, [
        { currency: "GBP", amountMinor: 5_000, method: "card" },
        { currency: "GBP", amountMinor: 2_000, method: "cash" },
      ]),
    ).toEqual({ GBP: 12_000 });
  });
});

describe("tillVariance", () => {
  it("is zero everywhere when the count equals what is expected", () => {
    fc.assert(
      fc.property(floatArb, fc.array(movementArb, { maxLength: 60 }), (float, movements) => {
        const expected = expectedClose(float, movements);
        const variance = tillVariance(expected, { ...expected });
        expect(Object.values(variance).every((v) => v === 0)).toBe(true);
        const assessed = assessClose({
          expected,
          counted: { ...expected },
          rates: { EUR: "1.15", USD: "1.27", JPY: "190.5" },
          signOffAboveGbpMinor: 0,
        });
        expect(assessed.totalAbsoluteGbpMinor).toBe(0);
        expect(assessed.needsSignOff).toBe(false);
      }),
    );
  });

  it("is counted minus expected, with a currency missing on one side taken as 0", () => {
    expect(tillVariance({ GBP: 10_000, EUR: 500 }, { GBP: 9_000, USD: 100 })).toEqual({
      GBP: -1_000,
      EUR: -500,
      USD: 100,
    });
  });
});

describe("gbpValueMinor", () => {
  it("values sterling as it is and another currency at units per pound, rounded to the penny", () => {
    expect(gbpValueMinor(-1234, "GBP", "1")).toBe(-1234);
    // €11.50 at 1.15 per pound is exactly £10.00
    expect(gbpValueMinor(1150, "EUR", "1.15")).toBe(1000);
    // ¥1,000 at 190 per pound is £5.263… → £5.26; a shortage of the same size weighs the same
    expect(gbpValueMinor(1000, "JPY", "190")).toBe(526);
    expect(gbpValueMinor(-1000, "JPY", "190")).toBe(-526);
    // €0.01 at 3 per pound is 0.333p → 0p; €0.03 is 1p
    expect(gbpValueMinor(1, "EUR", "3")).toBe(0);
    expect(gbpValueMinor(3, "EUR", "3")).toBe(1);
  });

  it("is odd: a surplus and a shortage of the same size have values of the same size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom("1.1", "1.2734", "190.5"), (n, rate) => {
        expect(gbpValueMinor(-n, "EUR", rate) + gbpValueMinor(n, "EUR", rate)).toBe(0);
      }),
    );
  });
});

describe("assessClose", () => {
  const rates = { EUR: "1.25" };

  it("needs a sign-off only above the threshold, adding the sizes of each currency's variance", () => {
    const expected = { GBP: 100_000, EUR: 50_000 };
    const atThreshold = assessClose({
      expected,
      counted: { GBP: 99_000, EUR: 50_000 },
      rates,
      signOffAboveGbpMinor: 1_000,
    });
    expect(atThreshold.totalAbsoluteGbpMinor).toBe(1_000);
    expect(atThreshold.needsSignOff).toBe(false);
    const above = assessClose({ expected, counted: { GBP: 98_999, EUR: 50_000 }, rates, signOffAboveGbpMinor: 1_000 });
    expect(above.needsSignOff).toBe(true);
    // £6 short and €7.50 (£6) over: they do not cancel out
    const mixed = assessClose({ expected, counted: { GBP: 99_400, EUR: 50_750 }, rates, signOffAboveGbpMinor: 1_000 });
    expect(mixed.currencies).toEqual([
      { currency: "GBP", expectedMinor: 100_000, countedMinor: 99_400, varianceMinor: -600, varianceGbpMinor: -600 },
      { currency: "EUR", expectedMinor: 50_000, countedMinor: 50_750, varianceMinor: 750, varianceGbpMinor: 600 },
    ]);
    expect(mixed.totalAbsoluteGbpMinor).toBe(1_200);
    expect(mixed.needsSignOff).toBe(true);
  });

  it("refuses to guess a rate for a currency with a variance", () => {
    expect(() =>
      assessClose({ expected: { USD: 100 }, counted: { USD: 0 }, rates: {}, signOffAboveGbpMinor: 1_000 }),
    ).toThrow(/No rate/);
  });
});

describe("checkTillCount", () => {
  it("answers the amounts of a count by denomination, sterling with its coins", () => {
    const checked = checkTillCount(
      [
        {
          currency: "GBP",
          notes: [
            { valueMinor: 2000, count: 5 },
            { valueMinor: 1, count: 3 },
            { valueMinor: 2000, count: 1 },
          ],
        },
        { currency: "EUR", notes: [{ valueMinor: 5000, count: 2 }] },
      ],
      ["GBP", "EUR"],
    );
    expect(checked).toEqual({
      ok: true,
      counts: [
        {
          currency: "GBP",
          notes: [
            { valueMinor: 2000, count: 6 },
            { valueMinor: 1, count: 3 },
          ],
        },
        { currency: "EUR", notes: [{ valueMinor: 5000, count: 2 }] },
      ],
      amounts: { GBP: 12_003, EUR: 10_000 },
    });
  });

  it("refuses a currency not counted, a denomination that does not exist and a negative count", () => {
    const missing = checkTillCount([{ currency: "GBP", notes: [] }], ["GBP", "EUR"]);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.fields["counts.EUR"]).toMatch(/Count the EUR/);
    const wrongNote = checkTillCount([{ currency: "EUR", notes: [{ valueMinor: 300, count: 1 }] }], ["EUR"]);
    expect(wrongNote.ok).toBe(false);
    const negative = checkTillCount([{ currency: "GBP", notes: [{ valueMinor: 500, count: -1 }] }], ["GBP"]);
    expect(negative.ok).toBe(false);
    const stranger = checkTillCount(
      [
        { currency: "GBP", notes: [] },
        { currency: "USD", notes: [] },
      ],
      ["GBP"],
    );
    expect(stranger.ok).toBe(false);
  });

  it("totals any valid count as the sum of value × count", () => {
    const euroNotes = tillDenominations("EUR") ?? [];
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 500 }), { minLength: euroNotes.length, maxLength: euroNotes.length }),
        (ns) => {
          const notes = euroNotes.map((valueMinor, i) => ({ valueMinor, count: ns[i] ?? 0 }));
          const checked = checkTillCount([{ currency: "EUR", notes }], ["EUR"]);
          expect(checked.ok && checked.amounts.EUR).toBe(countedAmounts([{ currency: "EUR", notes }]).EUR);
        },
      ),
    );
  });
});

describe("handoverMovements", () => {
  it("takes sterling in and gives the currency out for Click & Collect", () => {
    expect(
      handoverMovements({
        way: "Order",
        payment: { method: "card", amountMinor: 43_000 },
        currencies: [{ currency: "EUR", amountMinor: 50_000 }],
      }),
    ).toEqual([
      { currency: "GBP", amountMinor: 43_000, method: "card" },
      { currency: "EUR", amountMinor: -50_000, method: "cash" },
    ]);
  });

  it("gives the sterling back in cash that whole notes could not make, even when the customer paid by card", () => {
    expect(
      handoverMovements({
        way: "Order",
        payment: { method: "card", amountMinor: 30_000 },
        currencies: [{ currency: "EUR", amountMinor: 33_500 }],
        sterlingBackMinor: 174,
      }),
    ).toEqual([
      { currency: "GBP", amountMinor: 30_000, method: "card" },
      { currency: "GBP", amountMinor: -174, method: "cash" },
      { currency: "EUR", amountMinor: -33_500, method: "cash" },
    ]);
  });

  it("takes the currency in and pays sterling out for Click & Sell", () => {
    expect(
      handoverMovements({
        way: "Sell",
        payment: { method: "cash", amountMinor: 40_000 },
        currencies: [{ currency: "USD", amountMinor: 50_000 }],
      }),
    ).toEqual([
      { currency: "GBP", amountMinor: -40_000, method: "cash" },
      { currency: "USD", amountMinor: 50_000, method: "cash" },
    ]);
  });
});

describe("signOffReasonProblem", () => {
  it("wants a written reason", () => {
    expect(signOffReasonProblem("  ab ")).not.toBeNull();
    expect(signOffReasonProblem("Counted twice, £20 note stuck in drawer")).toBeNull();
    expect(signOffReasonProblem("x".repeat(501))).not.toBeNull();
  });
});

describe("checkTillCashMove", () => {
  const till = { currencies: ["GBP", "EUR"], expected: { GBP: 30_000, EUR: 10_000 } };
  const move = (over: Partial<Parameters<typeof checkTillCashMove>[0]>) =>
    checkTillCashMove(
      {
        direction: "out",
        currency: "GBP",
        notes: [{ valueMinor: 2000, count: 5 }],
        reason: "Drop to the safe",
        ...over,
      },
      till,
    );

  it("answers cash out of the drawer as a negative movement and cash in as a positive one, by denomination", () => {
    expect(move({})).toEqual({
      ok: true,
      currency: "GBP",
      notes: [{ valueMinor: 2000, count: 5 }],
      signedMinor: -10_000,
      reason: "Drop to the safe",
    });
    const topUp = move({
      direction: "in",
      currency: "eur",
      notes: [
        { valueMinor: 5000, count: 1 },
        { valueMinor: 1000, count: 2 },
        { valueMinor: 5000, count: 1 },
      ],
      reason: "  Top-up from the safe  ",
    });
    expect(topUp).toMatchObject({
      ok: true,
      currency: "EUR",
      notes: [
        { valueMinor: 5000, count: 2 },
        { valueMinor: 1000, count: 2 },
      ],
      signedMinor: 12_000,
      reason: "Top-up from the safe",
    });
  });

  it("takes out at most what the drawer should hold, saying how much that is", () => {
    expect(move({ notes: [{ valueMinor: 5000, count: 6 }] }).ok).toBe(true);
    expect(
      move({
        notes: [
          { valueMinor: 5000, count: 6 },
          { valueMinor: 1, count: 1 },
        ],
      }),
    ).toEqual({
      ok: false,
      message: "The drawer should hold £300.00: you cannot take out £300.01.",
      fields: { notes: "The drawer should hold £300.00: you cannot take out £300.01" },
    });
    // Into the drawer there is no such limit.
    expect(move({ direction: "in", notes: [{ valueMinor: 5000, count: 100 }] }).ok).toBe(true);
  });

  it("refuses a currency the till does not count, a denomination that is not one, no cash at all and no reason", () => {
    expect(move({ currency: "USD" }).ok).toBe(false);
    expect(move({ currency: "USD" })).toMatchObject({ fields: { currency: "USD is not counted in this till" } });
    expect(move({ currency: "EUR", notes: [{ valueMinor: 300, count: 1 }] })).toMatchObject({
      fields: { notes: "€3.00 is not a EUR denomination" },
    });
    expect(move({ notes: [{ valueMinor: 2000, count: 1.5 }] })).toMatchObject({
      fields: { notes: "Each count must be a whole number from 0" },
    });
    expect(move({ notes: [{ valueMinor: 2000, count: 0 }] })).toMatchObject({
      fields: { notes: "Count the cash you move: at least one note or coin" },
    });
    expect(move({ reason: " ok " })).toMatchObject({
      message: "Say why the cash moves (at least 5 characters).",
      fields: { reason: "Say why the cash moves (at least 5 characters)" },
    });
    expect(move({ reason: "x".repeat(501) })).toMatchObject({
      fields: { reason: "Keep the reason to 500 characters" },
    });
  });

  it("never leaves the drawer expecting less than nothing, and moves it by exactly the notes counted", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("in" as const, "out" as const),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.record({ valueMinor: fc.constantFrom(...STERLING_TILL_DENOMINATIONS_MINOR), count: fc.nat(50) }), {
          maxLength: 8,
        }),
        (direction, heldMinor, notes) => {
          const checked = checkTillCashMove(
            { direction, currency: "GBP", notes, reason: "Moved with the safe" },
            { currencies: ["GBP"], expected: { GBP: heldMinor } },
          );
          const counted = notes.reduce((sum, note) => sum + note.valueMinor * note.count, 0);
          if (!checked.ok) {
            expect(counted === 0 || (direction === "out" && counted > heldMinor)).toBe(true);
            return;
          }
          expect(checked.signedMinor).toBe(direction === "in" ? counted : -counted);
          const after = expectedClose({ GBP: heldMinor }, [
            { currency: "GBP", method: "cash", amountMinor: checked.signedMinor },
          ]);
          expect(after.GBP).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("formatSignedMinor", () => {
  it("writes the sign of a difference, a true minus sign for a shortage and none for nothing", () => {
    expect(formatSignedMinor(500, "GBP")).toBe("+£5.00");
    expect(formatSignedMinor(-2000, "EUR")).toBe("\u2212€20.00");
    expect(formatSignedMinor(0, "GBP")).toBe("£0.00");
  });
});
