import type { OrderStatus } from "./contracts/orders.ts";
import { DAY_MS, type OrderExpiry } from "./order-lifecycle.ts";

// Apart from order-lifecycle.ts so that only the pages that show a deadline load it (the public pages'
// shared chunk, apps/web/vite.config.ts, leaves it out).
/**
 * What the customer is told of the time they have (the order page and the e-mails), from the expiry rule
 * of order-lifecycle.ts: an Accepted order is collected by the moment it would expire; a Pending order is not ready yet,
 * so its time to collect starts with the "ready" e-mail, and it expires if it is still Pending by
 * `readyBy`. A closed order has no deadline.
 */
export type CollectionDeadline = { kind: "collect-by"; at: Date } | { kind: "once-ready"; days: number; readyBy: Date };

export function collectionDeadline(
  order: { status: OrderStatus; createdAt: Date; acceptedAt: Date | null },
  expiry: OrderExpiry,
): CollectionDeadline | null {
  if (order.status === "accepted" && order.acceptedAt) {
    return { kind: "collect-by", at: new Date(order.acceptedAt.getTime() + expiry.acceptedDays * DAY_MS) };
  }
  if (order.status === "pending") {
    return {
      kind: "once-ready",
      days: expiry.acceptedDays,
      readyBy: new Date(order.createdAt.getTime() + expiry.pendingDays * DAY_MS),
    };
  }
  return null;
}

/**
 * The deadline in one sentence, in the customer's terms: a Click & Collect customer collects currency, a
 * Click & Sell customer brings notes. Dates as `longDateTime` formats them in the bureau's zone.
 */
export function collectionDeadlineText(
  deadline: { kind: "collect-by"; at: Date | string } | { kind: "once-ready"; days: number; readyBy: Date | string },
  way: "Order" | "Sell",
  dates: { longDateTime(date: Date | string): string },
): string {
  const verb = way === "Order" ? "Collect your currency" : "Bring your notes";
  if (deadline.kind === "collect-by") return `${verb} by ${dates.longDateTime(deadline.at)}.`;
  const days = deadline.days === 1 ? "1 day" : `${deadline.days} days`;
  return `${verb} within ${days} of our e-mail saying your order is ready. An order that is not ready by ${dates.longDateTime(deadline.readyBy)} expires, and nothing is owed.`;
}
