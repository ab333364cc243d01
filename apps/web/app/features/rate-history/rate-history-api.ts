import type { RateHistoryResponse } from "@bureau/domain/contracts/rate-history";
import type { ApiClient } from "../../lib/api-client.ts";

export function getRateHistory(api: ApiClient, code: string, range: string): Promise<RateHistoryResponse> {
  return api.call<RateHistoryResponse>(
    "GET",
    `/api/currencies/${encodeURIComponent(code)}/history?range=${encodeURIComponent(range)}`,
  );
}
