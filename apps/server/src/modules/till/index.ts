export { closeTill, listTillsAwaitingSignOff, signOffTill, tillOf } from "./close-till.ts";
export { moveTillCash } from "./move-cash.ts";
export { openTill } from "./open-till.ts";
export { recordTillMovement, requireOpenTill } from "./record-movement.ts";
export { completionMovementsOf, openTillIdOf } from "./order-movements.ts";
export { branchNameOf } from "./till-view.ts";
