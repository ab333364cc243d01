import { type FormEvent, useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { WAY_TITLES } from "@bureau/domain/constants";
import type { ComplianceOverview } from "@bureau/domain/contracts/compliance";
import type { FlaggedOrderList, SuspicionReportList } from "@bureau/domain/contracts/dashboard";
import type { SanctionsImportAnswer } from "@bureau/domain/contracts/sanctions";
import { formatMinor } from "@bureau/domain/money";
import { SANCTIONS_LIST_MAX_BYTES, SANCTIONS_LIST_TOO_LARGE_MESSAGE } from "@bureau/domain/uk-sanctions-list";
import { Pager } from "../../components/ui/pager.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import {
  ComplianceRecord,
  ComplianceRecordForm,
  loadComplianceRecord,
} from "../../features/dashboard/compliance-record.tsx";
import { importSanctionsList } from "../../features/dashboard/dashboard-api.ts";
import { ApiClientError } from "../../lib/api-client.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { type ActionOutcome, useRouteAction } from "../../lib/route-action.ts";
import { apiAction, readIntent, refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/compliance";
import { staffUserContext } from "./dashboard-layout.tsx";
import { DataTable } from "../../components/ui/data-table.tsx";

/** A page of one of the screen's paged lists, after the cursor in the address bar's `name`. */
function pageQuery(url: URL, name: string): URLSearchParams {
  const after = url.searchParams.get(name);
  return new URLSearchParams(after ? { after } : {});
}

/**
 * The overview, a page of flagged orders and, for the MLRO only, a page of suspicion reports (the API
 * refuses them to anyone else: the screen then says who may read them); with `?record=` an order
 * number, that order's compliance record (docs/features/customer-receipt-and-compliance-record.md).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = serverApi(context);
  const reports = api.admin.compliance.suspicionReports(pageQuery(url, "reportsAfter")).catch((error: unknown) => {
    if (error instanceof ApiClientError && error.status === 403) return null;
    throw error;
  });
  const recordNumber = url.searchParams.get("record");
  const [overview, flagged, suspicionReports, record] = await Promise.all([
    api.admin.compliance.overview(),
    refusalAsResponse(api.admin.compliance.flaggedOrders(pageQuery(url, "flaggedAfter"))),
    refusalAsResponse(reports),
    recordNumber === null ? null : loadComplianceRecord(api, recordNumber),
  ]);
  return {
    ...overview,
    flagged,
    suspicionReports,
    flaggedAfter: url.searchParams.get("flaggedAfter"),
    reportsAfter: url.searchParams.get("reportsAfter"),
    record,
    // Printed on the record: when it was made and by whom.
    recordMadeAt: new Date().toISOString(),
    recordMadeBy: context.get(staffUserContext).email,
  };
}

/**
 * The list import (decision 016): the import form's multipart post, with or without JavaScript, and the
 * file goes on to the API as it is. The dashboard's guard has let in only a staff-verified admin before
 * the file is read; the API checks the same again, audits the import and wakes the job that screens
 * the open orders again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readIntent(request, ["import-sanctions-list"]);
  const list = posted.file("list");
  return apiAction(context, (api) => importSanctionsList(api, list));
}

export const meta: Route.MetaFunction = () => [{ title: "Compliance | Harbour FX dashboard" }];

type Match = ComplianceOverview["sanctionsMatches"][number]["match"];

/** "Ivan PETROV (TST0001), score 1.000, list of 17-Nov-2026". */
function describeMatch(match: Match): string {
  const entry = match.entryId ? ` (${match.entryId})` : "";
  return `${match.name ?? "?"}${entry}, score ${match.score}, list of ${match.listVersion}`;
}

export default function Compliance({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <section className="compliance-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Compliance</h1>
      <ComplianceRecordForm lookup={view.record} />
      {view.record?.order ? (
        <ComplianceRecord order={view.record.order} madeAt={view.recordMadeAt} madeBy={view.recordMadeBy} />
      ) : null}
      <OrdersOnHold onHold={view.onHold} />
      <FlaggedOrders list={view.flagged} after={view.flaggedAfter} />
      <SuspicionReports list={view.suspicionReports} after={view.reportsAfter} />
      <SanctionsMatches matches={view.sanctionsMatches} />
      <SanctionsLists lists={view.sanctionsLists} posted={actionData} />
    </section>
  );
}

function OrderLink({ id, orderNumber }: { id: string; orderNumber: string }) {
  return <Link to={`/dashboard/orderDetails/${id}`}>{orderNumber}</Link>;
}

function OrdersOnHold({ onHold }: { onHold: ComplianceOverview["onHold"] }) {
  const { longDateTime } = useDisplayDates();
  const id = useId();
  return (
    <section className="compliance-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Orders on hold ({onHold.total})</h2>
      {onHold.orders.length === 0 ? (
        <p className="muted">No open order is on hold.</p>
      ) : (
        <>
          <p className="muted">
            Accept and Complete are refused until the MLRO (or an admin) clears the hold on the order's page, recording
            the customer due diligence.
            {onHold.total > onHold.orders.length ? ` The ${onHold.orders.length} longest waiting are shown.` : ""}
          </p>
          <DataTable
            caption="Orders on hold, longest waiting first"
            hiddenCaption
            columns={["Order Number", "Customer", "Way", "Total", "Held since", "Reason", "Sanctions match"]}
            scrollable
          >
            {onHold.orders.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <OrderLink id={order.id} orderNumber={order.orderNumber} />
                </th>
                <td>{order.name}</td>
                <td>{WAY_TITLES[order.way]}</td>
                <td>{formatMinor(order.totalGbpMinor, "GBP")}</td>
                <td>{longDateTime(order.heldAt ?? order.createdAt)}</td>
                <td className="hold-reason">{order.reason}</td>
                <td>{order.sanctionsMatch ? describeMatch(order.sanctionsMatch) : "None"}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}

/** "Newest" and "Older …" links of one paged list, keeping the other list's page in the address. */
function ListPager({
  name,
  after,
  next,
  label,
}: {
  name: string;
  after: string | null;
  next: string | null;
  label: string;
}) {
  const location = useLocation();
  const href = (cursor: string | null) => {
    const query = new URLSearchParams(location.search);
    if (cursor) query.set(name, cursor);
    else query.delete(name);
    const text = query.toString();
    return `${location.pathname}${text ? `?${text}` : ""}`;
  };
  return (
    <Pager
      label={`Pages of ${label}`}
      firstHref={after ? href(null) : null}
      firstText={`Newest ${label}`}
      nextHref={next ? href(next) : null}
      nextText={`Older ${label}`}
      preventScrollReset
    />
  );
}

function FlaggedOrders({ list, after }: { list: FlaggedOrderList; after: string | null }) {
  const { longDateTime } = useDisplayDates();
  const id = useId();
  return (
    <section className="compliance-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Flagged orders</h2>
      {list.orders.length === 0 ? (
        <p className="muted">{after ? "There are no older flagged orders." : "No order has a risk flag."}</p>
      ) : (
        <DataTable
          caption="Orders with risk flags, newest first"
          hiddenCaption
          columns={["Order Number", "Customer", "Status", "Placed", "Flags"]}
          scrollable
        >
          {list.orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <OrderLink id={order.id} orderNumber={order.orderNumber} />
              </th>
              <td>{order.name}</td>
              <td>{order.status}</td>
              <td>{longDateTime(order.createdAt)}</td>
              <td>
                <ul className="flag-list">
                  {order.flags.map((flag) => (
                    <li key={flag.rule}>
                      <strong>{flag.label}</strong>: {flag.detail}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ListPager name="flaggedAfter" after={after} next={list.nextCursor} label="flagged orders" />
    </section>
  );
}

/** Suspicion reports are for the MLRO alone (MLRO_EMAILS): anyone else is told so, and sees none. */
function SuspicionReports({ list, after }: { list: SuspicionReportList | null; after: string | null }) {
  const { longDateTime } = useDisplayDates();
  const id = useId();
  return (
    <section className="compliance-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Suspicion reports</h2>
      {list === null ? (
        <p className="muted">Suspicion reports are read by the MLRO only.</p>
      ) : list.reports.length === 0 ? (
        <p className="muted">{after ? "There are no older reports." : "No suspicion report has been raised."}</p>
      ) : (
        <DataTable
          caption="Suspicion reports, newest first"
          hiddenCaption
          columns={["Order Number", "Raised", "Report", "State"]}
          scrollable
        >
          {list.reports.map((report) => (
            <tr key={report.id}>
              <th scope="row">
                <OrderLink id={report.orderId} orderNumber={report.orderNumber} />
              </th>
              <td>
                {longDateTime(report.raisedAt)} by {report.raisedBy}
              </td>
              <td className="report-text">{report.text}</td>
              <td>
                {report.closedAt
                  ? `Closed ${longDateTime(report.closedAt)} by ${report.closedBy ?? "?"}${report.closeReason ? `: ${report.closeReason}` : ""}`
                  : "Open"}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list ? <ListPager name="reportsAfter" after={after} next={list.nextCursor} label="reports" /> : null}
    </section>
  );
}

function SanctionsMatches({ matches }: { matches: ComplianceOverview["sanctionsMatches"] }) {
  const { longDateTime } = useDisplayDates();
  const id = useId();
  return (
    <section className="compliance-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Sanctions list matches</h2>
      {matches.length === 0 ? (
        <p className="muted">No open order's customer name matches the UK Sanctions List.</p>
      ) : (
        <DataTable
          caption="Open orders whose latest screening matched, newest first"
          hiddenCaption
          columns={["Order Number", "Customer", "Matched entry", "Score", "Screened", "On hold"]}
          scrollable
        >
          {matches.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <OrderLink id={order.id} orderNumber={order.orderNumber} />
              </th>
              <td>{order.name}</td>
              <td>
                {order.match.name ?? "?"}
                {order.match.entryId ? ` (${order.match.entryId})` : ""}
              </td>
              <td>{order.match.score}</td>
              <td>
                {longDateTime(order.match.screenedAt)}, list of {order.match.listVersion}
              </td>
              <td>{order.onHold ? "Yes" : "No"}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

type ImportOutcome = ActionOutcome<SanctionsImportAnswer>;

function SanctionsLists({
  lists,
  posted,
}: {
  lists: ComplianceOverview["sanctionsLists"];
  /** The outcome of an import posted without JavaScript (the page was sent again after it). */
  posted: ImportOutcome | undefined;
}) {
  const { longDateTime } = useDisplayDates();
  const id = useId();
  return (
    <section className="compliance-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>UK Sanctions List</h2>
      <SanctionsUpload posted={posted} />
      {lists.length === 0 ? (
        <p className="muted">No list has been imported yet: orders are not screened.</p>
      ) : (
        <DataTable
          caption="List imports, newest first"
          hiddenCaption
          columns={["Version", "Imported", "By", "Designations", "Names"]}
          scrollable
        >
          {lists.map((list, i) => (
            <tr key={list.id}>
              <th scope="row">
                {list.version}
                {i === 0 ? " (in use)" : ""}
              </th>
              <td>{longDateTime(list.importedAt)}</td>
              <td>{list.importedBy}</td>
              <td>{list.entryCount}</td>
              <td>{list.nameCount}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** "List of 17-Nov-2026 imported: 6 designations". */
const importedText = (answer: SanctionsImportAnswer) =>
  `List of ${answer.version} imported: ${answer.entryCount} designations`;

/**
 * The list upload, a form posted to the page's action (the published list is megabytes: the server
 * lets this page's multipart post carry the API's limit for it). With JavaScript it posts through a
 * fetcher and the outcome is a toast or the field's message; without, the page comes back with it.
 */
function SanctionsUpload({ posted }: { posted: ImportOutcome | undefined }) {
  const id = useId();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const listImport = useRouteAction<SanctionsImportAnswer>();
  const [problem, setProblem] = useState<string | null>(null);
  const shownProblem = problem ?? (posted && !posted.ok ? posted.message : null);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = input.current?.files?.[0];
    // Checked here to save a pointless upload; the API checks the file again.
    const refusal = !file
      ? "Choose the list's CSV file"
      : file.size > SANCTIONS_LIST_MAX_BYTES
        ? SANCTIONS_LIST_TOO_LARGE_MESSAGE
        : null;
    if (refusal) {
      setProblem(refusal);
      input.current?.focus();
      return;
    }
    setProblem(null);
    const outcome = await listImport.submitForm(form);
    if (!outcome.ok) {
      setProblem(outcome.message);
      input.current?.focus();
      return;
    }
    if (input.current) input.current.value = "";
    toast.success(importedText(outcome.value));
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="sanctions-upload"
      onSubmit={upload}
      aria-label="Import the UK Sanctions List"
      noValidate
    >
      <input type="hidden" name="intent" value="import-sanctions-list" />
      <div className="field">
        <label htmlFor={`${id}-file`}>UK Sanctions List (CSV as published by the FCDO)</label>
        <input
          id={`${id}-file`}
          ref={input}
          name="list"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={shownProblem ? `${id}-problem` : undefined}
        />
        {shownProblem ? (
          <span id={`${id}-problem`} className="field-error" role="alert">
            {shownProblem}
          </span>
        ) : null}
      </div>
      <button type="submit" className="button button-primary" disabled={listImport.busy} aria-busy={listImport.busy}>
        Import list
      </button>
      {posted?.ok && !problem ? <p role="status">{importedText(posted.value)}</p> : null}
    </Form>
  );
}
