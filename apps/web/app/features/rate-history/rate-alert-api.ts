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

/** "My rate alerts": the signed-in customer's alerts (those of their verified address), newest first. */
export function listMyRateAlerts(api: ApiClient) {
  return api.account.rateAlerts.list();
}

/** Pauses, switches back on or deletes one of the signed-in customer's own alerts. */
export function changeMyRateAlert(api: ApiClient, change: "pause" | "resume" | "delete", id: string) {
  if (change === "pause") return api.account.rateAlerts.pause({ id });
  if (change === "resume") return api.account.rateAlerts.resume({ id });
  return api.account.rateAlerts.remove({ id });
}
