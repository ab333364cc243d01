import type { MyOrders, TrackedOrder, TrackOrderRequest } from "@bureau/domain/contracts/tracking";
import type { ApiClient } from "../../lib/api-client.ts";

export function trackOrder(api: ApiClient, request: TrackOrderRequest): Promise<TrackedOrder> {
  return api.orders.track(request);
}

export function openOrderLink(api: ApiClient, token: string): Promise<TrackedOrder> {
  return api.orders.openLink({ token });
}

export function cancelOrder(api: ApiClient, token: string): Promise<TrackedOrder> {
  return api.orders.cancel({ token });
}

/** One page of "My orders" (the signed-in customer's own orders, newest first). */
export function myOrders(api: ApiClient, after: string | null): Promise<MyOrders> {
  return api.account.orders({ limit: 20, ...(after ? { after } : {}) });
}
