import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderDetails } from "./contracts/dashboard.ts";
import { customerReceiptOf } from "./customer-receipt.ts";
import { SOURCES_OF_FUNDS } from "./customer-due-diligence.ts";
import { ID_DOCUMENT_TYPES } from "./handover.ts";
import { RISK_FLAG_RULES } from "./risk-flags.ts";

/** A marker that stands for whatever text staff or the rules wrote into the compliance part of an order. */
const SECRET = "SECRET-COMPLIANCE-TEXT";
/** A customer due-diligence record, its words compliance-only as the rest of the fixture. */
const CDD_RECORD = {
  idType: "passport" as const,
  idNumberLast4: "9X7Z",
  idExpiresOn: "2030-01-01",
  sourceOfFunds: "other" as const,
  note: `${SECRET} source of funds`,
  checkedBy: `${SECRET}-mlro@bureau.example`,
  checkedAt: "2026-11-20T10:30:00.000Z",
  coversUntil: "2027-11-20T10:30:00.000Z",
};

function order(overrides: Partial<OrderDetails> = {}): OrderDetails {
  return {
    id: "0b4f8a52-6a35-4d2c-9c43-3c1d64a1c0de",
    orderNumber: "12345678",
    way: "Order",
    status: "completed",
    channel: "online",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "07700 900123",
    branch: {
      key: "brighton",
      name: "Brighton",
      addressLines: ["1 North Street"],
      postcode: "BN1 1AA",
      phone: "01273 000000",
    },
    lines: [
      {
        position: 1,
        currency: "EUR",
        label: "Euro",
        rate: "1.1232",
        gbpMinor: 30_000,
        foreignMinor: 33_500,
        marketRate: "1.1800",
        sterlingBackMinor: 0,
      },
    ],
    totalGbpMinor: 30_000,
    timeline: [
      { event: "created", at: "2026-11-20T10:00:00.000Z", by: null },
      { event: "accepted", at: "2026-11-20T11:00:00.000Z", by: `${SECRET}-staff@bureau.example` },
      { event: "handover", at: "2026-11-21T09:30:00.000Z", by: `${SECRET}-staff@bureau.example` },
      { event: "completed", at: "2026-11-21T09:30:00.000Z", by: `${SECRET}-staff@bureau.example` },
    ],
    allowedTransitions: [],
    handover: {
      idType: "passport",
      idNumberLast4: "X1Y2",
      idExpiresOn: "2030-01-31",
      cardMatchesName: true,
      received: null,
      differenceReason: `${SECRET} difference`,
      paymentMethod: "card",
      gbpMinor: 30_000,
      recordedAt: "2026-11-21T09:30:00.000Z",
      recordedBy: `${SECRET}-staff@bureau.example`,
    },
    notes: [],
    reversedAt: null,
    reversals: [],
    compliance: {
      linkedTotals: {
        yearOrderGbpMinor: 987_654_321,
        yearSellGbpMinor: 0,
        monthOrderGbpMinor: 0,
        monthSellGbpMinor: 0,
        orders: 1,
      },
      enhancedDueDiligence: true,
      hold: {
        reason: `${SECRET} hold reason`,
        heldAt: "2026-11-20T10:00:00.000Z",
        clearedAt: "2026-11-20T10:30:00.000Z",
        clearedBy: `${SECRET}-mlro@bureau.example`,
        clearReason: `${SECRET} clear reason`,
        dueDiligence: CDD_RECORD,
        viewerMayClear: true,
      },
      customerDueDiligence: CDD_RECORD,
      handover: { address: `${SECRET} address`, dateOfBirth: "1815-12-10" },
      riskFlags: [
        {
          rule: "high_value_notes",
          label: `${SECRET} High-value notes`,
          detail: `${SECRET} detail`,
          flaggedAt: "2026-11-20T10:00:00.000Z",
        },
      ],
      screenings: [
        {
          listVersion: `${SECRET}-list`,
          screenedAt: "2026-11-20T10:00:00.000Z",
          occasion: "placement",
          result: "match",
          score: "0.987",
          matchedEntryId: `${SECRET}-entry`,
          matchedName: `${SECRET} name`,
        },
      ],
      suspicionReports: [
        {
          id: "5d1c2e0a-1f5e-4a4e-8f0e-2b9e3f6c7d8a",
          orderId: "0b4f8a52-6a35-4d2c-9c43-3c1d64a1c0de",
          orderNumber: "12345678",
          text: `${SECRET} report`,
          raisedBy: `${SECRET}-staff@bureau.example`,
          raisedAt: "2026-11-20T10:05:00.000Z",
          closedAt: null,
          closedBy: null,
          closeReason: null,
        },
      ],
    },
    ...overrides,
  };
}

describe("customerReceiptOf", () => {
  it("holds the order number, branch, lines, rate, sterling, times and the ID type shown at the handover", () => {
    expect(customerReceiptOf(order())).toEqual({
      orderNumber: "12345678",
      way: "Order",
      status: "completed",
      customerName: "Ada Lovelace",
      branch: { name: "Brighton", addressLines: ["1 North Street"], postcode: "BN1 1AA", phone: "01273 000000" },
      placedAt: "2026-11-20T10:00:00.000Z",
      handedOverAt: "2026-11-21T09:30:00.000Z",
      idType: "Passport",
      lines: [
        {
          position: 1,
          currency: "EUR",
          label: "Euro",
          rate: "1.1232",
          foreignMinor: 33_500,
          gbpMinor: 30_000,
          sterlingBackMinor: 0,
        },
      ],
      received: null,
      sterlingMinor: 30_000,
    });
  });

  it("holds nothing of the compliance part, nor the staff's names, nor the ID's number (tipping off, POCA 2002 s.333A)", () => {
    const receipt = JSON.stringify(customerReceiptOf(order()));
    expect(receipt).not.toContain(SECRET);
    expect(receipt).not.toContain("X1Y2");
    expect(receipt).not.toContain("987654321");
    expect(receipt).not.toContain("1815-12-10");
    expect(receipt).not.toMatch(/risk|flag|sanction|screening|hold|suspicion|mlro|marketRate|1\.18/i);
  });

  it("before the handover: the booked sterling, no handover time, no ID", () => {
    const receipt = customerReceiptOf(order({ status: "accepted", handover: null, totalGbpMinor: 30_000 }));
    expect(receipt).toMatchObject({ handedOverAt: null, idType: null, received: null, sterlingMinor: 30_000 });
  });

  it("a line's sterling back", () => {
    const base = order();
    const line = { ...base.lines[0]!, sterlingBackMinor: 173 };
    expect(customerReceiptOf({ ...base, lines: [line] }).lines[0]?.sterlingBackMinor).toBe(173);
  });

  it("a Click & Sell: the currency received and the sterling paid as settled at the counter", () => {
    const base = order();
    const receipt = customerReceiptOf({
      ...base,
      way: "Sell",
      handover: {
        ...base.handover!,
        cardMatchesName: null,
        idType: "national_id",
        received: [
          {
            currency: "EUR",
            orderedMinor: 33_550,
            receivedMinor: 33_500,
            notes: [{ valueMinor: 5_000, count: 6 }],
            gbpOrderedMinor: 30_000,
            gbpPaidMinor: 29_955,
          },
        ],
        gbpMinor: 29_955,
      },
    });
    expect(receipt).toMatchObject({
      way: "Sell",
      idType: "EU national ID card",
      received: [{ currency: "EUR", receivedMinor: 33_500 }],
      sterlingMinor: 29_955,
    });
  });

  it("whatever the compliance part holds, none of it reaches the receipt, and the money is the order's", () => {
    const text = fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${SECRET}${s}`);
    const at = fc
      .date({ min: new Date("2020-01-01"), max: new Date("2040-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString());
    const dueDiligence = fc.record({
      idType: fc.constantFrom(...ID_DOCUMENT_TYPES),
      idNumberLast4: text,
      idExpiresOn: text,
      sourceOfFunds: fc.constantFrom(...SOURCES_OF_FUNDS),
      note: fc.option(text),
      checkedBy: text,
      checkedAt: at,
      coversUntil: at,
    });
    const compliance = fc.record({
      linkedTotals: fc.record({
        yearOrderGbpMinor: fc.nat(),
        yearSellGbpMinor: fc.nat(),
        monthOrderGbpMinor: fc.nat(),
        monthSellGbpMinor: fc.nat(),
        orders: fc.nat(),
      }),
      enhancedDueDiligence: fc.boolean(),
      hold: fc.option(
        fc.record({
          reason: text,
          heldAt: fc.option(at),
          clearedAt: fc.option(at),
          clearedBy: fc.option(text),
          clearReason: fc.option(text),
          dueDiligence: fc.option(dueDiligence),
          viewerMayClear: fc.boolean(),
        }),
      ),
      customerDueDiligence: fc.option(dueDiligence),
      handover: fc.option(fc.record({ address: text, dateOfBirth: text })),
      riskFlags: fc.array(
        fc.record({ rule: fc.constantFrom(...RISK_FLAG_RULES), label: text, detail: text, flaggedAt: at }),
        { maxLength: 4 },
      ),
      screenings: fc.array(
        fc.record({
          listVersion: text,
          screenedAt: at,
          occasion: fc.constantFrom("placement" as const, "import" as const),
          result: fc.constantFrom("match" as const, "clear" as const),
          score: text,
          matchedEntryId: fc.option(text),
          matchedName: fc.option(text),
        }),
        { maxLength: 3 },
      ),
      suspicionReports: fc.option(
        fc.array(
          fc.record({
            id: fc.uuid(),
            orderId: fc.uuid(),
            orderNumber: fc.constant("12345678"),
            text,
            raisedBy: text,
            raisedAt: at,
            closedAt: fc.option(at),
            closedBy: fc.option(text),
            closeReason: fc.option(text),
          }),
          { maxLength: 3 },
        ),
      ),
    });
    const lines = fc.array(
      fc.record({
        gbpMinor: fc.integer({ min: 1, max: 1_000_000_00 }),
        foreignMinor: fc.integer({ min: 1, max: 1_000_000_00 }),
        sterlingBackMinor: fc.integer({ min: 0, max: 10_000 }),
      }),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(compliance, lines, fc.boolean(), (compliance, amounts, handedOver) => {
        const base = order();
        const source = {
          ...base,
          handover: handedOver ? base.handover : null,
          lines: amounts.map((amount, i) => ({ ...base.lines[0]!, position: i + 1, ...amount })),
          totalGbpMinor: amounts.reduce((sum, amount) => sum + amount.gbpMinor, 0),
          compliance,
        };
        const receipt = customerReceiptOf(source);
        expect(JSON.stringify(receipt)).not.toContain(SECRET);
        expect(receipt.lines.map((l) => [l.gbpMinor, l.foreignMinor, l.sterlingBackMinor])).toEqual(
          amounts.map((a) => [a.gbpMinor, a.foreignMinor, a.sterlingBackMinor]),
        );
        expect(receipt.sterlingMinor).toBe(handedOver ? base.handover!.gbpMinor : source.totalGbpMinor);
      }),
    );
  });
});
