import { sql } from "drizzle-orm";
import { type RateAlertAnswer, rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import type { Db } from "../../db/client.ts";
import { channels } from "../../db/notify.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";
import type { AlertLinks } from "./alert-links.ts";
import { alertOfLink, lapsedAlert, loadRateAlert, rateAlertView } from "./rate-alert-state.ts";

/** What the confirmation link's page shows before the customer presses the button (no change). */
export async function openRateAlertConfirmation({ db, links, token }: { db: Db; links: AlertLinks; token: string }) {
  return rateAlertView(await alertOfLink(db, links.alertIdOfConfirm(token)));
}

/**
 * Switches an alert on from its confirmation link (a POST from the link's page): only a `pending` alert
 * whose link has not lapsed (RATE_ALERT_CONFIRM_DAYS), once. The same statement wakes the rate-alerts job, so an alert whose target our rate already reaches
 * fires at once rather than at the next rate change.
 */
export async function confirmRateAlert({
  db,
  links,
  token,
}: {
  db: Db;
  links: AlertLinks;
  token: string;
}): Promise<RateAlertAnswer> {
  const alert = await alertOfLink(db, links.alertIdOfConfirm(token));
  const confirmed = await queryRows<{ id: string }>(
    db,
    sql`with confirmed as (
        update rate_alerts a set status = 'active', confirmed_at = now()
        where a.id = ${alert.id} and a.status = 'pending' and not ${lapsedAlert("a")} returning a.id)
      select id, pg_notify(${channels.rateAlerts}, '') from confirmed`,
  );
  if (confirmed.length === 0) {
    const now = (await loadRateAlert(db, alert.id)) ?? alert;
    const message = now.lapsed
      ? rateAlertMessages.lapsed
      : now.status === "active"
        ? rateAlertMessages.alreadyConfirmed
        : now.status === "paused"
          ? rateAlertMessages.paused
          : now.status === "triggered"
            ? rateAlertMessages.alreadyTriggered
            : rateAlertMessages.alreadyUnsubscribed;
    throw new AppError("conflict", message);
  }
  const after = await alertOfLink(db, alert.id);
  return { alert: rateAlertView(after), message: rateAlertMessages.confirmed };
}
