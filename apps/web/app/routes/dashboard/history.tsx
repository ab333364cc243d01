import { Link } from "react-router";
import { OrderListPage, loadOrderList } from "../../features/dashboard/order-list-page.tsx";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/history";

export const meta: Route.MetaFunction = () => [{ title: "History | Harbour FX dashboard" }];

/** Completed orders; cancelled ("deleted") ones are kept and shown under their own filter. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const cancelled = new URL(request.url).searchParams.get("show") === "cancelled";
  const page = await loadOrderList(serverApi(context), request, cancelled ? "cancelled" : "completed");
  return { ...page, cancelled };
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { cancelled } = loaderData;
  return (
    <OrderListPage
      title={cancelled ? "History: cancelled orders" : "History"}
      data={loaderData}
      transitions={cancelled ? [] : ["cancel"]}
    >
      <nav className="filter-tabs" aria-label="History filter">
        <Link className="button button-small" to="/dashboard/history" aria-current={cancelled ? undefined : "page"}>
          Completed
        </Link>
        <Link
          className="button button-small"
          to="/dashboard/history?show=cancelled"
          aria-current={cancelled ? "page" : undefined}
        >
          Cancelled
        </Link>
      </nav>
    </OrderListPage>
  );
}
