export { type PlaceOrderInput, placeOrder } from "./place-order.ts";
export { amendOrder, quoteAmendment } from "./amend-order.ts";
