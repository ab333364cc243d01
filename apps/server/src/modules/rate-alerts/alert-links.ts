import { createIdSigner } from "../../lib/signed-ids.ts";

/**
 * The links of the rate-alert e-mails: confirm (double opt-in) and unsubscribe, each signed for its own
 * purpose (lib/signed-ids.ts), so a confirmation link cannot unsubscribe and the reverse. The pages they
 * open only show a button: the change itself is a POST. The unsubscribe link also goes in the
 * List-Unsubscribe header as the API address that takes the one-click POST of RFC 8058.
 */
export type AlertLinks = {
  confirmToken(alertId: string): string;
  unsubscribeToken(alertId: string): string;
  alertIdOfConfirm(token: string): string | null;
  alertIdOfUnsubscribe(token: string): string | null;
  confirmUrl(alertId: string): string;
  unsubscribeUrl(alertId: string): string;
  /** Where a mail system posts `List-Unsubscribe=One-Click` (RFC 8058). */
  oneClickUnsubscribeUrl(alertId: string): string;
};

export function createAlertLinks({ authSecret, publicUrl }: { authSecret: string; publicUrl: string }): AlertLinks {
  const confirm = createIdSigner({ authSecret, purpose: "harbour-fx rate alert confirm v1" });
  const unsubscribe = createIdSigner({ authSecret, purpose: "harbour-fx rate alert unsubscribe v1" });
  return {
    confirmToken: confirm.tokenFor,
    unsubscribeToken: unsubscribe.tokenFor,
    alertIdOfConfirm: confirm.idOf,
    alertIdOfUnsubscribe: unsubscribe.idOf,
    confirmUrl: (id) => `${publicUrl}/alerts/confirm/${confirm.tokenFor(id)}`,
    unsubscribeUrl: (id) => `${publicUrl}/alerts/unsubscribe/${unsubscribe.tokenFor(id)}`,
    oneClickUnsubscribeUrl: (id) => `${publicUrl}/api/rate-alerts/unsubscribe/${unsubscribe.tokenFor(id)}`,
  };
}
