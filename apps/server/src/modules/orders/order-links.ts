import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed links to a customer's order page, put in every order e-mail so that nobody has to type the
 * order number. A token is the order's id and an HMAC-SHA256 of it under a key derived from the auth
 * secret (a key of its own, so that an order link can never pass for a session signature). Whether
 * the link still opens the page (only while the order is open) is decided by the order's state, not by
 * the token: nothing to revoke, nothing stored.
 */
export type OrderLinks = {
  tokenFor(orderId: string): string;
  /** The order id a token was signed for, or null for anything not signed by us. */
  orderIdOf(token: string): string | null;
  urlFor(orderId: string): string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createOrderLinks({ authSecret, publicUrl }: { authSecret: string; publicUrl: string }): OrderLinks {
  const key = createHmac("sha256", authSecret).update("harbour-fx order links v1").digest();
  const mac = (orderId: string) => createHmac("sha256", key).update(orderId).digest();
  const tokenFor = (orderId: string) => `${orderId}.${mac(orderId).toString("base64url")}`;
  return {
    tokenFor,
    orderIdOf(token) {
      const dot = token.indexOf(".");
      if (dot < 0) return null;
      const orderId = token.slice(0, dot);
      if (!UUID.test(orderId)) return null;
      // Compared as text, not as decoded bytes: base64url ignores the last character's spare bits, so two
      // spellings would decode alike and a link would have more than one valid form.
      const given = Buffer.from(token);
      const expected = Buffer.from(tokenFor(orderId));
      return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : null;
    },
    urlFor: (orderId) => `${publicUrl}/track/${tokenFor(orderId)}`,
  };
}
