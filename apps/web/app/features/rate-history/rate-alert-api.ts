import type { CreateRateAlertRequest } from "@bureau/domain/contracts/rate-alerts";
import type { ApiClient } from "../../lib/api-client.ts";

export function createRateAlert(api: ApiClient, code: string, request: CreateRateAlertRequest) {
  return api.rateAlerts.create({ code, body: request });
}

/** The alert behind an e-mail's link: `confirm` or `unsubscribe` (reading it changes nothing). */
export function openRateAlertLink(api: ApiClient, step: "confirm" | "unsubscribe", token: string) {
  return step === "confirm" ? api.rateAlerts.openConfirmation({ token }) : api.rateAlerts.openUnsubscribe({ token });
}

/** The link's step itself, from its page's button (a POST). */
export function takeRateAlertStep(api: ApiClient, step: "confirm" | "unsubscribe", token: string) {
  return step === "confirm" ? api.rateAlerts.confirm({ token }) : api.rateAlerts.unsubscribe({ token });
}
