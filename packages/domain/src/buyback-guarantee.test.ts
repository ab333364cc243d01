import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buybackGuaranteeText,
  buybackLeftMinor,
  buybackUntil,
  type GuaranteedCurrency,
  guaranteedSell,
} from "./buyback-guarantee.ts";

const collected = new Date("2026-11-28T10:00:00Z");
const until = buybackUntil(collected, 45);

/** A 4-decimal rate from its ten-thousandths. */
const rateOf = (tenThousandths: number) => (tenThousandths / 10_000).toFixed(4);

/** Independent oracle: pence of `foreign` euro cents at a 4-decimal rate, rounded down, in BigInt. */
function pencePaid(foreignMinor: number, rate: string): number {
  const r = BigInt(rate.replace(".", ""));
  return Number((BigInt(foreignMinor) * 10_000n) / r);
}

const euros = (overrides: Partial<GuaranteedCurrency> = {}): GuaranteedCurrency => ({
  currency: "EUR",
  rate: "1.1232",
  boughtMinor: 50_000,
  usedMinor: 0,
  until,
  ...overrides,
});

describe("buybackUntil", () => {
  it("runs the days from when the notes were collected", () => {
    expect(buybackUntil(collected, 45).toISOString()).toBe("2027-01-12T10:00:00.000Z");
    expect(() => buybackUntil(collected, 0)).toThrow(RangeError);
  });
});

describe("guaranteedSell", () => {
  it("prices the part up to what is left at the original rate, the rest at the day's rate", () => {
    const sold = guaranteedSell({
      guarantee: euros({ usedMinor: 30_000 }),
      foreignMinor: 30_000,
      currentRate: "1.2000",
      smallestNoteMinor: 500,
      now: collected,
    });
    expect(sold).toEqual({
      guaranteedMinor: 20_000,
      guaranteedGbpMinor: pencePaid(20_000, "1.1232"),
      restMinor: 10_000,
      rate: "1.1232",
      reason: null,
    });
  });

  it("guarantees nothing at or after the deadline, once used, or when the day's rate is as good", () => {
    const base = { foreignMinor: 10_000, smallestNoteMinor: 500, currentRate: "1.2000" };
    expect(guaranteedSell({ ...base, guarantee: euros(), now: until }).reason).toBe("expired");
    expect(guaranteedSell({ ...base, guarantee: euros({ usedMinor: 50_000 }), now: collected }).reason).toBe("used");
    // €4 left cannot make a €5 note.
    expect(guaranteedSell({ ...base, guarantee: euros({ usedMinor: 49_600 }), now: collected }).reason).toBe("used");
    expect(guaranteedSell({ ...base, currentRate: "1.1232", guarantee: euros(), now: collected }).reason).toBe(
      "rate-not-better",
    );
  });

  it("never guarantees more than bought, after the deadline, outside whole notes, or a better rate than the original", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5_000, max: 30_000 }),
        fc.integer({ min: 1, max: 8_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.constantFrom(100, 500, 1_000, 2_000),
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: -5 * 86_400_000, max: 50 * 86_400_000 }),
        (originalTt, spreadTt, boughtMinor, usedSeed, note, foreignSeed, afterCollection) => {
          const rate = rateOf(originalTt);
          const currentRate = rateOf(originalTt + spreadTt - 4_000);
          const usedMinor = Math.min(usedSeed, boughtMinor);
          const foreignMinor = Math.floor(foreignSeed / note) * note;
          const now = new Date(collected.getTime() + afterCollection);
          const guarantee = euros({ rate, boughtMinor, usedMinor });
          const sold = guaranteedSell({ guarantee, foreignMinor, currentRate, smallestNoteMinor: note, now });
          expect(sold.guaranteedMinor + sold.restMinor).toBe(foreignMinor);
          expect(sold.guaranteedMinor).toBeGreaterThanOrEqual(0);
          expect(sold.guaranteedMinor).toBeLessThanOrEqual(boughtMinor - usedMinor);
          expect(sold.guaranteedMinor % note).toBe(0);
          if (now.getTime() >= until.getTime()) expect(sold.guaranteedMinor).toBe(0);
          if (Number(currentRate) <= Number(rate)) expect(sold.guaranteedMinor).toBe(0);
          // Never more sterling than the original rate pays, and exactly that.
          expect(sold.guaranteedGbpMinor).toBe(pencePaid(sold.guaranteedMinor, rate));
          expect(sold.rate).toBe(rate);
        },
      ),
    );
  });

  it("what is left never goes below nothing nor above what was bought", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: -(10 ** 9), max: 2 * 10 ** 9 }), (b, u) => {
        const left = buybackLeftMinor({ boughtMinor: b, usedMinor: u });
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(b);
      }),
    );
  });
});

describe("buybackGuaranteeText", () => {
  it("says what is left, at what rate and until when; or that it is used, ended or not started", () => {
    const zone = "Europe/London";
    expect(buybackGuaranteeText([euros({ usedMinor: 30_000 })], 45, collected, zone)).toBe(
      "Buy-back guarantee: €200.00 left to sell back at 1.1232 until January 12th, 2027",
    );
    expect(buybackGuaranteeText([euros({ usedMinor: 50_000 })], 45, collected, zone)).toBe(
      "Buy-back guarantee: used in full.",
    );
    expect(buybackGuaranteeText([euros()], 45, until, zone)).toBe("Buy-back guarantee: ended on January 12th, 2027.");
    expect(buybackGuaranteeText([], 45, collected, zone)).toBe(
      "Buy-back guarantee: for 45 days from when you collect your notes.",
    );
  });
});
