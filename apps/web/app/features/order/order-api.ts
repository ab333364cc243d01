import type { OrderReceipt, PlaceOrderRequest } from "@bureau/domain/contracts/orders";
import { browserApi } from "../../lib/api-client.ts";

export function placeOrder(request: PlaceOrderRequest): Promise<OrderReceipt> {
  return browserApi().call<OrderReceipt>("POST", "/api/orders", request);
}
