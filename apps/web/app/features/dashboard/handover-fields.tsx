import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { noteDenominations } from "@bureau/domain/denominations";
import { ID_DOCUMENT_LABELS, ID_DOCUMENT_TYPES } from "@bureau/domain/handover";
import { formatMinor } from "@bureau/domain/money";
import type { FieldProblems } from "./field-problems.tsx";
import type { HandoverEntry } from "./handover-entry.ts";

/** The photo ID checked: its kind, the last 4 characters of its number and its expiry date. */
export function IdCheckFields({
  formId,
  idCheck,
  problems,
}: {
  formId: string;
  idCheck: HandoverEntry["idCheck"];
  problems: FieldProblems;
}) {
  const { errors, fieldId, problem, described } = problems;
  return (
    <>
      <fieldset className="handover-id" aria-describedby={errors.idType ? `${fieldId("idType")}-error` : undefined}>
        <legend>ID checked</legend>
        {ID_DOCUMENT_TYPES.map((type, i) => (
          <label key={type} className="radio-option">
            <input
              type="radio"
              name={`${formId}-idType`}
              id={i === 0 ? fieldId("idType") : undefined}
              value={type}
              checked={idCheck.idType === type}
              onChange={() => idCheck.setIdType(type)}
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
            value={idCheck.last4}
            maxLength={4}
            autoComplete="off"
            spellCheck={false}
            {...described("idNumberLast4")}
            onChange={(e) => idCheck.setLast4(e.target.value.toUpperCase())}
          />
          {problem("idNumberLast4")}
        </div>
        <div className="field">
          <label htmlFor={fieldId("idExpiresOn")}>Expiry date</label>
          <input
            id={fieldId("idExpiresOn")}
            type="date"
            value={idCheck.expiresOn}
            {...described("idExpiresOn")}
            onChange={(e) => idCheck.setExpiresOn(e.target.value)}
          />
          {problem("idExpiresOn")}
        </div>
      </div>
    </>
  );
}

/** Click & Collect: the payment card checked against the name on the ID. */
export function CardCheckField({
  checked,
  onChange,
  problems,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  problems: FieldProblems;
}) {
  const { fieldId, problem, described } = problems;
  return (
    <div className="field checkbox-field">
      <input
        id={fieldId("cardMatchesName")}
        type="checkbox"
        checked={checked}
        {...described("cardMatchesName")}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={fieldId("cardMatchesName")}>The payment card matches the name on the ID</label>
      {problem("cardMatchesName")}
    </div>
  );
}

/** Enhanced due diligence: the customer's address and date of birth. */
export function EnhancedDueDiligenceFields({
  enhanced,
  problems,
}: {
  enhanced: HandoverEntry["enhanced"];
  problems: FieldProblems;
}) {
  const { fieldId, problem, described } = problems;
  return (
    <div className="form-grid">
      <p className="hint">Enhanced due diligence: record the customer's address and date of birth.</p>
      <div className="field">
        <label htmlFor={fieldId("address")}>Customer's address</label>
        <textarea
          id={fieldId("address")}
          rows={2}
          autoComplete="off"
          value={enhanced.address}
          {...described("address")}
          onChange={(e) => enhanced.setAddress(e.target.value)}
        />
        {problem("address")}
      </div>
      <div className="field">
        <label htmlFor={fieldId("dateOfBirth")}>Date of birth</label>
        <input
          id={fieldId("dateOfBirth")}
          type="date"
          value={enhanced.dateOfBirth}
          {...described("dateOfBirth")}
          onChange={(e) => enhanced.setDateOfBirth(e.target.value)}
        />
        {problem("dateOfBirth")}
      </div>
    </div>
  );
}

/**
 * Click & Sell, one currency: the notes received by denomination (or the amount where its notes are
 * unknown), and the running tally against the order.
 */
export function ReceivedNotesFields({
  sale,
  notes,
  problems,
}: {
  sale: HandoverEntry["tally"][number];
  notes: HandoverEntry["notes"];
  problems: FieldProblems;
}) {
  const { fieldId, problem, described } = problems;
  const denominations = noteDenominations(sale.currency);
  const key = `received.${sale.currency}`;
  return (
    <fieldset className="handover-notes">
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
                value={notes.counts[sale.currency]?.[valueMinor] ?? ""}
                {...described(key)}
                onChange={(e) => notes.setCount(sale.currency, valueMinor, e.target.value)}
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
            value={notes.amounts[sale.currency] ?? ""}
            {...described(key)}
            onChange={(e) => notes.setAmount(sale.currency, e.target.value)}
          />
        </div>
      )}
      {problem(key)}
      <p className="handover-tally" aria-live="polite">
        Received {formatMinor(sale.receivedMinor, sale.currency)} of {formatMinor(sale.orderedMinor, sale.currency)}{" "}
        ordered
        {sale.gbpPaidMinor !== null ? `: ${formatMinor(sale.gbpPaidMinor, "GBP")}` : ""}
      </p>
    </fieldset>
  );
}

/** Click & Sell: the sterling to pay for what was received, and why it differs from the order when it does. */
export function SterlingToPay({
  order,
  entry,
  problems,
}: {
  order: OrderDetails;
  entry: HandoverEntry;
  problems: FieldProblems;
}) {
  const { fieldId, problem, described } = problems;
  const { payable } = entry;
  return (
    <>
      {problem("received")}
      <p className="handover-pay" aria-live="polite">
        Sterling to pay the customer: <strong>{payable !== null ? formatMinor(payable, "GBP") : "—"}</strong>
        {payable !== null && payable !== order.totalGbpMinor
          ? ` (the order was for ${formatMinor(order.totalGbpMinor, "GBP")}, at the order's locked rate)`
          : ""}
      </p>
      {entry.differs ? (
        <div className="field">
          <label htmlFor={fieldId("differenceReason")}>Difference: what the customer brought, and why</label>
          <textarea
            id={fieldId("differenceReason")}
            rows={2}
            value={entry.reason}
            {...described("differenceReason")}
            onChange={(e) => entry.setReason(e.target.value)}
          />
          {problem("differenceReason")}
        </div>
      ) : null}
    </>
  );
}

/**
 * The sterling payment (issue 33): cash or card, and the amount, filled with the order's sterling (a
 * sale's, what its notes received pay). It moves the staff member's till.
 */
export function PaymentFields({
  formId,
  way,
  payment,
  problems,
}: {
  formId: string;
  way: OrderDetails["way"];
  payment: HandoverEntry["payment"];
  problems: FieldProblems;
}) {
  const { errors, fieldId, problem, described } = problems;
  const methods = [
    { value: "cash", label: "Cash" },
    { value: "card", label: "Card" },
  ];
  return (
    <fieldset
      className="handover-payment"
      aria-describedby={errors["payment.method"] ? `${fieldId("payment.method")}-error` : undefined}
    >
      <legend>Payment</legend>
      <p className="hint">
        {way === "Order" ? "How the customer paid for the currency." : "How the customer was paid for their notes."}
      </p>
      {methods.map((method, i) => (
        <label key={method.value} className="radio-option">
          <input
            type="radio"
            name={`${formId}-payment-method`}
            id={i === 0 ? fieldId("payment.method") : undefined}
            value={method.value}
            checked={payment.method === method.value}
            onChange={() => payment.setMethod(method.value)}
          />{" "}
          {method.label}
        </label>
      ))}
      {problem("payment.method")}
      <div className="field">
        <label htmlFor={fieldId("payment.amountMinor")}>
          {way === "Order" ? "Sterling taken (£)" : "Sterling paid (£)"}
        </label>
        <input
          id={fieldId("payment.amountMinor")}
          inputMode="decimal"
          autoComplete="off"
          value={payment.amount}
          {...described("payment.amountMinor")}
          onChange={(e) => payment.setAmount(e.target.value)}
        />
        {problem("payment.amountMinor")}
      </div>
    </fieldset>
  );
}
