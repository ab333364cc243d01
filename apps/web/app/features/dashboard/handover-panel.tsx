import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import type { HandoverView, OrderDetails } from "@bureau/domain/contracts/dashboard";
import { noteDenominations } from "@bureau/domain/denominations";
import {
  checkHandover,
  expectedNotes,
  gbpForReceived,
  type HandoverInput,
  type HandoverOrder,
  ID_DOCUMENT_LABELS,
  ID_DOCUMENT_TYPES,
  longDay,
  saleCurrencies,
} from "@bureau/domain/handover";
import { formatMinor, minorToMajorString, parseMajorToMinor } from "@bureau/domain/money";
import { noteSplitText } from "@bureau/domain/note-text";
import { useConfirm } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { type IntentFields, useRouteAction } from "../../lib/route-action.ts";
import { orderActionPath, TRANSITION_SUCCESS } from "./order-actions.tsx";
import { useModalDialog } from "../../components/ui/confirm-dialog.tsx";

const rulesOrder = (order: OrderDetails): HandoverOrder => ({
  way: order.way,
  enhancedDueDiligence: order.compliance.enhancedDueDiligence,
  lines: order.lines.map((line) => ({
    currency: line.currency,
    rate: line.rate,
    gbpMinor: line.gbpMinor,
    foreignMinor: line.foreignMinor,
  })),
});

/** A typed count: empty is none; anything but a whole number is passed on for the rules to refuse. */
const countOf = (text: string) =>
  text.trim() === "" ? 0 : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

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
  const rules = rulesOrder(order);
  const sales = order.way === "Sell" ? saleCurrencies(rules) : [];

  const [idType, setIdType] = useState("");
  const [last4, setLast4] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [cardMatches, setCardMatches] = useState(false);
  const [address, setAddress] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [reason, setReason] = useState("");
  // Each sale currency starts with the order's exact amount: its notes, or the amount where notes are unknown.
  const [counts, setCounts] = useState<Record<string, Record<number, string>>>(() =>
    Object.fromEntries(
      sales.map((sale) => [
        sale.currency,
        Object.fromEntries(
          expectedNotes(sale.currency, sale.orderedMinor).map((note) => [note.valueMinor, String(note.count)]),
        ),
      ]),
    ),
  );
  const [amounts, setAmounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(sales.map((sale) => [sale.currency, minorToMajorString(sale.orderedMinor, sale.currency)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const received = sales.map((sale) => {
    const denominations = noteDenominations(sale.currency);
    if (!denominations)
      return {
        currency: sale.currency,
        amountMinor: parseMajorToMinor(amounts[sale.currency] ?? "", sale.currency) ?? -1,
      };
    return {
      currency: sale.currency,
      notes: denominations.map((valueMinor) => ({
        valueMinor,
        count: countOf(counts[sale.currency]?.[valueMinor] ?? ""),
      })),
    };
  });
  const input: HandoverInput = {
    idType,
    idNumberLast4: last4,
    idExpiresOn: expiresOn,
    ...(order.way === "Order" ? { cardMatchesName: cardMatches } : {}),
    ...(order.compliance.enhancedDueDiligence ? { address, dateOfBirth } : {}),
    ...(order.way === "Sell" ? { received, differenceReason: reason } : {}),
  };
  const tally = sales.map((sale, i) => {
    const entry = received[i]!;
    const receivedMinor = entry.notes
      ? entry.notes.reduce((sum, n) => sum + n.valueMinor * (Number.isSafeInteger(n.count) ? n.count : 0), 0)
      : Math.max(entry.amountMinor ?? 0, 0);
    const lines = rules.lines.filter((line) => line.currency === sale.currency);
    return {
      ...sale,
      receivedMinor,
      gbpPaidMinor: receivedMinor <= sale.orderedMinor ? gbpForReceived(lines, receivedMinor) : null,
    };
  });
  const differs = tally.some((t) => t.receivedMinor !== t.orderedMinor);
  const payable = tally.every((t) => t.gbpPaidMinor !== null)
    ? tally.reduce((sum, t) => sum + (t.gbpPaidMinor ?? 0), 0)
    : null;

  const fieldId = (name: string) => `${id}-${name.replace(/\W/g, "-")}`;
  const problem = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${fieldId(name)}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  function showProblems(fields: Record<string, string>) {
    setErrors(fields);
    const first = Object.keys(fields)[0];
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  async function complete(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkHandover(rules, input, dates.day(new Date()));
    if (!checked.ok) {
      showProblems(checked.fields);
      return;
    }
    setErrors({});
    if (!(await confirm({ confirmLabel: "Yes, complete it" }))) return;
    const outcome = await submit("complete", { handover: input as IntentFields });
    if (!outcome.ok) {
      toast.error(outcome.message);
      showProblems(outcome.fields ?? {});
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
      {order.way === "Order" ? (
        <ul className="handover-give" aria-label="To hand over">
          {order.lines.map((line) => (
            <li key={line.position}>
              {line.currency}: {noteSplitText(line.foreignMinor, line.sterlingBackMinor, line.currency)} for{" "}
              {formatMinor(line.gbpMinor, "GBP")} paid
            </li>
          ))}
        </ul>
      ) : null}
      <fieldset className="handover-id" aria-describedby={errors.idType ? `${fieldId("idType")}-error` : undefined}>
        <legend>ID checked</legend>
        {ID_DOCUMENT_TYPES.map((type, i) => (
          <label key={type} className="radio-option">
            <input
              type="radio"
              name={`${id}-idType`}
              id={i === 0 ? fieldId("idType") : undefined}
              value={type}
              checked={idType === type}
              onChange={() => setIdType(type)}
            />{" "}
            {ID_DOCUMENT_LABELS[type]}
          </label>
        ))}
        {problem("idType")}
      </fieldset>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={fieldId("idNumberLast4")}>Last 4 characters of its number</label>
          <input
            id={fieldId("idNumberLast4")}
            value={last4}
            maxLength={4}
            autoComplete="off"
            spellCheck={false}
            {...described("idNumberLast4")}
            onChange={(e) => setLast4(e.target.value.toUpperCase())}
          />
          {problem("idNumberLast4")}
        </div>
        <div className="field">
          <label htmlFor={fieldId("idExpiresOn")}>Expiry date</label>
          <input
            id={fieldId("idExpiresOn")}
            type="date"
            value={expiresOn}
            {...described("idExpiresOn")}
            onChange={(e) => setExpiresOn(e.target.value)}
          />
          {problem("idExpiresOn")}
        </div>
      </div>
      {order.way === "Order" ? (
        <div className="field checkbox-field">
          <input
            id={fieldId("cardMatchesName")}
            type="checkbox"
            checked={cardMatches}
            {...described("cardMatchesName")}
            onChange={(e) => setCardMatches(e.target.checked)}
          />
          <label htmlFor={fieldId("cardMatchesName")}>The payment card matches the name on the ID</label>
          {problem("cardMatchesName")}
        </div>
      ) : null}
      {order.compliance.enhancedDueDiligence ? (
        <div className="form-grid">
          <p className="hint">Enhanced due diligence: record the customer's address and date of birth.</p>
          <div className="field">
            <label htmlFor={fieldId("address")}>Customer's address</label>
            <textarea
              id={fieldId("address")}
              rows={2}
              autoComplete="off"
              value={address}
              {...described("address")}
              onChange={(e) => setAddress(e.target.value)}
            />
            {problem("address")}
          </div>
          <div className="field">
            <label htmlFor={fieldId("dateOfBirth")}>Date of birth</label>
            <input
              id={fieldId("dateOfBirth")}
              type="date"
              value={dateOfBirth}
              {...described("dateOfBirth")}
              onChange={(e) => setDateOfBirth(e.target.value)}
            />
            {problem("dateOfBirth")}
          </div>
        </div>
      ) : null}
      {tally.map((sale) => {
        const denominations = noteDenominations(sale.currency);
        const key = `received.${sale.currency}`;
        return (
          <fieldset key={sale.currency} className="handover-notes">
            <legend>Notes received: {sale.currency}</legend>
            {denominations ? (
              <div className="note-counts">
                {denominations.map((valueMinor, i) => (
                  <div className="field" key={valueMinor}>
                    <label htmlFor={i === 0 ? fieldId(key) : `${fieldId(key)}-${valueMinor}`}>
                      {formatMinor(valueMinor, sale.currency)} notes
                    </label>
                    <input
                      id={i === 0 ? fieldId(key) : `${fieldId(key)}-${valueMinor}`}
                      inputMode="numeric"
                      autoComplete="off"
                      value={counts[sale.currency]?.[valueMinor] ?? ""}
                      {...described(key)}
                      onChange={(e) =>
                        setCounts((all) => ({
                          ...all,
                          [sale.currency]: { ...all[sale.currency], [valueMinor]: e.target.value },
                        }))
                      }
                    />
                  </div>
                ))}
              </div>
            ) : (
              <div className="field">
                <label htmlFor={fieldId(key)}>Amount of {sale.currency} received</label>
                <input
                  id={fieldId(key)}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amounts[sale.currency] ?? ""}
                  {...described(key)}
                  onChange={(e) => setAmounts((all) => ({ ...all, [sale.currency]: e.target.value }))}
                />
              </div>
            )}
            {problem(key)}
            <p className="handover-tally" aria-live="polite">
              Received {formatMinor(sale.receivedMinor, sale.currency)} of{" "}
              {formatMinor(sale.orderedMinor, sale.currency)} ordered
              {sale.gbpPaidMinor !== null ? `: ${formatMinor(sale.gbpPaidMinor, "GBP")}` : ""}
            </p>
          </fieldset>
        );
      })}
      {order.way === "Sell" ? (
        <>
          {problem("received")}
          <p className="handover-pay" aria-live="polite">
            Sterling to pay the customer: <strong>{payable !== null ? formatMinor(payable, "GBP") : "—"}</strong>
            {payable !== null && payable !== order.totalGbpMinor
              ? ` (the order was for ${formatMinor(order.totalGbpMinor, "GBP")}, at the order's locked rate)`
              : ""}
          </p>
          {differs ? (
            <div className="field">
              <label htmlFor={fieldId("differenceReason")}>Difference: what the customer brought, and why</label>
              <textarea
                id={fieldId("differenceReason")}
                rows={2}
                value={reason}
                {...described("differenceReason")}
                onChange={(e) => setReason(e.target.value)}
              />
              {problem("differenceReason")}
            </div>
          ) : null}
        </>
      ) : null}
      <p className="row-actions">
        <button type="submit" className="button button-small button-accent" disabled={busy}>
          Complete<span className="visually-hidden"> order {order.orderNumber}</span>
        </button>
      </p>
      {dialog}
    </form>
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
      <li>
        ID checked: {ID_DOCUMENT_LABELS[handover.idType]} ending {handover.idNumberLast4}, valid until{" "}
        {longDay(handover.idExpiresOn)}
      </li>
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
      {way === "Sell" ? <li>Paid to the customer: {formatMinor(handover.gbpMinor, "GBP")}</li> : null}
      {handover.differenceReason ? <li>Difference recorded: {handover.differenceReason}</li> : null}
    </ul>
  );
}
