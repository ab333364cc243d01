import { Form, Link, useLocation, useNavigation } from "react-router";
import type { OrderList, OrderTransition } from "@bureau/domain/contracts/dashboard";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import type { createApiClient } from "../../lib/api-client.ts";
import { refusalAsResponse } from "../../lib/server-api.ts";
import { OrdersTable } from "./orders-table.tsx";
import "./dashboard.css";

export async function loadOrderList(
  api: ReturnType<typeof createApiClient>,
  request: Request,
  status: OrderStatus,
): Promise<OrderList & { q: string; after: string | null }> {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const after = url.searchParams.get("after");
  const query = new URLSearchParams({ status, limit: "25" });
  if (q) query.set("q", q);
  if (after) query.set("after", after);
  const page = await refusalAsResponse(api.call<OrderList>("GET", `/api/admin/orders?${query}`));
  return { ...page, q, after };
}

export function OrderListPage({
  title,
  data,
  transitions,
  children,
}: {
  title: string;
  data: OrderList & { q: string; after: string | null };
  transitions: OrderTransition[];
  children?: React.ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const nextHref = data.nextCursor
    ? `${location.pathname}?${new URLSearchParams({ ...(data.q ? { q: data.q } : {}), after: data.nextCursor })}`
    : null;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <div className="list-tools">
        <Form method="get" role="search" className="search-form">
          <label htmlFor="order-search">Search orders</label>
          <input
            id="order-search"
            name="q"
            type="search"
            defaultValue={data.q}
            placeholder="Order number, name, e-mail or phone"
          />
          <button type="submit" className="button button-small">
            Search
          </button>
        </Form>
        {children}
      </div>
      <div aria-busy={navigation.state === "loading"}>
        <OrdersTable caption={title} orders={data.orders} transitions={transitions} />
      </div>
      <nav className="pager" aria-label="Pages">
        {data.after ? (
          <Link
            className="button button-small"
            to={`${location.pathname}${data.q ? `?q=${encodeURIComponent(data.q)}` : ""}`}
          >
            Newest
          </Link>
        ) : null}
        {nextHref ? (
          <Link className="button button-small" to={nextHref}>
            Older orders
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
