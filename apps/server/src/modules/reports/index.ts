export { getDayReport } from "./get-day-report.ts";
