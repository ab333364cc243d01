import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { TrackedOrder } from "@bureau/domain/contracts/tracking";
import { summariseOpeningHours, todaysHoursText } from "@bureau/domain/opening-hours";
import { customerStatusOf } from "@bureau/domain/order-tracking";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { BuybackGuaranteePanel } from "./buyback-guarantee-panel.tsx";
import { OrderConfirmation } from "./order-confirmation.tsx";
import { googleMapsSearchUrl, telHref } from "../public/branch-format.ts";

/** What cancelling means to the customer, by kind of order. */
export const CANCEL_DIALOG_TEXT: Record<TrackedOrder["way"], string> = {
  Order:
    "The branch will stop preparing your currency and will not hold it for you. A cancelled order cannot be reopened: to buy again you would place a new order at that day's rate.",
  Sell: "The branch will no longer expect your notes. A cancelled order cannot be reopened: to sell later you would place a new order at that day's rate.",
};

const TIMELINE_LABELS: Record<TrackedOrder["timeline"][number]["event"], string> = {
  placed: "Order placed",
  amended: "Amended by you",
  accepted: "Accepted: ready for collection",
  completed: "Completed in the branch",
  cancelled: "Cancelled",
  expired: "Expired: not collected in time",
};

/**
 * The customer's order page: status in plain words, the confirmation (lines, collect-by date, booking
 * details, what to bring, the collection pass, Print), the branch with today's and the week's opening
 * hours, the timeline, and "Cancel order" while the order is Pending or Accepted.
 */
export function TrackedOrderView({
  order,
  formAction,
  notice,
}: {
  order: TrackedOrder;
  /** The page whose action handles the cancel form. */
  formAction: string;
  /** The outcome of the last cancel, announced above the order. */
  notice?: { kind: "ok" | "error"; message: string } | undefined;
}) {
  const status = customerStatusOf(order.status, order.additionalChecks);
  const dates = useDisplayDates();
  const address = [...order.branch.addressLines, order.branch.postcode].join(", ");
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // Move focus to the outcome so keyboard and screen-reader users learn what happened.
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  return (
    <article className="tracked-order" aria-labelledby="tracked-order-heading">
      <h2 id="tracked-order-heading">Order {order.orderNumber}</h2>
      {notice ? (
        <p
          ref={noticeRef}
          tabIndex={-1}
          className={notice.kind === "ok" ? "track-outcome" : "track-problem"}
          role={notice.kind === "ok" ? "status" : "alert"}
        >
          {notice.message}
        </p>
      ) : null}
      <p className="tracked-status">
        <span className={`status-badge status-${order.status}`}>{status.label}</span>{" "}
        <span className="tracked-explanation">{status.explanation}</span>
      </p>
      <OrderConfirmation order={order} />
      <BuybackGuaranteePanel order={order} />
      <div className="tracked-grid">
        <section aria-labelledby="tracked-branch-heading">
          <h3 id="tracked-branch-heading">Branch</h3>
          <p>
            <strong>{order.branch.name}</strong>
            <br />
            {address}
            <br />
            Phone: <a href={telHref(order.branch.phone)}>{order.branch.phone}</a>
            <br />
            <a href={googleMapsSearchUrl(`Harbour FX ${order.branch.name}, ${address}`)}>Open in a map</a>
          </p>
          <p className="tracked-today">
            <strong>{todaysHoursText(order.branch.hours, order.branch.today)}</strong>
          </p>
          <h4>Opening hours</h4>
          <ul className="tracked-hours">
            {summariseOpeningHours(order.branch.hours).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="tracked-timeline-heading">
          <h3 id="tracked-timeline-heading">Timeline</h3>
          <ol className="timeline">
            {order.timeline.map((entry) => (
              <li key={`${entry.event}-${entry.at}`}>
                <strong>{TIMELINE_LABELS[entry.event]}</strong>: {dates.longDateTime(entry.at)}
              </li>
            ))}
          </ol>
        </section>
      </div>
      {order.canCancel ? <CancelOrderForm order={order} formAction={formAction} /> : null}
    </article>
  );
}

/**
 * "Cancel order", asked first in the customer's own words (the spec's "Are you sure? You won't be able to
 * revert this!" stays the staff's, in the dashboard); without JavaScript the form posts directly.
 */
function CancelOrderForm({ order, formAction }: { order: TrackedOrder; formAction: string }) {
  const { confirm, dialog } = useConfirm();
  const submit = useSubmit();
  const navigation = useNavigation();
  const cancelling = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <Form
      method="post"
      action={formAction}
      className="tracked-cancel"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const asked = await confirm({
          title: `Cancel order ${order.orderNumber}?`,
          text: CANCEL_DIALOG_TEXT[order.way],
          confirmLabel: "Yes, cancel it",
          cancelLabel: "Keep my order",
          danger: true,
        });
        if (asked) {
          void submit(form, { method: "post", action: formAction });
        }
      }}
    >
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="token" value={order.accessToken} />
      <button type="submit" className="button button-danger" aria-disabled={cancelling}>
        {cancelling ? "Cancelling…" : "Cancel order"}
      </button>
      {dialog}
    </Form>
  );
}
