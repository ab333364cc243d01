import { OrderListPage, loadOrderList } from "../../features/dashboard/order-list-page.tsx";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/accepted-orders";

export const meta: Route.MetaFunction = () => [{ title: "Accepted Orders | Harbour FX dashboard" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOrderList(serverApi(context), request, "accepted");
}

export default function AcceptedOrders({ loaderData }: Route.ComponentProps) {
  return <OrderListPage title="Accepted Orders" data={loaderData} transitions={["complete", "cancel"]} />;
}
