import type { OrderTransition } from "./contracts/dashboard.ts";
import type { OrderStatus } from "./contracts/orders.ts";

/**
 * The order lifecycle: Pending → Accepted → Completed. Delete on the Pending and Accepted lists cancels
 * the order; it is kept as `cancelled`, which is final. A completed order is final too: its money and
 * notes changed hands at the counter, so it is never cancelled (History's Delete archives it instead,
 * see `archiveRefusal`).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderTransition, { from: readonly OrderStatus[]; to: OrderStatus }>> = {
  accept: { from: ["pending"], to: "accepted" },
  complete: { from: ["accepted"], to: "completed" },
  cancel: { from: ["pending", "accepted"], to: "cancelled" },
};

const PAST: Record<OrderTransition, string> = { accept: "accepted", complete: "completed", cancel: "cancelled" };

/** Why staff cannot apply `transition` to an order in `status` (the API's 409 answer), or null when they can. */
export function transitionRefusal(status: OrderStatus, transition: OrderTransition): string | null {
  if (ORDER_TRANSITIONS[transition].from.includes(status)) return null;
  if (status === "completed" && transition === "cancel") {
    return "This order is completed, so it cannot be cancelled: its money and notes have changed hands. Delete in History archives it from the list and changes nothing else.";
  }
  return `This order is ${status}, so it cannot be ${PAST[transition]}. Please refresh the list.`;
}

/**
 * Archiving (History's Delete on a completed order): the order leaves History's list unless staff ask
 * to see archived orders, and nothing else about it changes (status, stock, statistics, reports,
 * exports, what the customer sees). Only a completed order is archived, once.
 */
export const ARCHIVABLE_STATUSES = ["completed"] as const satisfies readonly OrderStatus[];

/** Why staff cannot archive this order (the API's 409 answer), or null when they can. */
export function archiveRefusal(order: { status: OrderStatus; archivedAt: Date | string | null }): string | null {
  if (!(ARCHIVABLE_STATUSES as readonly OrderStatus[]).includes(order.status)) {
    return `This order is ${order.status}, so it cannot be archived: only completed orders are archived from History. Please refresh the list.`;
  }
  if (order.archivedAt !== null) return "This order is already archived. Please refresh the list.";
  return null;
}

/** The transitions staff may apply to an order in this status, in lifecycle order (a walk-in trade: no accept). */
export function allowedTransitions(status: OrderStatus, channel: "online" | "counter" = "online"): OrderTransition[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).filter(
    (transition) =>
      !(channel === "counter" && transition === "accept") && statusAfter(status, transition, channel) !== null,
  );
}

/**
 * The status an order in `status` reaches by `transition`, or null when the lifecycle does not allow it.
 * A walk-in trade (channel "counter") has no acceptance step: the customer is at the desk, so it is
 * completed from Pending (the placement holds it there when compliance says so).
 */
export function statusAfter(
  status: OrderStatus,
  transition: OrderTransition,
  channel: "online" | "counter" = "online",
): OrderStatus | null {
  const rule = ORDER_TRANSITIONS[transition];
  if (channel === "counter" && transition === "complete" && status === "pending") return rule.to;
  return rule.from.includes(status) ? rule.to : null;
}

/**
 * Expiry: an order nobody collects does not hold currency (and a rate) for ever. An Accepted order not
 * collected within `acceptedDays` days of acceptance, and a Pending order older than `pendingDays` days,
 * become `expired` (final, like cancelled) by the expiry job. The defaults are the bureau's rules; an
 * operator may change them (ORDER_EXPIRE_ACCEPTED_AFTER_DAYS, ORDER_EXPIRE_PENDING_AFTER_DAYS).
 */
export type OrderExpiry = { acceptedDays: number; pendingDays: number };
export const DEFAULT_ORDER_EXPIRY: OrderExpiry = { acceptedDays: 4, pendingDays: 7 };
export const EXPIRABLE_STATUSES = ["pending", "accepted"] as const satisfies readonly OrderStatus[];

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The moments before which an order of each expirable status has run out of time. */
export function expiryCutoffs(now: Date, expiry: OrderExpiry): { acceptedBefore: Date; pendingBefore: Date } {
  return {
    acceptedBefore: new Date(now.getTime() - expiry.acceptedDays * DAY_MS),
    pendingBefore: new Date(now.getTime() - expiry.pendingDays * DAY_MS),
  };
}
