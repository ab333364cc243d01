import { ID_DOCUMENT_LABELS, ID_DOCUMENT_TYPES, type IdDocumentType, isIsoDay, longDay } from "./handover.ts";

/**
 * Customer due diligence (MLR 2017 reg. 27/28; docs/features/linked-series-and-customer-due-diligence.md):
 * what the MLRO records to clear a hold. One set of rules for the clearing form (which checks as staff type)
 * and the server (which decides), so both say the same words:
 * - the ID verified: its type, the last 4 characters of its number, its expiry date (not expired today, in
 *   the bureau's time zone), as the handover records it;
 * - the source of funds, one of six; "other" needs a note saying what it is;
 * - who checked: the signed-in staff member, never typed.
 * A record covers the customer's linked orders (by e-mail or phone) for 12 months from the check: their
 * placements are not held again for the threshold; after 12 months a new crossing holds again.
 */
export const SOURCES_OF_FUNDS = ["salary", "savings", "business", "gift", "sale_of_property", "other"] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];
export const SOURCE_OF_FUNDS_LABELS: Record<SourceOfFunds, string> = {
  salary: "Salary",
  savings: "Savings",
  business: "Business",
  gift: "Gift",
  sale_of_property: "Sale of property",
  other: "Other",
};

/** How long a customer due-diligence record covers the customer's linked orders. */
export const CUSTOMER_DUE_DILIGENCE_MONTHS = 12;

/** What the MLRO posts to clear a hold (the API's request, and the form's fields). */
export type CustomerDueDiligenceInput = {
  idType?: string | undefined;
  idNumberLast4?: string | undefined;
  idExpiresOn?: string | undefined;
  sourceOfFunds?: string | undefined;
  note?: string | undefined;
};

/** What a valid check records (beside who checked and when, which the server adds). */
export type CustomerDueDiligenceRecord = {
  idType: IdDocumentType;
  idNumberLast4: string;
  idExpiresOn: string;
  sourceOfFunds: SourceOfFunds;
  /** Required for "other", optional otherwise. */
  note: string | null;
};

export type CustomerDueDiligenceCheck =
  | { ok: true; record: CustomerDueDiligenceRecord }
  | { ok: false; message: string; fields: Partial<Record<keyof CustomerDueDiligenceInput, string>> };

export const CUSTOMER_DUE_DILIGENCE_MESSAGES = {
  missing: "Record the customer due diligence to clear this hold: the ID verified and the source of funds.",
  idType: "Choose the type of ID verified",
  idNumberLast4: "Enter the last 4 letters or digits of the document's number",
  idExpiresOn: "Enter the document's expiry date",
  sourceOfFunds: "Choose the source of funds",
  note: "Say what the source of funds is (at least 5 characters)",
  noteTooLong: "The note must be at most 1000 characters",
} as const;

/** Checks a customer due-diligence record against today's date; answers the record to store, or what is wrong. */
export function checkCustomerDueDiligence(
  input: CustomerDueDiligenceInput | null | undefined,
  today: string,
): CustomerDueDiligenceCheck {
  const messages = CUSTOMER_DUE_DILIGENCE_MESSAGES;
  const fields: Partial<Record<keyof CustomerDueDiligenceInput, string>> = {};
  const idType = ID_DOCUMENT_TYPES.find((type) => type === input?.idType);
  if (!idType) fields.idType = messages.idType;
  const last4 = (input?.idNumberLast4 ?? "").trim().toUpperCase();
  if (!/^[A-Z0-9]{4}$/.test(last4)) fields.idNumberLast4 = messages.idNumberLast4;
  const expiresOn = (input?.idExpiresOn ?? "").trim();
  if (!isIsoDay(expiresOn) || expiresOn < "1900-01-01") fields.idExpiresOn = messages.idExpiresOn;
  else if (expiresOn < today) {
    fields.idExpiresOn = `This document expired on ${longDay(expiresOn)}: an expired document cannot be accepted`;
  }
  const sourceOfFunds = SOURCES_OF_FUNDS.find((source) => source === input?.sourceOfFunds);
  if (!sourceOfFunds) fields.sourceOfFunds = messages.sourceOfFunds;
  const note = (input?.note ?? "").trim();
  if (note.length > 1000) fields.note = messages.noteTooLong;
  else if (sourceOfFunds === "other" && note.length < 5) fields.note = messages.note;

  const problems = Object.values(fields);
  if (!input) return { ok: false, message: messages.missing, fields };
  if (problems.length > 0 || !idType || !sourceOfFunds) {
    // The first problem in words (for a toast or an API client); every field's own message beside it.
    return { ok: false, message: `${problems[0] ?? messages.missing}.`, fields };
  }
  return {
    ok: true,
    record: { idType, idNumberLast4: last4, idExpiresOn: expiresOn, sourceOfFunds, note: note === "" ? null : note },
  };
}

/**
 * The clearing's reason as the order (and the audit log, which every admin reads) keeps it: what kind of
 * check was made, without the document's characters or the note (the record itself has them).
 */
export function customerDueDiligenceSummary(record: CustomerDueDiligenceRecord): string {
  const id = `${ID_DOCUMENT_LABELS[record.idType]} valid until ${longDay(record.idExpiresOn)}`;
  return `Customer due diligence: ${id} verified; source of funds: ${SOURCE_OF_FUNDS_LABELS[record.sourceOfFunds]}.`;
}
