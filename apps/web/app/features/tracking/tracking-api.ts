import type { TrackedOrder, TrackOrderRequest } from "@bureau/domain/contracts/tracking";
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
