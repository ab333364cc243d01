import { Link } from "react-router";
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

/** Completed orders; cancelled and expired ones are kept and shown under their own filters. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("show");
  const show = FILTERS.find((filter) => filter.show === asked)?.show ?? "completed";
  const page = await loadOrderList(serverApi(context), request, show);
  return { ...page, show };
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { show } = loaderData;
  const current = FILTERS.find((filter) => filter.show === show) ?? FILTERS[0];
  return (
    <OrderListPage title={current.title} data={loaderData} transitions={show === "completed" ? ["cancel"] : []}>
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
    </OrderListPage>
  );
}
