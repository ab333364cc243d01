import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import type { HandoverView, OrderDetails } from "@bureau/domain/contracts/dashboard";
import { checkHandover, ID_DOCUMENT_LABELS, longDay } from "@bureau/domain/handover";
import { formatMinor } from "@bureau/domain/money";
import { noteSplitText } from "@bureau/domain/note-text";
import { useConfirm, useModalDialog } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { type IntentFields, useRouteAction } from "../../lib/route-action.ts";
import { useHandoverEntry } from "./handover-entry.ts";
import {
  CardCheckField,
  EnhancedDueDiligenceFields,
  IdCheckFields,
  PaymentFields,
  ReceivedNotesFields,
  SterlingToPay,
} from "./handover-fields.tsx";
import { useFieldProblems } from "./field-problems.tsx";
import { orderActionPath, TRANSITION_SUCCESS } from "./order-actions.tsx";

/**
 * The handover at the counter (issue 17 item 4), the one panel of the order's page, the Accepted Orders
 * list's Complete button and (through the order's page) the Collect page: the ID checked, the payment
 * card (Click & Collect), the notes received (Click & Sell, starting with the order's exact amount in the
 * largest notes, the sterling to pay following what staff count), and the address and date of birth under
 * enhanced due diligence. The domain's checkHandover checks it as the server will; then the spec's
 * confirm dialog and success message, as for any completion.
 */
export function HandoverPanel({ order, onDone }: { order: OrderDetails; onDone?: () => void }) {
  const id = useId();
  const toast = useToast();
  const dates = useDisplayDates();
  const { confirm, dialog } = useConfirm();
  const { submit, busy } = useRouteAction(orderActionPath(order.id));
  const entry = useHandoverEntry(order);
  const problems = useFieldProblems(id);

  async function complete(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkHandover(entry.rules, entry.input, dates.day(new Date()));
    if (!checked.ok) {
      problems.showProblems(checked.fields);
      return;
    }
    problems.clear();
    if (!(await confirm({ confirmLabel: "Yes, complete it" }))) return;
    const outcome = await submit("complete", { handover: entry.input as IntentFields });
    if (!outcome.ok) {
      toast.error(outcome.message);
      problems.showProblems(outcome.fields ?? {});
      return;
    }
    toast.success(TRANSITION_SUCCESS.complete);
    onDone?.();
  }

  return (
    <form className="handover-form" onSubmit={complete} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Handover record</h2>
      <p className="hint">
        Order {order.orderNumber} for {order.firstName} {order.lastName}. Check the customer's photo ID before anything
        changes hands.
      </p>
      {order.way === "Order" ? <NotesToHandOver order={order} /> : null}
      <IdCheckFields formId={id} idCheck={entry.idCheck} problems={problems} />
      {order.way === "Order" ? (
        <CardCheckField checked={entry.cardMatches} onChange={entry.setCardMatches} problems={problems} />
      ) : null}
      {order.compliance.enhancedDueDiligence ? (
        <EnhancedDueDiligenceFields enhanced={entry.enhanced} problems={problems} />
      ) : null}
      {entry.tally.map((sale) => (
        <ReceivedNotesFields key={sale.currency} sale={sale} notes={entry.notes} problems={problems} />
      ))}
      {order.way === "Sell" ? <SterlingToPay order={order} entry={entry} problems={problems} /> : null}
      <PaymentFields formId={id} way={order.way} payment={entry.payment} problems={problems} />
      <p className="row-actions">
        <button type="submit" className="button button-small button-accent" disabled={busy}>
          Complete<span className="visually-hidden"> order {order.orderNumber}</span>
        </button>
      </p>
      {dialog}
    </form>
  );
}

/** Click & Collect: what to hand the customer, line by line. */
function NotesToHandOver({ order }: { order: OrderDetails }) {
  return (
    <ul className="handover-give" aria-label="To hand over">
      {order.lines.map((line) => (
        <li key={line.position}>
          {line.currency}: {noteSplitText(line.foreignMinor, line.sterlingBackMinor, line.currency)} for{" "}
          {formatMinor(line.gbpMinor, "GBP")} paid
        </li>
      ))}
    </ul>
  );
}

/**
 * The Accepted Orders list's Complete: opens the handover panel over the list, with the order loaded
 * from its page's loader (the lines and rates the panel needs are not in the list).
 */
export function HandoverDialogButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open);
  // The order page's loader answers the order beside other things the page shows.
  const fetcher = useFetcher<{ order: OrderDetails }>();
  const { load } = fetcher;
  useEffect(() => {
    if (open) void load(orderActionPath(orderId));
  }, [open, load, orderId]);

  const order = fetcher.data?.order.id === orderId ? fetcher.data.order : undefined;
  const completable =
    order?.allowedTransitions.includes("complete") && !(order.compliance.hold && !order.compliance.hold.clearedAt);
  return (
    <>
      <button type="button" className="button button-small" onClick={() => setOpen(true)}>
        Complete<span className="visually-hidden"> order {orderNumber}</span>
      </button>
      <dialog
        ref={ref}
        className="handover-dialog"
        aria-labelledby={headingId}
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
      >
        <h2 id={headingId} className="visually-hidden">
          Complete order {orderNumber}
        </h2>
        {open ? (
          !order ? (
            <p aria-live="polite">Loading the order…</p>
          ) : completable ? (
            <HandoverPanel order={order} onDone={() => setOpen(false)} />
          ) : (
            <p role="alert">This order is {order.status} and cannot be completed now. Please refresh the list.</p>
          )
        ) : null}
        <p className="row-actions">
          <button type="button" className="button button-small" onClick={() => setOpen(false)}>
            Close
          </button>
        </p>
      </dialog>
    </>
  );
}

/** What was recorded at the handover, under its entry in the order's timeline. */
export function HandoverSummary({ handover, way }: { handover: HandoverView; way: OrderDetails["way"] }) {
  return (
    <ul className="handover-summary">
      {handover.idType && handover.idExpiresOn ? (
        <li>
          ID checked: {ID_DOCUMENT_LABELS[handover.idType]} ending {handover.idNumberLast4}, valid until{" "}
          {longDay(handover.idExpiresOn)}
        </li>
      ) : (
        <li>No ID recorded (a walk-in trade below the counter's ID threshold)</li>
      )}
      {handover.cardMatchesName ? <li>The payment card matched the name on the ID</li> : null}
      {(handover.received ?? []).map((entry) => (
        <li key={entry.currency}>
          {entry.currency} received: {formatMinor(entry.receivedMinor, entry.currency)} of{" "}
          {formatMinor(entry.orderedMinor, entry.currency)} ordered
          {entry.notes.length > 0
            ? ` (${entry.notes.map((n) => `${n.count} × ${formatMinor(n.valueMinor, entry.currency)}`).join(", ")})`
            : ""}
        </li>
      ))}
      {way === "Sell" ? (
        <li>
          Paid to the customer: {formatMinor(handover.gbpMinor, "GBP")}
          {handover.paymentMethod ? ` in ${handover.paymentMethod === "cash" ? "cash" : "by card"}` : ""}
        </li>
      ) : handover.paymentMethod ? (
        <li>
          Paid {handover.paymentMethod === "cash" ? "in cash" : "by card"}: {formatMinor(handover.gbpMinor, "GBP")}
        </li>
      ) : null}
      {handover.differenceReason ? <li>Difference recorded: {handover.differenceReason}</li> : null}
    </ul>
  );
}
