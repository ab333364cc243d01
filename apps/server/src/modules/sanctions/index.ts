export { getSanctionsListImportedAt } from "./get-sanctions-list-age.ts";
export { importSanctionsList } from "./import-sanctions-list.ts";
export { rescreenOpenOrders } from "./rescreen-open-orders.ts";
export { customerName, screenName } from "./screen-name.ts";
export { screeningsOfOrder } from "./screenings-of-order.ts";
