import { useId, useState } from "react";
import { Link } from "react-router";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { formatMinor } from "@bureau/domain/money";
import {
  type CustomerDueDiligenceInput,
  checkCustomerDueDiligence,
  SOURCE_OF_FUNDS_LABELS,
  SOURCES_OF_FUNDS,
} from "@bureau/domain/customer-due-diligence";
import { ID_DOCUMENT_LABELS, ID_DOCUMENT_TYPES, longDay } from "@bureau/domain/handover";
import { useToast } from "../../components/ui/toast.tsx";
import { useSessionUser } from "../account/session.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { useRouteAction } from "../../lib/route-action.ts";
import { type FieldProblems, useFieldProblems } from "./field-problems.tsx";
import { orderActionPath } from "./order-actions.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";

type Compliance = OrderDetails["compliance"];

/** The badges of an order's due diligence, in the lists and on its page (docs/features/due-diligence-tiers.md). */
export function DueDiligenceBadges({ onHold, enhanced }: { onHold: boolean; enhanced: boolean }) {
  return (
    <>
      {onHold ? <span className="status-badge badge-hold">On hold</span> : null}
      {enhanced ? <span className="status-badge badge-enhanced">Enhanced due diligence</span> : null}
    </>
  );
}

/** The customer's linked totals (by e-mail, phone and account) over 12 months and 30 days to this order. */
export function LinkedTotals({ totals }: { totals: Compliance["linkedTotals"] }) {
  const gbp = (minor: number) => formatMinor(minor, "GBP");
  return (
    <DataTable
      className="data-table linked-totals"
      caption={
        <>
          Linked totals to this order, itself included ({totals.orders} {totals.orders === 1 ? "order" : "orders"} in 12
          months, linked by e-mail, phone or account)
        </>
      }
      columns={["Period", "Click & Collect", "Click & Sell", "Both ways"]}
      scrollable
    >
      <tr>
        <th scope="row">12 months</th>
        <td>{gbp(totals.yearOrderGbpMinor)}</td>
        <td>{gbp(totals.yearSellGbpMinor)}</td>
        <td>{gbp(totals.yearOrderGbpMinor + totals.yearSellGbpMinor)}</td>
      </tr>
      <tr>
        <th scope="row">30 days</th>
        <td>{gbp(totals.monthOrderGbpMinor)}</td>
        <td>{gbp(totals.monthSellGbpMinor)}</td>
        <td>{gbp(totals.monthOrderGbpMinor + totals.monthSellGbpMinor)}</td>
      </tr>
    </DataTable>
  );
}

/** The customer due diligence a hold was cleared with (docs/features/linked-series-and-customer-due-diligence.md). */
function DueDiligenceRecord({ record }: { record: NonNullable<Compliance["customerDueDiligence"]> }) {
  const dates = useDisplayDates();
  return (
    <dl className="booking-details">
      <dt>ID verified</dt>
      <dd>
        {ID_DOCUMENT_LABELS[record.idType]} ending {record.idNumberLast4}, valid until {longDay(record.idExpiresOn)}
      </dd>
      <dt>Source of funds</dt>
      <dd>
        {SOURCE_OF_FUNDS_LABELS[record.sourceOfFunds]}
        {record.note ? `: ${record.note}` : ""}
      </dd>
      <dt>Checked by</dt>
      <dd>
        {record.checkedBy}, {dates.longDateTime(record.checkedAt)}
      </dd>
      <dt>Covers the customer's orders until</dt>
      <dd>{dates.longDate(record.coversUntil)}</dd>
    </dl>
  );
}

/**
 * The hold, its reason, and (while it stands, to whoever may clear it: the MLRO, or any admin where none
 * is named) the form that clears it by recording the customer due diligence (docs/features/linked-series-and-customer-due-diligence.md). The domain's
 * checkCustomerDueDiligence checks it as the server will, field by field; who checked is the signed-in
 * staff member.
 */
function HoldPanel({ orderId, hold }: { orderId: string; hold: NonNullable<Compliance["hold"]> }) {
  const id = useId();
  if (hold.clearedAt) return <ClearedHold hold={hold} clearedAt={hold.clearedAt} />;
  return (
    <section className="hold-panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>On hold</h3>
      <p>{hold.reason}</p>
      {!hold.viewerMayClear ? (
        <p className="hint">
          Accept and Complete wait until the MLRO clears the hold, recording customer due diligence.
        </p>
      ) : (
        <ClearHoldForm orderId={orderId} />
      )}
    </section>
  );
}

function ClearedHold({ hold, clearedAt }: { hold: NonNullable<Compliance["hold"]>; clearedAt: string }) {
  const dates = useDisplayDates();
  return (
    <div className="hold-panel hold-cleared">
      <p>
        <strong>Hold cleared</strong> {dates.longDateTime(clearedAt)}
        {hold.clearedBy ? ` by ${hold.clearedBy}` : ""}: {hold.clearReason}
      </p>
      <p className="muted">It was held because: {hold.reason}</p>
      {hold.dueDiligence ? <DueDiligenceRecord record={hold.dueDiligence} /> : null}
    </div>
  );
}

type DueDiligenceField = keyof CustomerDueDiligenceInput;

/** The customer due diligence that clears the hold, checked as the server will before it is sent. */
function ClearHoldForm({ orderId }: { orderId: string }) {
  const id = useId();
  const toast = useToast();
  const dates = useDisplayDates();
  const user = useSessionUser();
  const { submit, busy } = useRouteAction(orderActionPath(orderId));
  const [input, setInput] = useState<Required<CustomerDueDiligenceInput>>({
    idType: "",
    idNumberLast4: "",
    idExpiresOn: "",
    sourceOfFunds: "",
    note: "",
  });
  const problems = useFieldProblems(id);
  const set = (name: DueDiligenceField) => (value: string) => setInput((current) => ({ ...current, [name]: value }));

  async function clear(event: React.FormEvent) {
    event.preventDefault();
    const checked = checkCustomerDueDiligence(input, dates.day(new Date()));
    if (!checked.ok) {
      problems.showProblems(checked.fields);
      return;
    }
    problems.clear();
    const outcome = await submit("clearHold", { dueDiligence: input });
    if (!outcome.ok) {
      toast.error(outcome.message);
      problems.showProblems(outcome.fields ?? {});
      return;
    }
    toast.success("Hold cleared. The order may now be accepted.");
  }

  return (
    <form onSubmit={clear} noValidate aria-labelledby={`${id}-form-heading`}>
      <h4 id={`${id}-form-heading`}>Customer due diligence</h4>
      <p className="hint">
        Accept and Complete wait until the hold is cleared. Verify the customer's ID and the source of the funds: the
        record covers the customer's linked orders for 12 months.
      </p>
      <DueDiligenceFields input={input} set={set} problems={problems} />
      <p>Checked by: {user?.email ?? "you"}</p>
      <button type="submit" className="button button-small button-accent" disabled={busy}>
        Clear hold
      </button>
    </form>
  );
}

function DueDiligenceFields({
  input,
  set,
  problems,
}: {
  input: Required<CustomerDueDiligenceInput>;
  set: (name: DueDiligenceField) => (value: string) => void;
  problems: FieldProblems;
}) {
  const { fieldId, problem } = problems;
  const described = (name: DueDiligenceField) => ({ id: fieldId(name), ...problems.described(name) });
  return (
    <>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={fieldId("idType")}>ID type</label>
          <select {...described("idType")} value={input.idType} onChange={(e) => set("idType")(e.target.value)}>
            <option value="">Choose…</option>
            {ID_DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {ID_DOCUMENT_LABELS[type]}
              </option>
            ))}
          </select>
          {problem("idType")}
        </div>
        <div className="field">
          <label htmlFor={fieldId("idNumberLast4")}>Last 4 characters of its number</label>
          <input
            {...described("idNumberLast4")}
            value={input.idNumberLast4}
            maxLength={4}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set("idNumberLast4")(e.target.value.toUpperCase())}
          />
          {problem("idNumberLast4")}
        </div>
        <div className="field">
          <label htmlFor={fieldId("idExpiresOn")}>Expiry date</label>
          <input
            {...described("idExpiresOn")}
            type="date"
            value={input.idExpiresOn}
            onChange={(e) => set("idExpiresOn")(e.target.value)}
          />
          {problem("idExpiresOn")}
        </div>
        <div className="field">
          <label htmlFor={fieldId("sourceOfFunds")}>Source of funds</label>
          <select
            {...described("sourceOfFunds")}
            value={input.sourceOfFunds}
            onChange={(e) => set("sourceOfFunds")(e.target.value)}
          >
            <option value="">Choose…</option>
            {SOURCES_OF_FUNDS.map((source) => (
              <option key={source} value={source}>
                {SOURCE_OF_FUNDS_LABELS[source]}
              </option>
            ))}
          </select>
          {problem("sourceOfFunds")}
        </div>
      </div>
      <div className="field">
        <label htmlFor={fieldId("note")}>
          Note
          {input.sourceOfFunds === "other" ? " (required for Other: what the source of funds is)" : " (optional)"}
        </label>
        <textarea {...described("note")} rows={2} value={input.note} onChange={(e) => set("note")(e.target.value)} />
        {problem("note")}
      </div>
    </>
  );
}

/** The order page's due-diligence section: badges, linked totals, the hold, and the handover record. */
export function DueDiligenceSection({ order }: { order: OrderDetails }) {
  const { compliance } = order;
  const onHold = Boolean(compliance.hold && !compliance.hold.clearedAt);
  return (
    <section aria-labelledby="due-diligence-heading" className="due-diligence">
      <h2 id="due-diligence-heading">Due diligence</h2>
      <p>
        <DueDiligenceBadges onHold={onHold} enhanced={compliance.enhancedDueDiligence} />
        {!onHold && !compliance.enhancedDueDiligence ? "ID at collection." : null}
      </p>
      <LinkedTotals totals={compliance.linkedTotals} />
      {compliance.customerDueDiligence ? (
        <section aria-labelledby="customer-due-diligence-heading">
          <h3 id="customer-due-diligence-heading">Customer due diligence on file</h3>
          <p className="hint">
            Recorded in the 12 months before this order: the €15,000 threshold does not hold the customer's orders while
            it covers them.
          </p>
          <DueDiligenceRecord record={compliance.customerDueDiligence} />
        </section>
      ) : null}
      {compliance.hold ? <HoldPanel orderId={order.id} hold={compliance.hold} /> : null}
      {compliance.handover ? <HandoverIdentity handover={compliance.handover} /> : null}
    </section>
  );
}

/** The actions an order's list row or page offers by its due diligence: none of Accept or Complete while on hold. */
export function transitionsAllowedBy<T extends string>(transitions: T[], { onHold }: { onHold: boolean }): T[] {
  return transitions.filter((transition) => !(onHold && (transition === "accept" || transition === "complete")));
}

/** A badge per risk flag that fired at placement (issue 15 item 3): "Risk: High-value notes". */
export function RiskFlagBadges({ labels }: { labels: string[] }) {
  return (
    <>
      {labels.map((label) => (
        <span key={label} className="status-badge badge-risk">
          Risk: {label}
        </span>
      ))}
    </>
  );
}

/** Raising an internal suspicion report: any staff member writes what they saw; the MLRO alone reads it. */
function SuspicionReportForm({ orderId }: { orderId: string }) {
  const id = useId();
  const toast = useToast();
  const { submit, busy } = useRouteAction(orderActionPath(orderId));
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function raise(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const outcome = await submit("raiseSuspicionReport", { text });
    if (!outcome.ok) {
      setError(outcome.message);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    toast.success("Report sent to the MLRO. The order is on hold.");
    setText("");
  }

  return (
    <form className="suspicion-form print-hidden" onSubmit={raise} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Suspicion report</h3>
      <p className="hint">
        Something about this customer or order does not seem right? Tell the MLRO: only they read it, and the order is
        held until they clear it. Do not tell the customer.
      </p>
      <div className="field">
        <label htmlFor={`${id}-text`}>What made you suspicious</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          value={text}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-text-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error ? (
          <p className="field-error" id={`${id}-text-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button-small" disabled={busy}>
        Send report to the MLRO
      </button>
    </form>
  );
}

/**
 * The order page's other compliance checks: its risk flags with the rule that fired, its sanctions
 * screenings with the matched list entry, the suspicion reports (for the MLRO) and the form to raise one.
 */
export function ComplianceChecks({ order }: { order: OrderDetails }) {
  const { riskFlags, screenings, suspicionReports } = order.compliance;
  return (
    <section aria-labelledby="compliance-checks-heading" className="due-diligence">
      <h2 id="compliance-checks-heading">Risk and screening</h2>
      <h3>Risk flags</h3>
      {riskFlags.length === 0 ? (
        <p className="muted">No risk flag fired when the order was placed.</p>
      ) : (
        <ul className="risk-flags">
          {riskFlags.map((flag) => (
            <li key={flag.rule}>
              <span className="status-badge badge-risk">Risk: {flag.label}</span> {flag.detail}
            </li>
          ))}
        </ul>
      )}
      <ScreeningsTable screenings={screenings} />
      {suspicionReports ? <SuspicionReportList reports={suspicionReports} /> : null}
      <p className="print-hidden">
        <Link to={`/dashboard/compliance?${new URLSearchParams({ record: order.orderNumber })}`}>
          Compliance record of this order
        </Link>
        , to print for the file (the Print below gives the customer's receipt).
      </p>
      <SuspicionReportForm orderId={order.id} />
    </section>
  );
}

/** An order's sanctions screenings, newest first: on its page and in its compliance record. */
export function ScreeningsTable({ screenings }: { screenings: Compliance["screenings"] }) {
  const dates = useDisplayDates();
  return (
    <DataTable
      className="data-table screenings"
      caption="Sanctions screenings (UK Sanctions List)"
      columns={["Screened", "List version", "Result", "Score", "Closest list entry"]}
      scrollable
    >
      {screenings.length === 0 ? (
        <tr>
          <td colSpan={5}>Not screened yet: no list has been imported.</td>
        </tr>
      ) : (
        screenings.map((s) => (
          <tr key={`${s.listVersion}-${s.screenedAt}`}>
            <td>
              {dates.longDateTime(s.screenedAt)} ({s.occasion === "placement" ? "at placement" : "after an import"})
            </td>
            <td>{s.listVersion}</td>
            <td>{s.result === "match" ? <strong>Match</strong> : "Clear"}</td>
            <td>{s.score}</td>
            <td>{s.matchedEntryId ? `${s.matchedName} (${s.matchedEntryId})` : "None"}</td>
          </tr>
        ))
      )}
    </DataTable>
  );
}

/** An order's suspicion reports, for the MLRO (the API sends them to no one else): on its page and in its record. */
export function SuspicionReportList({ reports }: { reports: NonNullable<Compliance["suspicionReports"]> }) {
  const dates = useDisplayDates();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Suspicion reports (MLRO only)</h3>
      {reports.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="suspicion-reports">
          {reports.map((report) => (
            <li key={report.id}>
              <strong>{dates.longDateTime(report.raisedAt)}</strong> by {report.raisedBy}: {report.text}
              {report.closedAt ? (
                <span className="muted">
                  {" "}
                  Closed {dates.longDateTime(report.closedAt)} by {report.closedBy}: {report.closeReason}
                </span>
              ) : (
                <span> (open)</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the handover recorded of the customer for due diligence (shown on the order page and its record). */
export function HandoverIdentity({ handover }: { handover: { address: string; dateOfBirth: string } }) {
  return (
    <dl className="booking-details">
      <dt>Address recorded</dt>
      <dd>{handover.address}</dd>
      <dt>Date of birth</dt>
      <dd>{handover.dateOfBirth}</dd>
    </dl>
  );
}
