import type { OrderReceipt, PlaceOrderRequest } from "@bureau/domain/contracts/orders";
import type { CustomerPrefill } from "@bureau/domain/contracts/tracking";
import { type ApiClient, browserApi } from "../../lib/api-client.ts";

export function placeOrder(request: PlaceOrderRequest): Promise<OrderReceipt> {
  return browserApi().call<OrderReceipt>("POST", "/api/orders", request);
}

/** The name, e-mail and phone order step 2 fills in for the signed-in customer. */
export function orderDetailsOfAccount(api: ApiClient): Promise<CustomerPrefill> {
  return api.call<CustomerPrefill>("GET", "/api/account/order-details");
}
