export { getStatistics } from "./get-statistics.ts";
