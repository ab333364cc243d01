import { useId } from "react";
import { Form, Link } from "react-router";
import { WAY_TITLES } from "@bureau/domain/constants";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { formatMinor } from "@bureau/domain/money";
import { ApiClientError, type ApiClient } from "../../lib/api-client.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { HandoverIdentity, LinkedTotals, ScreeningsTable, SuspicionReportList } from "./due-diligence.tsx";
import { HandoverSummary } from "./handover-panel.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";

/** The record asked for on the Compliance screen: the order, or why there is none for that number. */
export type ComplianceRecordLookup = { number: string; order: OrderDetails | null; problem: string | null };

/**
 * The compliance record of the order with this number: the number is looked up as the counter does
 * (GET /api/admin/collect), then the order is the staff order answer, whose suspicion reports the API
 * sends to the MLRO alone. A number that finds nothing says why, as the counter does.
 */
export async function loadComplianceRecord(api: ApiClient, number: string): Promise<ComplianceRecordLookup> {
  try {
    const found = await api.admin.collect.find({ number });
    const order = await api.admin.orders.details({ id: found.id });
    return { number, order, problem: null };
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status >= 500) throw error;
    return { number, order: null, problem: error.message };
  }
}

/** The Compliance screen's form asking for an order's record by its number (a GET: it changes nothing). */
export function ComplianceRecordForm({ lookup }: { lookup: ComplianceRecordLookup | null }) {
  const id = useId();
  const problem = lookup?.problem ?? null;
  return (
    <section className="compliance-section print-hidden" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Compliance record of an order</h2>
      <p className="muted">
        Everything recorded on the order for the file: its risk flags, screenings, hold and handover, and its suspicion
        reports for the MLRO. The customer's receipt is printed from the order's page.
      </p>
      <Form method="get" action="/dashboard/compliance" className="search-form" noValidate>
        <div className="field">
          <label htmlFor={`${id}-number`}>Order Number</label>
          <input
            id={`${id}-number`}
            name="record"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={lookup?.number ?? ""}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          {problem ? (
            <p className="field-error" id={`${id}-problem`} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button-primary">
          Show the record
        </button>
      </Form>
    </section>
  );
}

/**
 * An order's compliance record, for the file: the order, its timeline, due diligence (linked totals,
 * hold, handover record), risk flags, sanctions screenings and, for the MLRO, suspicion reports. Its
 * own print view: printed, it is the whole sheet (dashboard.css).
 */
export function ComplianceRecord({ order, madeAt, madeBy }: { order: OrderDetails; madeAt: string; madeBy: string }) {
  const { longDateTime } = useDisplayDates();
  const id = useId();
  const { compliance } = order;
  return (
    <section className="compliance-record print-area" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Compliance record: order {order.orderNumber}</h2>
      <p className="muted">
        Made {longDateTime(madeAt)} by {madeBy}. Not for the customer.
      </p>
      <p className="print-hidden">
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print compliance record
        </button>{" "}
        <Link to={`/dashboard/orderDetails/${order.id}`}>Open the order</Link>
      </p>

      <RecordedOrder order={order} />
      <RecordedDueDiligence order={order} />
      <h3>Risk flags</h3>
      {compliance.riskFlags.length === 0 ? (
        <p>No risk flag fired when the order was placed.</p>
      ) : (
        <ul className="risk-flags">
          {compliance.riskFlags.map((flag) => (
            <li key={flag.rule}>
              <strong>{flag.label}</strong>: {flag.detail} ({longDateTime(flag.flaggedAt)})
            </li>
          ))}
        </ul>
      )}
      <h3>Sanctions screening</h3>
      <ScreeningsTable screenings={compliance.screenings} />
      {compliance.suspicionReports ? (
        <SuspicionReportList reports={compliance.suspicionReports} />
      ) : (
        <>
          <h3>Suspicion reports</h3>
          <p>Suspicion reports are read by the MLRO only.</p>
        </>
      )}
    </section>
  );
}

function RecordedOrder({ order }: { order: OrderDetails }) {
  const { longDateTime } = useDisplayDates();
  return (
    <>
      <h3>Order</h3>
      <dl className="booking-details">
        <dt>Way</dt>
        <dd>{WAY_TITLES[order.way]}</dd>
        <dt>Status</dt>
        <dd>{order.status}</dd>
        <dt>Customer</dt>
        <dd>
          {order.firstName} {order.lastName}, {order.email}, {order.phone}
        </dd>
        <dt>Branch</dt>
        <dd>{order.branch.name}</dd>
      </dl>
      <DataTable
        caption="Lines"
        columns={["Currency", "Sterling", "Foreign amount", "Customer rate", "Market rate"]}
        scrollable
      >
        {order.lines.map((line) => (
          <tr key={line.position}>
            <th scope="row">{line.currency}</th>
            <td>{formatMinor(line.gbpMinor, "GBP")}</td>
            <td>{formatMinor(line.foreignMinor, line.currency)}</td>
            <td>{line.rate}</td>
            <td>{line.marketRate}</td>
          </tr>
        ))}
      </DataTable>
      <p className="order-total">
        Total: <strong>{formatMinor(order.totalGbpMinor, "GBP")}</strong>
      </p>
      <h3>Timeline</h3>
      <ol className="timeline">
        {order.timeline.map((entry) => (
          <li key={entry.event}>
            <strong>{entry.event}</strong> {longDateTime(entry.at)}
            {entry.by ? ` by ${entry.by}` : ""}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Linked totals, the hold and its clearing, and the handover record. */
function RecordedDueDiligence({ order }: { order: OrderDetails }) {
  const { longDateTime } = useDisplayDates();
  const { compliance } = order;
  const { hold } = compliance;
  return (
    <>
      <h3>Due diligence</h3>
      <p>{compliance.enhancedDueDiligence ? "Enhanced due diligence." : "Standard: ID at collection."}</p>
      <LinkedTotals totals={compliance.linkedTotals} />
      <h4>Hold</h4>
      {hold ? (
        <dl className="booking-details">
          <dt>Reason</dt>
          <dd>{hold.reason}</dd>
          <dt>Held</dt>
          <dd>{hold.heldAt ? longDateTime(hold.heldAt) : "At placement"}</dd>
          <dt>Cleared</dt>
          <dd>
            {hold.clearedAt
              ? `${longDateTime(hold.clearedAt)}${hold.clearedBy ? ` by ${hold.clearedBy}` : ""}: ${hold.clearReason ?? ""}`
              : "Not cleared"}
          </dd>
        </dl>
      ) : (
        <p>Never held.</p>
      )}
      <h4>Handover</h4>
      {order.handover ? (
        <>
          <p>
            Recorded {longDateTime(order.handover.recordedAt)} by {order.handover.recordedBy}
          </p>
          <HandoverSummary handover={order.handover} way={order.way} />
        </>
      ) : (
        <p>Not handed over.</p>
      )}
      {compliance.handover ? <HandoverIdentity handover={compliance.handover} /> : null}
    </>
  );
}
