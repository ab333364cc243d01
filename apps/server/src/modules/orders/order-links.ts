import { createIdSigner } from "../../lib/signed-ids.ts";

/**
 * Signed links to an order, each signed for its own purpose (lib/signed-ids.ts): a token is the order's
 * id and an HMAC-SHA256 of it under a key derived from the auth secret for that purpose.
 * - The **order page** link (`/track/{token}`), put in every order e-mail so that nobody has to type the
 *   order number. Whether it still opens the page (only while the order is open) is decided by the
 *   order's state, not by the token: nothing to revoke, nothing stored.
 * - The **collection pass** (`/dashboard/collect/{token}`), the QR code on the confirmation and in the
 *   e-mails that staff scan at the counter. It carries no personal data, and opens the order only for
 *   staff (the dashboard's guard and the staff API): a photo of it lets nobody see or cancel the order,
 *   as the order page link would.
 */
export type OrderLinks = {
  tokenFor(orderId: string): string;
  /** The order id a token was signed for, or null for anything not signed by us. */
  orderIdOf(token: string): string | null;
  urlFor(orderId: string): string;
  /** The collection pass's address (what its QR code holds). */
  collectionUrlFor(orderId: string): string;
  /** The order id of a collection pass token, or null for anything not signed by us as a pass. */
  orderIdOfCollectionPass(token: string): string | null;
};

export function createOrderLinks({ authSecret, publicUrl }: { authSecret: string; publicUrl: string }): OrderLinks {
  const signer = createIdSigner({ authSecret, purpose: "harbour-fx order links v1" });
  const pass = createIdSigner({ authSecret, purpose: "harbour-fx collection pass v1" });
  return {
    tokenFor: signer.tokenFor,
    orderIdOf: signer.idOf,
    urlFor: (orderId) => `${publicUrl}/track/${signer.tokenFor(orderId)}`,
    collectionUrlFor: (orderId) => `${publicUrl}/dashboard/collect/${pass.tokenFor(orderId)}`,
    orderIdOfCollectionPass: pass.idOf,
  };
}
