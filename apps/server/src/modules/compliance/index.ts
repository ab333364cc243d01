export {
  decidePlacement,
  isPlacementSequenceTaken,
  placementAssessmentFrom,
  type PlacementAssessmentRow,
  placementAssessmentWrite,
  placementLinked,
} from "./assess-placement.ts";
export { clearHold } from "./clear-hold.ts";
export { coveringDueDiligence, customerDueDiligenceOf } from "./customer-due-diligence-of.ts";
export { getComplianceOverview } from "./get-compliance-overview.ts";
export { linkedTotals } from "./linked-totals.ts";
export { listFlaggedOrders } from "./list-flagged-orders.ts";
export { listSuspicionReports, suspicionReportsOfOrder } from "./list-suspicion-reports.ts";
export { isMlro } from "./mlro.ts";
export { placeOnHold } from "./place-on-hold.ts";
export { previousDayEurRateJson, toPreviousDayEurRate } from "./previous-day-eur-rate.ts";
export { raiseSuspicionReport } from "./raise-suspicion-report.ts";
export { riskFlagsOf } from "./risk-flags-of.ts";
