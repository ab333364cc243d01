import type { Db } from "../../db/client.ts";
import type { RateAlertMailContent } from "../mail/index.ts";
import type { AlertLinks } from "./alert-links.ts";
import { loadRateAlert } from "./rate-alert-state.ts";

/** What a rate-alert e-mail shows of the alert as stored now, with its signed links (mail's loader); null when gone. */
export async function loadRateAlertMail(
  db: Db,
  alertId: string,
  links: AlertLinks,
): Promise<RateAlertMailContent | null> {
  const alert = await loadRateAlert(db, alertId);
  if (!alert) return null;
  return {
    code: alert.code,
    label: alert.label,
    target: alert.target,
    triggeredRate: alert.triggered_rate,
    triggeredAt: alert.triggered_at,
    confirmUrl: links.confirmUrl(alert.id),
    unsubscribeUrl: links.unsubscribeUrl(alert.id),
    oneClickUnsubscribeUrl: links.oneClickUnsubscribeUrl(alert.id),
  };
}
