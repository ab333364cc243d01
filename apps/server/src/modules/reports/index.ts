export { DAY_REPORT_CSV_HEADER, dayReportCsv } from "./day-report-csv.ts";
export { getDayReport } from "./get-day-report.ts";
