import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Pager } from "../../components/ui/pager.tsx";
import { auditDiff } from "@bureau/domain/audit-diff";
import type { AuditEntry } from "@bureau/domain/contracts/audit";
import { ApiClientError } from "../../lib/api-client.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { serverApi } from "../../lib/server-api.ts";
import "../../features/dashboard/dashboard.css";
import type { Route } from "./+types/audit";
import { DataTable } from "../../components/ui/data-table.tsx";

const FILTERS = ["who", "action", "order", "from", "to"] as const;
type FilterName = (typeof FILTERS)[number];

/** The filters of the address bar, as typed (empty ones left out). */
function filtersOf(url: URL): Partial<Record<FilterName, string>> {
  const filters: Partial<Record<FilterName, string>> = {};
  for (const name of FILTERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** One page of the audit log for the filters in the address bar; a refused filter is shown by its field. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const after = url.searchParams.get("after");
  const query = new URLSearchParams(filters);
  if (after) query.set("after", after);
  const api = serverApi(context);
  const { actions } = await api.admin.auditLog.actions();
  try {
    const page = await api.admin.auditLog.page(query);
    return { page, actions, filters, after, problem: null, fields: {} as Record<string, string> };
  } catch (error) {
    if (!(error instanceof ApiClientError) || error.status !== 400) throw error;
    return { page: null, actions, filters, after, problem: error.message, fields: error.apiError?.fields ?? {} };
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Audit | Harbour FX dashboard" }];

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { page, actions, filters, after, problem, fields } = loaderData;
  const navigation = useNavigation();
  const { timeZone } = useDisplayDates();
  const filterQuery = new URLSearchParams(filters).toString();
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">Audit</h1>
      <p className="muted">
        Every change staff and the system made, newest first. Days are calendar days in {timeZone}.
      </p>
      <AuditFilters actions={actions} filters={filters} fields={fields} filterQuery={filterQuery} />
      {problem !== null ? (
        <div className="alert" role="alert">
          {problem}
        </div>
      ) : null}
      {page ? (
        <>
          <p>
            {/* A plain link: the file streams from the API with the same filters; GET changes nothing. */}
            <a className="button button-small" href={`/api/admin/audit-log.csv${filterQuery ? `?${filterQuery}` : ""}`}>
              Download CSV
            </a>
          </p>
          <div aria-busy={navigation.state === "loading"}>
            {page.entries.length === 0 ? (
              <p>{after ? "There are no older entries." : "No entries match these filters."}</p>
            ) : (
              <AuditTable entries={page.entries} />
            )}
          </div>
          <Pager
            firstHref={after ? `/dashboard/audit${filterQuery ? `?${filterQuery}` : ""}` : null}
            nextHref={
              page.nextCursor ? `/dashboard/audit?${new URLSearchParams({ ...filters, after: page.nextCursor })}` : null
            }
            nextText="Older entries"
          />
        </>
      ) : null}
    </section>
  );
}

/** The filters of the log (who, what, which order, which days), with each refused filter's reason. */
function AuditFilters({
  actions,
  filters,
  fields,
  filterQuery,
}: {
  actions: Route.ComponentProps["loaderData"]["actions"];
  filters: Route.ComponentProps["loaderData"]["filters"];
  fields: Route.ComponentProps["loaderData"]["fields"];
  filterQuery: string;
}) {
  const id = useId();
  const fieldProps = (name: FilterName) => ({
    id: `${id}-${name}`,
    name,
    defaultValue: filters[name] ?? "",
    "aria-invalid": fields[name] ? (true as const) : undefined,
    "aria-describedby": fields[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: FilterName) =>
    fields[name] ? (
      <span id={`${id}-${name}-error`} className="field-error">
        {fields[name]}
      </span>
    ) : null;

  return (
    <Form method="get" className="audit-filters" aria-label="Filter the audit log" key={filterQuery}>
      <div className="field">
        <label htmlFor={`${id}-who`}>Who (e-mail)</label>
        <input {...fieldProps("who")} type="text" inputMode="email" autoComplete="off" />
        {fieldError("who")}
      </div>
      <div className="field">
        <label htmlFor={`${id}-action`}>What</label>
        <select {...fieldProps("action")}>
          <option value="">Any action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
        {fieldError("action")}
      </div>
      <div className="field">
        <label htmlFor={`${id}-order`}>Order Number</label>
        <input {...fieldProps("order")} type="text" inputMode="numeric" autoComplete="off" maxLength={8} />
        {fieldError("order")}
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>From</label>
        <input {...fieldProps("from")} type="date" />
        {fieldError("from")}
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>To</label>
        <input {...fieldProps("to")} type="date" />
        {fieldError("to")}
      </div>
      <div className="audit-filter-actions">
        <button type="submit" className="button">
          Show
        </button>
        {filterQuery ? (
          <Link to="/dashboard/audit" className="button button-small">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { longDateTime } = useDisplayDates();
  return (
    <DataTable
      className="data-table audit-table"
      caption="Audit log entries, newest first"
      hiddenCaption
      columns={["When", "Who", "What", "Subject", "Before and after"]}
      scrollable
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td>{longDateTime(entry.at)}</td>
          <td>{entry.actorEmail ?? "system"}</td>
          <td>{entry.action}</td>
          <td>
            {entry.order ? (
              <Link to={`/dashboard/orderDetails/${entry.order.id}`}>Order {entry.order.orderNumber}</Link>
            ) : (
              <>
                {entry.entityType} <span className="audit-subject-id">{entry.entityId}</span>
              </>
            )}
          </td>
          <td>
            <AuditDiff entry={entry} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Before and after field by field. A changed field says so in words ("changed") and shows the old
 * value struck through and the new one underlined (del/ins), so the change never rests on colour alone.
 */
function AuditDiff({ entry }: { entry: AuditEntry }) {
  const rows = auditDiff(entry.before, entry.after);
  if (rows.length === 0) return <span className="muted">No details recorded</span>;
  const none = <span className="muted">(none)</span>;
  return (
    <table className="audit-diff">
      <caption className="visually-hidden">
        Before and after of {entry.action} at entry {entry.id}
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} className={row.changed ? "diff-changed" : undefined}>
            <th scope="row">
              {row.field}
              {row.changed ? <span className="diff-mark">changed</span> : null}
            </th>
            <td>{row.before === null ? none : row.changed ? <del>{row.before}</del> : row.before}</td>
            <td>{row.after === null ? none : row.changed ? <ins>{row.after}</ins> : row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
