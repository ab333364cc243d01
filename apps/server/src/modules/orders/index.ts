export { branchOfOrder } from "./order-queries.ts";
export { archiveOrder } from "./archive-order.ts";
export { collectionPassPng } from "./collection-pass.ts";
export { customerPrefill } from "./customer-prefill.ts";
export { expireOverdueOrders } from "./expire-orders.ts";
export { exportOrdersCsv, ORDER_CSV_HEADER } from "./export-orders.ts";
export { findOrderToCollect } from "./find-order-to-collect.ts";
export { getOrderDetails } from "./get-order-details.ts";
export { loadOrderReceipt, loadOrderRows, toOrderReceipt } from "./order-receipt.ts";
export { listMyOrders } from "./list-my-orders.ts";
export { listOrders } from "./list-orders.ts";
export { currencyLinesOf } from "./order-line-summaries.ts";
export { createOrderLinks, type OrderLinks } from "./order-links.ts";
export { loadOrderMail } from "./order-mail-content.ts";
export {
  cancelTrackedOrder,
  findTrackedOrder,
  ORDER_LINK_INVALID_MESSAGE,
  openOrderLink,
  orderOfToken,
  type TrackingContext,
} from "./track-order.ts";
export { transitionOrder } from "./transition-order.ts";
