import { useId } from "react";
import { WAY_TITLES } from "@bureau/domain/constants";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { type CustomerReceipt as Receipt, customerReceiptOf } from "@bureau/domain/customer-receipt";
import { formatMinor } from "@bureau/domain/money";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { DataTable } from "../../components/ui/data-table.tsx";

/**
 * The receipt handed to the customer, printed by the order page's Print (docs/features/customer-receipt-and-compliance-record.md): on paper only,
 * alone (dashboard.css). It shows what customerReceiptOf picks and nothing else of the staff view, so
 * the compliance part of the order (flags, screenings, holds, reports) cannot reach the customer.
 */
export function CustomerReceipt({ order }: { order: OrderDetails }) {
  const receipt = customerReceiptOf(order);
  const { longDateTime } = useDisplayDates();
  const id = useId();
  const { branch } = receipt;
  return (
    <section className="customer-receipt print-area" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Harbour FX receipt</h2>
      <p className="order-number">
        Order Number: <strong>{receipt.orderNumber}</strong>
      </p>
      <dl className="booking-details">
        <dt>Way</dt>
        <dd>{WAY_TITLES[receipt.way]}</dd>
        <dt>Status</dt>
        <dd>{receipt.status}</dd>
        <dt>Customer</dt>
        <dd>{receipt.customerName}</dd>
        <dt>Branch</dt>
        <dd>
          {branch.name}, {[...branch.addressLines, branch.postcode].join(", ")} (phone {branch.phone})
        </dd>
        <dt>Placed</dt>
        <dd>{longDateTime(receipt.placedAt)}</dd>
        {receipt.handedOverAt ? (
          <>
            <dt>Handed over</dt>
            <dd>{longDateTime(receipt.handedOverAt)}</dd>
          </>
        ) : null}
        {receipt.idType ? (
          <>
            <dt>ID shown</dt>
            <dd>{receipt.idType}</dd>
          </>
        ) : null}
      </dl>
      <ReceiptLines lines={receipt.lines} />
      {receipt.received ? (
        <p>
          Currency received:{" "}
          {receipt.received.map((entry) => formatMinor(entry.receivedMinor, entry.currency)).join(", ")}
        </p>
      ) : null}
      <p className="order-total">
        {receipt.way === "Order" ? "Sterling paid" : "Sterling paid to you"}:{" "}
        <strong>{formatMinor(receipt.sterlingMinor, "GBP")}</strong>
      </p>
      <p>Thank you for choosing Harbour FX. Please keep this receipt.</p>
    </section>
  );
}

/** The receipt's lines: each currency's amount (with the sterling given back, if any), rate and sterling. */
export function ReceiptLines({ lines }: { lines: Receipt["lines"] }) {
  return (
    <DataTable
      className="data-table receipt-lines"
      caption="Currencies"
      columns={["Currency", "Amount", "Rate", "Sterling"]}
    >
      {lines.map((line) => (
        <tr key={line.position}>
          <th scope="row">
            {line.currency} {line.label}
          </th>
          <td>
            {formatMinor(line.foreignMinor, line.currency)}
            {line.sterlingBackMinor > 0 ? (
              <span className="receipt-back"> {formatMinor(line.sterlingBackMinor, "GBP")} back in sterling</span>
            ) : null}
          </td>
          <td>{line.rate}</td>
          <td>{formatMinor(line.gbpMinor, "GBP")}</td>
        </tr>
      ))}
    </DataTable>
  );
}
