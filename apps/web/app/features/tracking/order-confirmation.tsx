import { WAY_TITLES } from "@bureau/domain/constants";
import type { TrackedOrder } from "@bureau/domain/contracts/tracking";
import { collectionDeadlineText } from "@bureau/domain/collection-deadline";
import { isOrderOpen } from "@bureau/domain/order-tracking";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { OrderLinesTable } from "../order/order-lines-table.tsx";
import { WhatToBring } from "../order/what-to-bring.tsx";

/**
 * The spec's order confirmation (Order Number, the currencies, Booking Details, Important Notification,
 * Print), on the order's own page: the page the customer lands on after placing the order, and the one
 * the e-mails, "My orders" and a reload open. While the order is open it adds the collect-by date and the
 * collection pass staff scan at the counter. It alone prints.
 */
export function OrderConfirmation({ order }: { order: TrackedOrder }) {
  const dates = useDisplayDates();
  const open = isOrderOpen(order.status);
  const pickup = `${order.branch.name}, ${[...order.branch.addressLines, order.branch.postcode].join(", ")}`;
  return (
    <div className="confirmation print-area">
      <p className="order-number">
        Order Number: <strong>{order.orderNumber}</strong>
      </p>
      <p className="muted">
        {WAY_TITLES[order.way]} for {order.fullName}, placed on {dates.longDate(order.timeline[0]?.at ?? "")}
      </p>
      <OrderLinesTable way={order.way} lines={order.lines} totalGbpMinor={order.totalGbpMinor} />
      {order.deadline ? (
        <p className="collect-by">
          <strong>{collectionDeadlineText(order.deadline, order.way, dates)}</strong>
        </p>
      ) : null}
      <h3>Booking Details</h3>
      <dl className="booking-details">
        <dt>Full Name</dt>
        <dd>{order.fullName}</dd>
        <dt>Email</dt>
        <dd>{order.email}</dd>
        <dt>Contact</dt>
        <dd>{order.phone}</dd>
        <dt>Pickup Location</dt>
        <dd>
          {pickup} <span className="muted">(phone {order.branch.phone})</span>
        </dd>
      </dl>
      {/* Only while the order is open: a cancelled, expired or completed order has nothing left to bring or collect. */}
      {open ? (
        <div className="notice" role="note" aria-labelledby="important-heading">
          <h3 id="important-heading">Important Notification</h3>
          <WhatToBring way={order.way} ready={order.status === "accepted"} />
        </div>
      ) : null}
      {open ? (
        <figure className="collection-pass">
          <img
            src={`/api/orders/link/${order.accessToken}/collection-pass.png`}
            width={200}
            height={200}
            alt={`Collection pass QR code for order ${order.orderNumber}`}
          />
          <figcaption>
            <strong>Your collection pass.</strong> Show this code at the counter (it is in your e-mails too), or give
            your order number {order.orderNumber}.
          </figcaption>
        </figure>
      ) : null}
      <p className="print-hidden">
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print
        </button>
      </p>
    </div>
  );
}
