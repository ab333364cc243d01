import type { OrderStatus } from "./contracts/orders.ts";

/**
 * What a customer sees of an order's state on the order page, in plain words. The Pending and
 * Accepted explanations are the product's contract texts.
 */
export const ORDER_STATUS_FOR_CUSTOMERS: Record<OrderStatus, { label: string; explanation: string }> = {
  pending: { label: "Pending", explanation: "We have your order and will prepare it" },
  accepted: { label: "Accepted", explanation: "Ready for collection" },
  completed: { label: "Completed", explanation: "This order has been completed in the branch. Thank you." },
  cancelled: { label: "Cancelled", explanation: "This order has been cancelled. Nothing is held for you." },
  expired: {
    label: "Expired",
    explanation: "This order was not collected in time, so it has expired. Nothing is held for you.",
  },
};

/**
 * What a customer sees of an open order on hold (due diligence, a sanctions match or an internal report):
 * the same neutral words whatever the reason, so that nothing tells a customer that a report was made.
 */
export const ADDITIONAL_CHECKS_FOR_CUSTOMERS = {
  label: "Additional checks",
  explanation: "We are making some additional checks on this order. We will contact you if we need anything.",
};

/** The customer's words for an order's state: an open order on hold shows the additional checks. */
export function customerStatusOf(status: OrderStatus, onHold: boolean): { label: string; explanation: string } {
  return onHold && isOrderOpen(status) ? ADDITIONAL_CHECKS_FOR_CUSTOMERS : ORDER_STATUS_FOR_CUSTOMERS[status];
}

/** A customer may cancel an order only before it is handed over: while it is Pending or Accepted. */
export const CUSTOMER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ["pending", "accepted"];

export function customerMayCancel(status: OrderStatus): boolean {
  return CUSTOMER_CANCELLABLE_STATUSES.includes(status);
}

/** An order is open while something can still happen to it; signed order links work only until then. */
export function isOrderOpen(status: OrderStatus): boolean {
  return status === "pending" || status === "accepted";
}

/** The answer to every lookup that does not match, whether or not the order number exists. */
export const ORDER_NOT_FOUND_MESSAGE = "We could not find an order with these details";

/** Why a customer cannot cancel an order in this state (shown as the refusal's message). */
export function cancelRefusal(status: OrderStatus): string {
  if (status === "cancelled") return "This order has already been cancelled.";
  if (status === "completed") return "This order has been completed, so it can no longer be cancelled.";
  if (status === "expired") return "This order has expired, so there is nothing left to cancel.";
  return "This order cannot be cancelled.";
}
