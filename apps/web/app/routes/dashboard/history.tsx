import { Form, Link } from "react-router";
import { WAY_TITLES } from "@bureau/domain/constants";
import { OrderListPage, loadOrderList } from "../../features/dashboard/order-list-page.tsx";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/history";

export const meta: Route.MetaFunction = () => [{ title: "History | Harbour FX dashboard" }];

/** The closed orders the History filter shows: completed, cancelled ("deleted") and expired (not collected). */
const FILTERS = [
  { show: "completed", label: "Completed", title: "History", to: "/dashboard/history" },
  {
    show: "cancelled",
    label: "Cancelled",
    title: "History: cancelled orders",
    to: "/dashboard/history?show=cancelled",
  },
  { show: "expired", label: "Expired", title: "History: expired orders", to: "/dashboard/history?show=expired" },
] as const;

/**
 * Completed orders; cancelled and expired ones are kept and shown under their own filters. Delete on a
 * completed order archives it (docs/features/completed-orders-are-final.md): it leaves this list unless "Show archived" is ticked
 * (`archived=include` in the address, so it survives a reload and is kept by the search and the pages).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("show");
  const show = FILTERS.find((filter) => filter.show === asked)?.show ?? "completed";
  const showArchived = show === "completed" && url.searchParams.get("archived") === "include";
  const api = serverApi(context);
  const [page, branchList] = await Promise.all([
    loadOrderList(api, request, show, { includeArchived: showArchived }),
    api.reference.branches(),
  ]);
  return { ...page, show, showArchived, branches: branchList.branches.map((b) => ({ key: b.key, name: b.name })) };
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { show, showArchived, filters, q, branches } = loaderData;
  const current = FILTERS.find((filter) => filter.show === show) ?? FILTERS[0];
  const keep: Record<string, string> = show === "completed" ? (showArchived ? { archived: "include" } : {}) : { show };
  // The export takes the list's own filters, so the file holds the orders the list pages through, and
  // archived ones too: archiving takes an order off this list only, never out of the record.
  const csvQuery = new URLSearchParams({ status: show, ...(q ? { q } : {}), ...filters });
  return (
    <OrderListPage
      title={current.title}
      data={loaderData}
      keep={keep}
      transitions={show === "completed" ? ["archive"] : []}
    >
      <nav className="filter-tabs" aria-label="History filter">
        {FILTERS.map((filter) => (
          <Link
            key={filter.show}
            className="button button-small"
            to={filter.to}
            aria-current={filter.show === show ? "page" : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="order-filters" aria-label="Filter orders">
        {show === "completed" ? null : <input type="hidden" name="show" value={show} />}
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <label>
          Branch
          <select name="branch" defaultValue={filters.branch ?? ""}>
            <option value="">All branches</option>
            {branches.map((branch) => (
              <option key={branch.key} value={branch.key}>
                {branch.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Way
          <select name="way" defaultValue={filters.way ?? ""}>
            <option value="">Both ways</option>
            <option value="Order">{WAY_TITLES.Order}</option>
            <option value="Sell">{WAY_TITLES.Sell}</option>
          </select>
        </label>
        <label>
          Placed from
          <input type="date" name="from" defaultValue={filters.from ?? ""} />
        </label>
        <label>
          Placed to
          <input type="date" name="to" defaultValue={filters.to ?? ""} />
        </label>
        {show === "completed" ? (
          <label className="checkbox-label">
            <input type="checkbox" name="archived" value="include" defaultChecked={showArchived} />
            Show archived
          </label>
        ) : null}
        <button type="submit" className="button button-small">
          Filter
        </button>
        <a className="button button-small" href={`/api/admin/orders.csv?${csvQuery}`} download>
          Download CSV
        </a>
      </Form>
    </OrderListPage>
  );
}
