import type { RateHistoryResponse } from "@bureau/domain/contracts/rate-history";
import type { ApiClient } from "../../lib/api-client.ts";

export function getRateHistory(api: ApiClient, code: string, range: string): Promise<RateHistoryResponse> {
  return api.rates.history({ code, query: new URLSearchParams({ range }) });
}
