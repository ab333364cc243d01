import { OrderListPage, loadOrderList } from "../../features/dashboard/order-list-page.tsx";
import { serverApi } from "../../lib/server-api.ts";
import type { Route } from "./+types/pending-orders";

export const meta: Route.MetaFunction = () => [{ title: "Pending Orders | Harbour FX dashboard" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOrderList(serverApi(context), request, "pending");
}

export default function PendingOrders({ loaderData }: Route.ComponentProps) {
  return <OrderListPage title="Pending Orders" data={loaderData} transitions={["accept", "cancel"]} />;
}
