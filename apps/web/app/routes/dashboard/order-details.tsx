import { Link, useNavigate } from "react-router";
import {
  type ClearHoldRequest,
  type OrderDetails as Details,
  type HandoverRequest,
  orderTransitionValues,
} from "@bureau/domain/contracts/dashboard";
import type { PhoneOnlyReview } from "@bureau/domain/contracts/data-export";
import { WAY_TITLES } from "@bureau/domain/constants";
import { formatMinor } from "@bureau/domain/money";
import { CustomerReceipt } from "../../features/dashboard/customer-receipt.tsx";
import {
  archiveOrder,
  clearHold,
  raiseSuspicionReport,
  requestReversal,
  transitionOrder,
} from "../../features/dashboard/dashboard-api.ts";
import {
  ComplianceChecks,
  DueDiligenceBadges,
  RiskFlagBadges,
  DueDiligenceSection,
  transitionsAllowedBy,
} from "../../features/dashboard/due-diligence.tsx";
import { HandoverPanel, HandoverSummary } from "../../features/dashboard/handover-panel.tsx";
import { OrderActionButtons } from "../../features/dashboard/order-actions.tsx";
import { OrderNotesSection } from "../../features/dashboard/order-notes.tsx";
import { ReversalSection } from "../../features/dashboard/reversal-section.tsx";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/order-details";
import { roleMay } from "@bureau/domain/staff-permissions";
import { staffUserContext } from "./dashboard-layout.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";

/** Loaded before display (spec §2): the page renders with the order already there. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = serverApi(context);
  // The subject access export is the MLRO's (and an admin's): other roles' pages leave its section out.
  const exportsData = roleMay(context.get(staffUserContext).role, "dataRights.export");
  const [order, phoneOnly] = await refusalAsResponse(
    Promise.all([
      api.admin.orders.details({ id: params.id }),
      exportsData ? api.admin.orders.phoneOnlyReview({ id: params.id }) : null,
    ]),
    { status: 404, message: "There is no such order." },
  );
  return { order, phoneOnly };
}

const ORDER_INTENTS = [
  ...orderTransitionValues,
  "archive",
  "clearHold",
  "raiseSuspicionReport",
  "requestReversal",
] as const;

/**
 * Accept, Complete or Delete this order (its buttons here and in the order lists post to this page; Delete
 * on a completed order in History archives it);
 * clear its hold with the customer due diligence; complete it with the handover record (issue 17 item 4); raise
 * a suspicion report (docs/features/risk-flags-and-suspicion-reports.md); ask for a completed order's reversal
 * (docs/features/reversals.md).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const posted = await readIntent(request, ORDER_INTENTS);
  if (posted.intent === "clearHold") {
    // The customer due diligence goes to the API as posted: the API checks its shape and the domain's rules.
    const dueDiligence = (posted.value("dueDiligence") ?? {}) as ClearHoldRequest;
    return apiAction(context, (api) => clearHold(api, params.id, dueDiligence));
  }
  if (posted.intent === "archive") return apiAction(context, (api) => archiveOrder(api, params.id));
  if (posted.intent === "requestReversal") {
    const reason = posted.text("reason");
    return apiAction(context, (api) => requestReversal(api, params.id, reason));
  }
  if (posted.intent === "raiseSuspicionReport") {
    const text = posted.text("text");
    return apiAction(context, (api) => raiseSuspicionReport(api, params.id, text));
  }
  const intent = posted.intent;
  // The handover record goes to the API as posted: the API checks its shape and the domain's rules.
  const handover = intent === "complete" ? (posted.value("handover") as HandoverRequest | undefined) : undefined;
  return apiAction(context, (api) => transitionOrder(api, params.id, intent, handover));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Order ${loaderData?.order.orderNumber ?? ""} | Harbour FX dashboard` },
];

export default function OrderDetails({ loaderData: { order, phoneOnly } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const onHold = Boolean(order.compliance.hold && !order.compliance.hold.clearedAt);
  const transitions = transitionsAllowedBy(order.allowedTransitions, { onHold });
  return (
    <article className="order-page" aria-labelledby="page-heading">
      <p className="print-hidden">
        <Link
          to={
            order.status === "pending"
              ? "/dashboard/manageOrders"
              : order.status === "accepted"
                ? "/dashboard/activeOrders"
                : "/dashboard/history"
          }
        >
          ← Back to the list
        </Link>
      </p>
      <h1 id="page-heading">Order {order.orderNumber}</h1>
      <p>
        <span className="status-badge">{order.status}</span>
        {order.reversedAt ? (
          <>
            {" "}
            <span className="status-badge">reversed</span>
          </>
        ) : null}{" "}
        · {WAY_TITLES[order.way]}{" "}
        <DueDiligenceBadges onHold={onHold} enhanced={order.compliance.enhancedDueDiligence} />
        <RiskFlagBadges labels={order.compliance.riskFlags.map((flag) => flag.label)} />
      </p>
      <div className="details-grid">
        <CustomerSection order={order} />
        <TimelineSection order={order} />
      </div>
      <OrderLines order={order} />
      <p className="order-total">
        Total: <strong>{formatMinor(order.totalGbpMinor, "GBP")}</strong>
      </p>
      <OrderNotesSection notes={order.notes} />
      <ReversalSection order={order} />
      <DueDiligenceSection order={order} />
      <ComplianceChecks order={order} />
      {phoneOnly ? <CustomerDataSection orderId={order.id} phoneOnly={phoneOnly} /> : null}
      {transitions.includes("complete") ? (
        <div className="print-hidden">
          <HandoverPanel order={order} />
        </div>
      ) : null}
      <p className="row-actions print-hidden">
        <OrderActionButtons
          orderId={order.id}
          orderNumber={order.orderNumber}
          transitions={transitions.filter((transition) => transition !== "complete")}
          onDone={(transition) => {
            if (transition === "cancel") navigate("/dashboard/history?show=cancelled");
          }}
        />
        <button type="button" className="button button-small" onClick={() => window.print()}>
          Print
        </button>
      </p>
      <CustomerReceipt order={order} />
    </article>
  );
}

function CustomerSection({ order }: { order: Details }) {
  return (
    <section aria-labelledby="customer-heading">
      <h2 id="customer-heading">Customer</h2>
      <dl className="booking-details">
        <dt>Name</dt>
        <dd>
          {order.firstName} {order.lastName}
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${order.email}`}>{order.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${order.phone.replace(/\s/g, "")}`}>{order.phone}</a>
        </dd>
        <dt>Branch</dt>
        <dd>
          {order.branch.name}, {[...order.branch.addressLines, order.branch.postcode].join(", ")}
        </dd>
      </dl>
    </section>
  );
}

function TimelineSection({ order }: { order: Details }) {
  const { longDateTime: time } = useDisplayDates();
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <ol className="timeline">
        {order.timeline.map((entry) => (
          <li key={`${entry.event}-${entry.at}`}>
            <strong className="status-badge">{entry.event.replace("_", " ")}</strong> {time(entry.at)}
            {entry.by ? ` by ${entry.by}` : ""}
            {entry.detail ? <p className="timeline-detail">{entry.detail}</p> : null}
            {entry.event === "handover" && order.handover ? (
              <HandoverSummary handover={order.handover} way={order.way} />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function OrderLines({ order }: { order: Details }) {
  return (
    <>
      <h2>Lines</h2>
      <DataTable
        columns={["Currency", "Sterling", "Foreign amount", "Customer rate", "Market rate", "Sterling back"]}
        scrollable
      >
        {order.lines.map((line) => (
          <tr key={line.position}>
            <th scope="row">
              {line.currency} <span className="muted">{line.label}</span>
            </th>
            <td>{formatMinor(line.gbpMinor, "GBP")}</td>
            <td>{formatMinor(line.foreignMinor, line.currency)}</td>
            <td>{line.rate}</td>
            <td>{line.marketRate}</td>
            <td>{order.way === "Order" ? formatMinor(line.sterlingBackMinor, "GBP") : "–"}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

/**
 * A subject access request's download of the customer's data, and the orders that share only the phone
 * number, to review with the customer first.
 */
function CustomerDataSection({ orderId, phoneOnly }: { orderId: string; phoneOnly: PhoneOnlyReview }) {
  const { longDateTime: time } = useDisplayDates();
  return (
    <section className="print-hidden" aria-labelledby="data-export-heading">
      <h2 id="data-export-heading">Customer data</h2>
      <p>
        For a subject access request: this order and every order sharing its e-mail or account, with their contact
        messages, rate alerts and account, as a JSON file. The download is recorded in the audit log.
      </p>
      {/* A native form post (the export is audited): the answer is the file, and the page stays. */}
      <form method="post" action={`/dashboard/orderDetails/${orderId}/dataExport`}>
        <button type="submit" className="button button-small">
          Download customer data
        </button>
      </form>
      {phoneOnly.orders.length > 0 ? (
        <>
          <h3 id="phone-only-heading">To review: orders sharing only the phone number</h3>
          <p>
            A phone number does not prove who someone is, so these orders are not in the file. Check with the customer
            that they are theirs before sharing anything of them.
          </p>
          <ul aria-labelledby="phone-only-heading">
            {phoneOnly.orders.map((other) => (
              <li key={other.id}>
                <Link to={`/dashboard/orderDetails/${other.id}`}>Order {other.orderNumber}</Link>, {other.name},{" "}
                {other.status}, placed {time(other.placedAt)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
