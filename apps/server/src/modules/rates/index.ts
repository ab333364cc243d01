export { getRateHistory } from "./get-rate-history.ts";
export { getStaffWarnings } from "./get-staff-warnings.ts";
export { importReferenceRates } from "./import-reference-rates.ts";
export { createRateProvider, type RateProvider, RateProviderError } from "./rate-provider.ts";
export { recordCurrentRate } from "./record-rate.ts";
export { REFERENCE_AS_OF } from "./reference-rates.ts";
export {
  confirmHeldRateMove,
  getRefreshState,
  isRefreshDue,
  readRefreshFailingSince,
  REFRESH_INTERVAL_SECONDS,
  refreshAllRates,
  setRefreshEnabled,
} from "./refresh-rates.ts";
