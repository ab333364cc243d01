export { exportCustomerData } from "./export-customer-data.ts";
export { listPhoneOnlyOrders } from "./list-phone-only-orders.ts";
