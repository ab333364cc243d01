import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ID_DOCUMENT_TYPES } from "./handover.ts";
import { identityKeyOf, nameForIdentity } from "./identity-key.ts";

const last4 = fc.stringMatching(/^[A-Za-z0-9]{4}$/);
const name = fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,20}$/);

describe("identityKeyOf", () => {
  it("links one person on one document however the name and number were typed", () => {
    const key = identityKeyOf({
      idType: "passport",
      idNumberLast4: "ab12",
      firstName: "Zoë",
      lastName: "O'Brien-Smith",
    });
    expect(key).toBe("passport:AB12:zoeobriensmith");
    expect(
      identityKeyOf({ idType: "passport", idNumberLast4: " AB12 ", firstName: "ZOE", lastName: "OBRIEN SMITH" }),
    ).toBe(key);
  });

  it("keeps apart other documents, other numbers and other names", () => {
    const base = { idType: "passport" as const, idNumberLast4: "1234", firstName: "Jane", lastName: "Doe" };
    const key = identityKeyOf(base);
    expect(identityKeyOf({ ...base, idType: "driving_licence" })).not.toBe(key);
    expect(identityKeyOf({ ...base, idNumberLast4: "1235" })).not.toBe(key);
    expect(identityKeyOf({ ...base, lastName: "Roe" })).not.toBe(key);
  });

  it("links nothing by half an identity", () => {
    const base = { idType: "passport" as const, idNumberLast4: "1234", firstName: "Jane", lastName: "Doe" };
    expect(identityKeyOf({ ...base, idNumberLast4: "123" })).toBeNull();
    expect(identityKeyOf({ ...base, idNumberLast4: "12-4" })).toBeNull();
    expect(identityKeyOf({ ...base, firstName: " ", lastName: "-" })).toBeNull();
  });

  it("is the same key for any case and spacing of one identity (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ID_DOCUMENT_TYPES), last4, name, name, (idType, digits, first, last) => {
        const key = identityKeyOf({ idType, idNumberLast4: digits, firstName: first, lastName: last });
        const retyped = identityKeyOf({
          idType,
          idNumberLast4: ` ${digits.toLowerCase()} `,
          firstName: first.toUpperCase(),
          lastName: ` ${last.replaceAll(" ", "  ")} `,
        });
        expect(retyped).toBe(key);
        if (key) expect(key.startsWith(`${idType}:${digits.toUpperCase()}:`)).toBe(true);
      }),
    );
  });

  it("compares names by their letters only", () => {
    expect(nameForIdentity("Anne-Marie", "de la Tour")).toBe("annemariedelatour");
  });
});
