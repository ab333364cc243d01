export { approveReversal, refuseReversal } from "./decide-reversal.ts";
export { requestReversal } from "./request-reversal.ts";
export { listRequestedReversals, reversalsOfOrder } from "./reversal-view.ts";
