import { createHmac, createSecretKey, timingSafeEqual } from "node:crypto";

/**
 * Unguessable links without stored secrets: a token is a record's UUID and an HMAC-SHA256 of it under a
 * key derived from the auth secret for one purpose (order links, alert confirmations, unsubscribes), so a
 * token made for one purpose never passes for another or for a session signature. Nothing is stored:
 * whether a link still works is decided by the record's state.
 */
export type IdSigner = {
  tokenFor(id: string): string;
  /** The id a token was signed for, or null for anything not signed by us for this purpose. */
  idOf(token: string): string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createIdSigner({ authSecret, purpose }: { authSecret: string; purpose: string }): IdSigner {
  // A key object made once: given the raw bytes, every HMAC would import the key again (a visible share of
  // a placement's CPU, which signs the confirmation's link).
  const key = createSecretKey(createHmac("sha256", authSecret).update(purpose).digest());
  const mac = (id: string) => createHmac("sha256", key).update(id).digest();
  const tokenFor = (id: string) => `${id}.${mac(id).toString("base64url")}`;
  return {
    tokenFor,
    idOf(token) {
      const dot = token.indexOf(".");
      if (dot < 0) return null;
      const id = token.slice(0, dot);
      if (!UUID.test(id)) return null;
      // Compared as text, not as decoded bytes: base64url ignores the last character's spare bits, so two
      // spellings would decode alike and a link would have more than one valid form.
      const given = Buffer.from(token);
      const expected = Buffer.from(tokenFor(id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
