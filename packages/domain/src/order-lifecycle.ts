import type { OrderTransition } from "./contracts/dashboard.ts";
import type { OrderStatus } from "./contracts/orders.ts";

/**
 * The order lifecycle: Pending → Accepted → Completed. Delete cancels an order from any of the three
 * lists staff work from (pending, accepted, and the history of completed orders, as the product's
 * History page offers Delete); the order is kept as `cancelled`, which is final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderTransition, { from: readonly OrderStatus[]; to: OrderStatus }>> = {
  accept: { from: ["pending"], to: "accepted" },
  complete: { from: ["accepted"], to: "completed" },
  cancel: { from: ["pending", "accepted", "completed"], to: "cancelled" },
};

/** The transitions staff may apply to an order in this status, in lifecycle order. */
export function allowedTransitions(status: OrderStatus): OrderTransition[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).filter((transition) =>
    ORDER_TRANSITIONS[transition].from.includes(status),
  );
}

/** The status an order in `status` reaches by `transition`, or null when the lifecycle does not allow it. */
export function statusAfter(status: OrderStatus, transition: OrderTransition): OrderStatus | null {
  const rule = ORDER_TRANSITIONS[transition];
  return rule.from.includes(status) ? rule.to : null;
}
