export { getCompareRates } from "./get-compare-rates.ts";
export { getCompetitorRates, setCompetitorRates } from "./set-competitor-rates.ts";
