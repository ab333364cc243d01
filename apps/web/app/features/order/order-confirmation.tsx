import type { OrderReceipt } from "@bureau/domain/contracts/orders";
import { Link } from "react-router";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { OrderLinesTable } from "./order-lines-table.tsx";
import { WhatToBring } from "./what-to-bring.tsx";

export function OrderConfirmation({ receipt }: { receipt: OrderReceipt }) {
  const dates = useDisplayDates();
  const pickup = `${receipt.branch.name}, ${[...receipt.branch.addressLines, receipt.branch.postcode].join(", ")}`;
  return (
    <section className="confirmation print-area" aria-labelledby="confirmation-heading">
      <h2 id="confirmation-heading">Thank you, your order is booked</h2>
      <p className="order-number">
        Order Number: <strong>{receipt.orderNumber}</strong>
      </p>
      <p className="muted">Placed on {dates.longDate(receipt.createdAt)}</p>
      <OrderLinesTable way={receipt.way} lines={receipt.lines} totalGbpMinor={receipt.totalGbpMinor} />
      <h3>Booking Details</h3>
      <dl className="booking-details">
        <dt>Full Name</dt>
        <dd>{receipt.fullName}</dd>
        <dt>Email</dt>
        <dd>{receipt.email}</dd>
        <dt>Contact</dt>
        <dd>{receipt.phone}</dd>
        <dt>Pickup Location</dt>
        <dd>
          {pickup} <span className="muted">(phone {receipt.branch.phone})</span>
        </dd>
      </dl>
      <div className="notice" role="note" aria-labelledby="important-heading">
        <h3 id="important-heading">Important Notification</h3>
        <WhatToBring way={receipt.way} />
      </div>
      {receipt.accessToken ? (
        <figure className="collection-pass">
          <img
            src={`/api/orders/link/${receipt.accessToken}/collection-pass.png`}
            width={200}
            height={200}
            alt={`Collection pass QR code for order ${receipt.orderNumber}`}
          />
          <figcaption>
            <strong>Your collection pass.</strong> Show this code at the counter (it is in your e-mails too), or give
            your order number {receipt.orderNumber}.
          </figcaption>
        </figure>
      ) : null}
      {receipt.accessToken ? (
        <p className="print-hidden">
          <Link to={`/track/${receipt.accessToken}`}>Track this order</Link>: see its status at any time, or cancel it
          before collection. The link is also in the e-mail we are sending you.
        </p>
      ) : null}
      <p className="print-hidden">
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print
        </button>
      </p>
    </section>
  );
}
