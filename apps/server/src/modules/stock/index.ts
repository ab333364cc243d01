export { getAvailability } from "./get-availability.ts";
export { getBranchStock } from "./get-branch-stock.ts";
export { getStock } from "./get-stock.ts";
export { loadOrderNotes } from "./load-order-notes.ts";
export { isNotesTaken } from "./reserve-notes.ts";
export { setStock } from "./set-stock.ts";
export { settleOrderNotes } from "./settle-order-notes.ts";
export { STOCK_AUDIT } from "./stock-audit.ts";
export { reverseOrderNotes, STOCK_REVERSAL_ACTION } from "./reverse-order-notes.ts";
