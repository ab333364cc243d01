import type { Way } from "@bureau/domain/constants";

/**
 * What to bring to the branch, on the confirmation and on the customer's order page; `ready` once the
 * branch has accepted the order (then there is nothing more to wait for).
 */
export function WhatToBring({ way, ready = false }: { way: Way; ready?: boolean }) {
  return way === "Order" ? (
    <ul>
      <li>
        Please bring a valid passport, or a full UK or European photo driving licence, or a European national ID card,
        and a payment card matching the name on the order.
      </li>
      <li>Proof of address may be needed if dated within the past 90 days.</li>
      <li>A 24-hour rate guarantee applies after the order reaches the store.</li>
      <li>
        {ready
          ? "Your order is ready: collect it from the branch during its opening hours."
          : "Orders depend on stock and denomination availability. We will e-mail you when it is ready."}
      </li>
    </ul>
  ) : (
    <ul>
      <li>We buy bank notes only: no coins.</li>
      <li>Notes are checked for authenticity in the branch; damaged or withdrawn notes cannot be accepted.</li>
      <li>Please bring a valid photo ID in the name on the order.</li>
    </ul>
  );
}
