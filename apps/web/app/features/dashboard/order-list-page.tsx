import { Form, useLocation, useNavigation } from "react-router";
import type { OrderList } from "@bureau/domain/contracts/dashboard";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import { Pager } from "../../components/ui/pager.tsx";
import type { createApiClient } from "../../lib/api-client.ts";
import { refusalAsResponse } from "../../lib/server-api.ts";
import type { OrderAction } from "./order-actions.tsx";
import { OrdersTable } from "./orders-table.tsx";
import "./dashboard.css";

/** The list filters beside the search box that a page may offer (History): kept in the page's address. */
export const ORDER_FILTER_NAMES = ["branch", "way", "from", "to"] as const;
export type OrderListFilters = Partial<Record<(typeof ORDER_FILTER_NAMES)[number], string>>;

export async function loadOrderList(
  api: ReturnType<typeof createApiClient>,
  request: Request,
  status: OrderStatus,
  /** History's "Show archived": archived orders are listed too (the API leaves them out otherwise). */
  { includeArchived = false }: { includeArchived?: boolean } = {},
): Promise<OrderList & { q: string; after: string | null; filters: OrderListFilters }> {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const after = url.searchParams.get("after");
  const query = new URLSearchParams({ status, limit: "25" });
  if (includeArchived) query.set("archived", "include");
  if (q) query.set("q", q);
  const filters: OrderListFilters = {};
  for (const name of ORDER_FILTER_NAMES) {
    const value = url.searchParams.get(name)?.trim();
    if (value) {
      filters[name] = value;
      query.set(name, value);
    }
  }
  if (after) query.set("after", after);
  const page = await refusalAsResponse(api.admin.orders.list(query));
  return { ...page, q, after, filters };
}

export function OrderListPage({
  title,
  data,
  transitions,
  keep = {},
  children,
}: {
  title: string;
  data: OrderList & { q: string; after: string | null; filters?: OrderListFilters };
  transitions: OrderAction[];
  /** Parameters of the page's address that its search and pages keep (History's filter). */
  keep?: Record<string, string>;
  children?: React.ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const kept = { ...keep, ...data.filters };
  const hrefWith = (params: Record<string, string>) => {
    const search = new URLSearchParams({ ...kept, ...params }).toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  const nextHref = data.nextCursor ? hrefWith({ ...(data.q ? { q: data.q } : {}), after: data.nextCursor }) : null;
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <div className="list-tools">
        <Form method="get" role="search" className="search-form">
          {Object.entries(kept).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
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
      <Pager
        firstHref={data.after ? hrefWith(data.q ? { q: data.q } : {}) : null}
        nextHref={nextHref}
        nextText="Older orders"
      />
    </section>
  );
}
