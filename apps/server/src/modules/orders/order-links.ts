import { createIdSigner } from "../../lib/signed-ids.ts";

/**
 * Signed links to a customer's order page, put in every order e-mail so that nobody has to type the
 * order number. A token is the order's id and an HMAC-SHA256 of it under a key of its own derived from
 * the auth secret (lib/signed-ids.ts). Whether the link still opens the page (only while the order is
 * open) is decided by the order's state, not by the token: nothing to revoke, nothing stored.
 */
export type OrderLinks = {
  tokenFor(orderId: string): string;
  /** The order id a token was signed for, or null for anything not signed by us. */
  orderIdOf(token: string): string | null;
  urlFor(orderId: string): string;
};

export function createOrderLinks({ authSecret, publicUrl }: { authSecret: string; publicUrl: string }): OrderLinks {
  const signer = createIdSigner({ authSecret, purpose: "harbour-fx order links v1" });
  return {
    tokenFor: signer.tokenFor,
    orderIdOf: signer.idOf,
    urlFor: (orderId) => `${publicUrl}/track/${signer.tokenFor(orderId)}`,
  };
}
