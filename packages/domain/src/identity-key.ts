import { ID_DOCUMENT_TYPES, type IdDocumentType } from "./handover.ts";

/**
 * The identity a customer shows at the counter, as one key (issue 33 item 3): the document's type, the
 * last 4 characters of its number and the name on it. Orders and walk-in trades sharing the key are
 * linked for the due diligence's totals, as orders sharing an e-mail or a phone are. A walk-in
 * customer often gives neither, so the document is what ties their trades to each other and to the
 * online orders they collected with it.
 *
 * The name is compared as letters only (accents, case, spaces, hyphens and apostrophes set aside:
 * "Zoë O'Brien-Smith" and "ZOE OBRIEN SMITH" are one person on one document); the type and last 4
 * alone would link strangers (many passports end in the same 4 digits).
 */
export type IdentityDocument = {
  idType: IdDocumentType;
  idNumberLast4: string;
  firstName: string;
  lastName: string;
};

/** The name as the key compares it: letters and digits only, lower case, without accents. */
export function nameForIdentity(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The key, or null when the document or the name is not whole (nothing is linked by half an identity). */
export function identityKeyOf(document: IdentityDocument): string | null {
  if (!ID_DOCUMENT_TYPES.includes(document.idType)) return null;
  const last4 = document.idNumberLast4.trim().toUpperCase();
  if (!/^[A-Z0-9]{4}$/.test(last4)) return null;
  const name = nameForIdentity(document.firstName, document.lastName);
  if (name.length === 0) return null;
  return `${document.idType}:${last4}:${name}`;
}
