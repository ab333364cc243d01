import type { MyOrders, TrackedOrder, TrackOrderRequest } from "@bureau/domain/contracts/tracking";
import type { ApiClient } from "../../lib/api-client.ts";

export function trackOrder(api: ApiClient, request: TrackOrderRequest): Promise<TrackedOrder> {
  return api.call<TrackedOrder>("POST", "/api/orders/track", request);
}

export function openOrderLink(api: ApiClient, token: string): Promise<TrackedOrder> {
  return api.call<TrackedOrder>("GET", `/api/orders/link/${encodeURIComponent(token)}`);
}

export function cancelOrder(api: ApiClient, token: string): Promise<TrackedOrder> {
  return api.call<TrackedOrder>("POST", "/api/orders/cancel", { token });
}

/** One page of "My orders" (the signed-in customer's own orders, newest first). */
export function myOrders(api: ApiClient, after: string | null): Promise<MyOrders> {
  const query = new URLSearchParams({ limit: "20" });
  if (after) query.set("after", after);
  return api.call<MyOrders>("GET", `/api/account/orders?${query}`);
}
