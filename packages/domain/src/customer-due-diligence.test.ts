import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CUSTOMER_DUE_DILIGENCE_MESSAGES,
  checkCustomerDueDiligence,
  customerDueDiligenceSummary,
  SOURCES_OF_FUNDS,
} from "./customer-due-diligence.ts";

const valid = { idType: "passport", idNumberLast4: " x1y2 ", idExpiresOn: "2030-01-31", sourceOfFunds: "savings" };
const today = "2026-11-27";

describe("checkCustomerDueDiligence", () => {
  it("takes the ID verified and the source of funds, upper-casing the number, a note optional", () => {
    expect(checkCustomerDueDiligence(valid, today)).toEqual({
      ok: true,
      record: {
        idType: "passport",
        idNumberLast4: "X1Y2",
        idExpiresOn: "2030-01-31",
        sourceOfFunds: "savings",
        note: null,
      },
    });
  });

  it("refuses nothing recorded, naming every missing field", () => {
    for (const input of [null, {}]) {
      const checked = checkCustomerDueDiligence(input, today);
      expect(checked.ok).toBe(false);
      if (!checked.ok) {
        expect(checked.fields).toEqual({
          idType: CUSTOMER_DUE_DILIGENCE_MESSAGES.idType,
          idNumberLast4: CUSTOMER_DUE_DILIGENCE_MESSAGES.idNumberLast4,
          idExpiresOn: CUSTOMER_DUE_DILIGENCE_MESSAGES.idExpiresOn,
          sourceOfFunds: CUSTOMER_DUE_DILIGENCE_MESSAGES.sourceOfFunds,
        });
      }
    }
  });

  it('needs a note for "other" only; an ID that expired yesterday is refused, one expiring today is valid', () => {
    const other = checkCustomerDueDiligence({ ...valid, sourceOfFunds: "other", note: " abc " }, today);
    expect(other).toMatchObject({ ok: false, fields: { note: CUSTOMER_DUE_DILIGENCE_MESSAGES.note } });
    expect(checkCustomerDueDiligence({ ...valid, sourceOfFunds: "other", note: "A car sold" }, today)).toMatchObject({
      ok: true,
      record: { sourceOfFunds: "other", note: "A car sold" },
    });
    expect(checkCustomerDueDiligence({ ...valid, idExpiresOn: "2026-11-26" }, today)).toMatchObject({
      ok: false,
      fields: { idExpiresOn: "This document expired on November 26th, 2026: an expired document cannot be accepted" },
    });
    expect(checkCustomerDueDiligence({ ...valid, idExpiresOn: today }, today).ok).toBe(true);
  });

  it("accepts exactly the six sources and the three ID types, whatever else is typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (idType, source) => {
        const checked = checkCustomerDueDiligence(
          { ...valid, idType, sourceOfFunds: source, note: "Noted here" },
          today,
        );
        const known =
          ["passport", "driving_licence", "national_id"].includes(idType) &&
          (SOURCES_OF_FUNDS as readonly string[]).includes(source);
        expect(checked.ok).toBe(known);
      }),
    );
  });

  it("summarises what kind of check was made, without the document's characters or the note", () => {
    const summary = customerDueDiligenceSummary({
      idType: "driving_licence",
      idNumberLast4: "Q7Z9",
      idExpiresOn: "2030-01-31",
      sourceOfFunds: "sale_of_property",
      note: "Completion statement seen",
    });
    expect(summary).toBe(
      "Customer due diligence: UK or EU photo driving licence valid until January 31st, 2030 verified; source of funds: Sale of property.",
    );
  });
});
