import { sql } from "drizzle-orm";
import { rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import { RATE_ALERT_MAX_PER_EMAIL } from "@bureau/domain/rate-alerts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";
import { enqueueMail } from "../mail/index.ts";
import { currentCollectRate, refuseTargetAlreadyMet, waitingAlert } from "./rate-alert-state.ts";

/**
 * A new rate alert. Double opt-in: it waits for its confirmation and nothing is sent to the address but the
 * confirmation e-mail until its owner opens the link (within RATE_ALERT_CONFIRM_DAYS, or the alert lapses).
 * The one exception is `ownVerifiedAddress`: the signed-in customer asking for the address their account
 * has proven to be theirs has already opted in, so the alert is on at once and no e-mail goes out.
 * A target our Click & Collect rate already meets is refused with that rate (the alert would fire at once).
 * An address may have RATE_ALERT_MAX_PER_EMAIL alerts waiting (lapsed ones do not count); the count and the
 * insert are serialised per address (a transaction lock on it), so two requests at once cannot both take the
 * last place.
 */
export async function createRateAlert({
  db,
  code,
  target,
  email,
  ownVerifiedAddress = false,
}: {
  db: Db;
  /** Upper-case currency code. */
  code: string;
  /** Canonical exact decimal, already checked (parseRateAlertTarget). */
  target: string;
  email: string;
  /** The signed-in customer's own e-mail, verified: no second opt-in (the route decides, from the session). */
  ownVerifiedAddress?: boolean;
}): Promise<{ alertId: string; status: "pending" | "active" }> {
  return db.transaction(async (tx) => {
    const collectRate = await currentCollectRate(tx, code);
    if (collectRate === null) throw new AppError("not_found", rateAlertMessages.unknownCurrency);
    refuseTargetAlreadyMet(target, collectRate, code);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rate-alerts:' || lower(${email})))`);
    const [waiting] = await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from rate_alerts a
          where lower(a.email) = lower(${email}) and ${waitingAlert("a")}`,
    );
    if ((waiting?.count ?? 0) >= RATE_ALERT_MAX_PER_EMAIL) {
      throw new AppError("conflict", rateAlertMessages.tooMany, { email: rateAlertMessages.tooMany });
    }
    const status = ownVerifiedAddress ? "active" : "pending";
    const [alert] = await queryRows<{ id: string }>(
      tx,
      sql`insert into rate_alerts (currency_code, target, email, status, confirmed_at)
          values (${code}, ${target}::numeric, ${email}, ${status}, ${ownVerifiedAddress ? sql`now()` : null})
          returning id`,
    );
    const alertId = alert!.id;
    if (!ownVerifiedAddress) {
      await enqueueMail(tx, {
        kind: "rate-alert-confirm",
        dedupeKey: `rate-alert-confirm:${alertId}`,
        to: email,
        data: { alertId },
      });
    }
    return { alertId, status };
  });
}
