import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { noteDenominations } from "./denominations.ts";
import { checkHandover, expectedNotes, type HandoverOrder, longDay, todayIn } from "./handover.ts";
import { sellGbpMinorFor } from "./pricing.ts";

const id = { idType: "passport", idNumberLast4: "x1y2", idExpiresOn: "2030-01-31", payment: { method: "card" } };
const collect: HandoverOrder = {
  way: "Order",
  enhancedDueDiligence: false,
  lines: [{ currency: "EUR", rate: "1.1232", gbpMinor: 30_000, foreignMinor: 33_696 }],
};
const sale = (lines: HandoverOrder["lines"]): HandoverOrder => ({ way: "Sell", enhancedDueDiligence: false, lines });

describe("checkHandover", () => {
  it("takes a Click & Collect handover with the ID and the card tick, upper-casing the number", () => {
    const checked = checkHandover(collect, { ...id, cardMatchesName: true }, "2026-11-25");
    expect(checked).toEqual({
      ok: true,
      record: {
        idType: "passport",
        idNumberLast4: "X1Y2",
        idExpiresOn: "2030-01-31",
        cardMatchesName: true,
        address: null,
        dateOfBirth: null,
        received: null,
        differenceReason: null,
        gbpMinor: 30_000,
        paymentMethod: "card",
      },
    });
  });

  it("wants the payment's method, and an amount given to be the order's sterling as settled", () => {
    const { payment: _payment, ...noPayment } = id;
    const none = checkHandover(collect, { ...noPayment, cardMatchesName: true }, "2026-11-25");
    expect(none).toMatchObject({
      ok: false,
      fields: { "payment.method": "Choose how the customer paid: cash or card" },
    });
    const wrong = checkHandover(
      collect,
      { ...id, cardMatchesName: true, payment: { method: "cash", amountMinor: 29_999 } },
      "2026-11-25",
    );
    expect(wrong).toMatchObject({
      ok: false,
      fields: { "payment.amountMinor": "The payment must be the order's sterling, £300.00" },
    });
    const right = checkHandover(
      collect,
      { ...id, cardMatchesName: true, payment: { method: "cash", amountMinor: 30_000 } },
      "2026-11-25",
    );
    expect(right).toMatchObject({ ok: true, record: { paymentMethod: "cash", gbpMinor: 30_000 } });
  });

  it("names every missing field, and the document's expiry against today (valid through its expiry day)", () => {
    const none = checkHandover(collect, null, "2026-11-25");
    expect(none.ok).toBe(false);
    expect(!none.ok && Object.keys(none.fields)).toEqual([
      "idType",
      "idNumberLast4",
      "idExpiresOn",
      "cardMatchesName",
      "payment.method",
    ]);
    const expired = checkHandover(collect, { ...id, idExpiresOn: "2026-11-24", cardMatchesName: true }, "2026-11-25");
    expect(expired).toMatchObject({
      ok: false,
      message: "This document expired on November 24th, 2026: an expired document cannot be accepted.",
    });
    expect(checkHandover(collect, { ...id, idExpiresOn: "2026-11-25", cardMatchesName: true }, "2026-11-25").ok).toBe(
      true,
    );
    const notADate = checkHandover(collect, { ...id, idExpiresOn: "2026-02-30", cardMatchesName: true }, "2026-11-25");
    expect(!notADate.ok && notADate.fields).toEqual({ idExpiresOn: "Enter the document's expiry date" });
  });

  it("asks for the address and date of birth under enhanced due diligence", () => {
    const enhanced = { ...collect, enhancedDueDiligence: true };
    const missing = checkHandover(enhanced, { ...id, cardMatchesName: true }, "2026-11-25");
    expect(!missing.ok && Object.keys(missing.fields)).toEqual(["address", "dateOfBirth"]);
    const ok = checkHandover(
      enhanced,
      { ...id, cardMatchesName: true, address: " 1 Marine Parade, Worthing BN11 3PS ", dateOfBirth: "1975-04-12" },
      "2026-11-25",
    );
    expect(ok).toMatchObject({
      ok: true,
      record: { address: "1 Marine Parade, Worthing BN11 3PS", dateOfBirth: "1975-04-12" },
    });
  });

  it("takes what a sale received, needing a reason for a difference and refusing more than ordered", () => {
    const order = sale([{ currency: "EUR", rate: "1.1866", gbpMinor: 16_855, foreignMinor: 20_000 }]);
    const exact = checkHandover(
      order,
      { ...id, received: [{ currency: "EUR", notes: [{ valueMinor: 10_000, count: 2 }] }] },
      "2026-11-25",
    );
    expect(exact).toMatchObject({
      ok: true,
      record: { gbpMinor: 16_855, differenceReason: null, cardMatchesName: null },
    });
    const less = { ...id, received: [{ currency: "EUR", notes: [{ valueMinor: 5_000, count: 3 }] }] };
    expect(checkHandover(order, less, "2026-11-25")).toMatchObject({
      ok: false,
      fields: { differenceReason: expect.any(String) },
    });
    const explained = checkHandover(order, { ...less, differenceReason: "Brought €150 only" }, "2026-11-25");
    expect(explained).toMatchObject({
      ok: true,
      record: {
        gbpMinor: sellGbpMinorFor(15_000, "1.1866", "EUR"),
        received: [
          { currency: "EUR", orderedMinor: 20_000, receivedMinor: 15_000, notes: [{ valueMinor: 5_000, count: 3 }] },
        ],
      },
    });
    const more = {
      ...id,
      received: [{ currency: "EUR", notes: [{ valueMinor: 20_000, count: 2 }] }],
      differenceReason: "More",
    };
    expect(checkHandover(order, more, "2026-11-25")).toMatchObject({
      ok: false,
      fields: { "received.EUR": expect.stringContaining("more than the order's €200.00") },
    });
    const missing = checkHandover(order, { ...id, received: [] }, "2026-11-25");
    expect(!missing.ok && missing.fields).toEqual({ "received.EUR": "Enter what was received in EUR" });
  });

  it("property: a sale received in full is the order's own sterling; received short, each line at its own rate", () => {
    const arbLine = fc.record({
      rate: fc.integer({ min: 5_000, max: 3_000_000 }).map((r) => (r / 10_000).toFixed(4)),
      foreignMinor: fc.integer({ min: 500, max: 2_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 8_000_000 }),
        (raw, short) => {
          const lines = raw.map((line) => ({
            currency: "USD",
            rate: line.rate,
            foreignMinor: line.foreignMinor,
            gbpMinor: sellGbpMinorFor(line.foreignMinor, line.rate, "USD"),
          }));
          const ordered = lines.reduce((sum, line) => sum + line.foreignMinor, 0);
          const gbpOrdered = lines.reduce((sum, line) => sum + line.gbpMinor, 0);
          const receivedMinor = Math.max(0, ordered - short);
          const checked = checkHandover(
            sale(lines),
            {
              ...id,
              received: [
                { currency: "XXX", amountMinor: 0 },
                { currency: "usd", notes: [], amountMinor: receivedMinor },
              ],
              differenceReason: "Counted",
            },
            "2026-11-25",
          );
          // USD has a note table: an amount alone is not how its notes are counted.
          expect(noteDenominations("USD")).toBeDefined();
          expect(checked.ok).toBe(false);
          // The same through notes of $1 (the amount in whole dollars).
          const dollars = Math.floor(receivedMinor / 100);
          const byNotes = checkHandover(
            sale(lines),
            {
              ...id,
              received: [{ currency: "USD", notes: [{ valueMinor: 100, count: dollars }] }],
              differenceReason: "Counted",
            },
            "2026-11-25",
          );
          if (dollars === 0) {
            expect(byNotes.ok).toBe(false);
            return;
          }
          expect(byNotes.ok).toBe(true);
          if (!byNotes.ok) return;
          // Oracle: lines take what was received in order; a full line keeps its sterling, a part is floored.
          let rest = dollars * 100;
          let gbp = 0;
          for (const line of lines) {
            const taken = Math.min(rest, line.foreignMinor);
            rest -= taken;
            gbp += taken === line.foreignMinor ? line.gbpMinor : sellGbpMinorFor(taken, line.rate, "USD");
          }
          expect(byNotes.record.gbpMinor).toBe(gbp);
          expect(byNotes.record.gbpMinor).toBeLessThanOrEqual(gbpOrdered);
          if (dollars * 100 === ordered) expect(byNotes.record.gbpMinor).toBe(gbpOrdered);
        },
      ),
    );
  });
});

describe("expectedNotes, todayIn and longDay", () => {
  it("fills a sale with the order's exact amount in the largest notes (what notes can make of it)", () => {
    expect(expectedNotes("EUR", 34_567)).toEqual([
      { valueMinor: 20_000, count: 1 },
      { valueMinor: 10_000, count: 1 },
      { valueMinor: 2_000, count: 2 },
      { valueMinor: 500, count: 1 },
    ]);
    expect(expectedNotes("KWD", 1_000)).toEqual([]);
  });

  it("dates the check by the bureau's calendar, not UTC's", () => {
    expect(todayIn("Europe/London", new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(todayIn("Europe/London", new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
    expect(longDay("2026-11-21")).toBe("November 21st, 2026");
  });
});
