import { WAY_TITLES } from "@bureau/domain/constants";
import { formatMinor } from "@bureau/domain/money";
import { customerStatusOf } from "@bureau/domain/order-tracking";
import { data, Link, redirect } from "react-router";
import { Pager } from "../../components/ui/pager.tsx";
import { withRedirect } from "../../features/account/redirect-target.ts";
import { sessionOfRequest } from "../../features/account/session.ts";
import { myOrders } from "../../features/tracking/tracking-api.ts";
import { ApiClientError } from "../../lib/api-client.ts";
import { useDisplayDates } from "../../lib/display-dates.ts";
import { refusalAsResponse, serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/my-orders";
import { DataTable } from "../../components/ui/data-table.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "My orders | Harbour FX" },
  { name: "robots", content: "noindex" },
];

/** Every order placed with the signed-in customer's verified e-mail, newest first, a page at a time. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { user } = await sessionOfRequest(context);
  if (!user) throw redirect(withRedirect("/signIn", url.pathname));
  const after = new URL(request.url).searchParams.get("after");
  const pending = myOrders(serverApi(context), after);
  try {
    await pending;
  } catch (error) {
    // An unverified address: the server's reason, and the way to verify on the profile page.
    if (error instanceof ApiClientError && error.status === 403) {
      return data({ page: null, after, problem: error.message }, { status: 403 });
    }
  }
  // Any other refusal (a hand-made page cursor) becomes the error page of its status.
  return { page: await refusalAsResponse(pending), after, problem: null };
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { page, after, problem } = loaderData;
  const dates = useDisplayDates();
  return (
    <div className="page my-orders">
      <h1>My orders</h1>
      {problem !== null ? (
        <>
          <p role="alert">{problem}</p>
          <p>
            <Link className="button button-primary" to="/account/profile">
              Go to your profile
            </Link>
          </p>
        </>
      ) : page && page.orders.length === 0 ? (
        <p>
          {after ? "There are no older orders." : "You have no orders yet."} Orders you place with your e-mail address
          appear here.
        </p>
      ) : page ? (
        <DataTable
          caption="My orders, newest first"
          hiddenCaption
          columns={["Order number", "Date", "Status", "Way", "Currency", "Total", "Order page"]}
          scrollable
        >
          {page.orders.map((order) => (
            <tr key={order.orderNumber}>
              <th scope="row">{order.orderNumber}</th>
              <td>{dates.longDate(order.placedAt)}</td>
              <td>{customerStatusOf(order.status, order.additionalChecks).label}</td>
              <td>{WAY_TITLES[order.way]}</td>
              <td>
                {order.lines.map((line) => formatMinor(line.foreignMinor, line.currency)).join(", ")}
                {order.buyback ? <span className="my-orders-buyback">{order.buyback}</span> : null}
              </td>
              <td>{formatMinor(order.totalGbpMinor, "GBP")}</td>
              <td>
                <Link to={order.href}>
                  View<span className="visually-hidden"> order {order.orderNumber}</span>
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {page ? (
        <Pager
          firstHref={after ? "/account/orders" : null}
          nextHref={page.nextCursor ? `/account/orders?${new URLSearchParams({ after: page.nextCursor })}` : null}
          nextText="Older orders"
        />
      ) : null}
    </div>
  );
}
