import { sql } from "drizzle-orm";
import { type RateAlertAnswer, rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";
import type { AlertLinks } from "./alert-links.ts";
import { alertOfLink, rateAlertView, waitingAlert } from "./rate-alert-state.ts";

/** What the unsubscribe link's page shows before the customer presses the button (no change). */
export async function openRateAlertUnsubscribe({ db, links, token }: { db: Db; links: AlertLinks; token: string }) {
  return rateAlertView(await alertOfLink(db, links.alertIdOfUnsubscribe(token)));
}

/**
 * The unsubscribe link of any alert e-mail (its page's button, or a mail system's one-click POST of
 * RFC 8058): stops every alert of that address still waiting, unconfirmed (and not lapsed) or on, as "unsubscribe" means
 * "stop e-mailing me". Nothing waiting is refused with the reason (already unsubscribed, or the alert
 * was sent and has ended), and changes nothing.
 */
export async function unsubscribeRateAlerts({
  db,
  links,
  token,
}: {
  db: Db;
  links: AlertLinks;
  token: string;
}): Promise<RateAlertAnswer> {
  const alert = await alertOfLink(db, links.alertIdOfUnsubscribe(token));
  const stopped = await queryRows<{ id: string }>(
    db,
    sql`update rate_alerts a set status = 'unsubscribed', unsubscribed_at = now()
        where lower(a.email) = lower(${alert.email}) and ${waitingAlert("a")}
        returning a.id`,
  );
  if (stopped.length === 0) {
    throw new AppError(
      "conflict",
      alert.lapsed
        ? rateAlertMessages.lapsedNothingWaiting
        : alert.status === "triggered"
          ? rateAlertMessages.nothingWaiting
          : rateAlertMessages.alreadyUnsubscribed,
    );
  }
  const after = await alertOfLink(db, alert.id);
  return { alert: rateAlertView(after), message: rateAlertMessages.unsubscribed(stopped.length) };
}
