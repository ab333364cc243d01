import { sql } from "drizzle-orm";
import { rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import { RATE_ALERT_MAX_PER_EMAIL } from "@bureau/domain/rate-alerts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";
import { enqueueMail } from "../mail/index.ts";
import { waitingAlert } from "./rate-alert-state.ts";

/**
 * A new rate alert, waiting for its confirmation (double opt-in): nothing is sent to the address but
 * the confirmation e-mail until its owner opens the link (within RATE_ALERT_CONFIRM_DAYS, or the alert
 * lapses). An address may have RATE_ALERT_MAX_PER_EMAIL alerts waiting (lapsed ones do not count); the count and the insert are serialised per address (a transaction lock on it), so
 * two requests at once cannot both take the last place.
 */
export async function createRateAlert({
  db,
  code,
  target,
  email,
}: {
  db: Db;
  /** Upper-case currency code. */
  code: string;
  /** Canonical exact decimal, already checked (parseRateAlertTarget). */
  target: string;
  email: string;
}): Promise<{ alertId: string }> {
  return db.transaction(async (tx) => {
    const [currency] = await queryRows<{ code: string }>(
      tx,
      sql`select code from currencies where code = ${code} and active`,
    );
    if (!currency) throw new AppError("not_found", rateAlertMessages.unknownCurrency);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rate-alerts:' || lower(${email})))`);
    const [waiting] = await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from rate_alerts a
          where lower(a.email) = lower(${email}) and ${waitingAlert("a")}`,
    );
    if ((waiting?.count ?? 0) >= RATE_ALERT_MAX_PER_EMAIL) {
      throw new AppError("conflict", rateAlertMessages.tooMany, { email: rateAlertMessages.tooMany });
    }
    const [alert] = await queryRows<{ id: string }>(
      tx,
      sql`insert into rate_alerts (currency_code, target, email) values (${code}, ${target}::numeric, ${email})
          returning id`,
    );
    const alertId = alert!.id;
    await enqueueMail(tx, {
      kind: "rate-alert-confirm",
      dedupeKey: `rate-alert-confirm:${alertId}`,
      to: email,
      data: { alertId },
    });
    return { alertId };
  });
}
