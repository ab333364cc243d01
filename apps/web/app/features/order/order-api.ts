import type { OrderReceipt, PlaceOrderRequest, Quote, QuoteRequest } from "@bureau/domain/contracts/orders";
import type { AvailabilityList } from "@bureau/domain/contracts/stock";
import type { CustomerPrefill } from "@bureau/domain/contracts/tracking";
import { type ApiClient, browserApi, postedAs } from "../../lib/api-client.ts";

/** Places the order (the purchase page's route action; the API validates the request). */
export function placeOrder(api: ApiClient, request: PlaceOrderRequest | unknown): Promise<OrderReceipt> {
  return api.orders.place(postedAs<PlaceOrderRequest>(request));
}

/** A quote for one line of the cart (the order page's route action; the API prices and validates it). */
export function requestQuote(api: ApiClient, request: unknown): Promise<Quote> {
  return api.orders.quote(postedAs<QuoteRequest>(request));
}

/** The name, e-mail and phone order step 2 fills in for the signed-in customer. */
export function orderDetailsOfAccount(api: ApiClient): Promise<CustomerPrefill> {
  return api.account.orderDetails();
}

/**
 * Whether each branch can supply a Click & Collect basket (null where it does not track its currencies):
 * a read as the basket changes, so from the browser (decision 016 keeps changes to route actions).
 */
export function branchAvailability(need: string): Promise<AvailabilityList> {
  return browserApi().stock.availability({ need });
}
