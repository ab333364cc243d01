import type {
  CreateRateAlertRequest,
  CreateRateAlertResponse,
  RateAlertAnswer,
  RateAlertView,
} from "@bureau/domain/contracts/rate-alerts";
import type { ApiClient } from "../../lib/api-client.ts";

export function createRateAlert(api: ApiClient, code: string, request: CreateRateAlertRequest) {
  return api.call<CreateRateAlertResponse>("POST", `/api/currencies/${encodeURIComponent(code)}/alerts`, request);
}

/** The alert behind an e-mail's link: `confirm` or `unsubscribe` (reading it changes nothing). */
export function openRateAlertLink(api: ApiClient, step: "confirm" | "unsubscribe", token: string) {
  return api.call<RateAlertView>("GET", `/api/rate-alerts/${step}/${encodeURIComponent(token)}`);
}

/** The link's step itself, from its page's button (a POST). */
export function takeRateAlertStep(api: ApiClient, step: "confirm" | "unsubscribe", token: string) {
  return api.call<RateAlertAnswer>("POST", `/api/rate-alerts/${step}/${encodeURIComponent(token)}`);
}
