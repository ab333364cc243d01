export { type PlaceOrderInput, placeOrder } from "./place-order.ts";
