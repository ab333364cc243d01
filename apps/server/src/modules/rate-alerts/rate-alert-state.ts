import { myRateAlertMessages } from "@bureau/domain/rate-alert-account";
import { type SQL, sql } from "drizzle-orm";
import { type RateAlertView, rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import { customerRate, trimDecimal } from "@bureau/domain/pricing";
import { RATE_ALERT_CONFIRM_DAYS, type RateAlertStatus, rateAlertTargetMet } from "@bureau/domain/rate-alerts";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";

/** How long a confirmation link works (RATE_ALERT_CONFIRM_DAYS), as an interval literal. */
export const confirmationLifetime = sql.raw(`interval '${RATE_ALERT_CONFIRM_DAYS} days'`);

/** Whether the alert `alias` (a rate_alerts row) was never confirmed and its confirmation link has lapsed. */
export function lapsedAlert(alias: string): SQL {
  const a = sql.identifier(alias);
  return sql`(${a}.status = 'pending' and ${a}.created_at <= now() - ${confirmationLifetime})`;
}

/**
 * Whether the alert `alias` is still waiting: on, paused by its owner, or unconfirmed with a link that still
 * works. What an unsubscribe stops, and what the cap of alerts per address counts.
 */
export function waitingAlert(alias: string): SQL {
  const a = sql.identifier(alias);
  return sql`(${a}.status in ('pending', 'active', 'paused') and not ${lapsedAlert(alias)})`;
}

/**
 * Our Click & Collect rate for a currency on offer (what alerts are measured against, as the job fires
 * them: `customerRate()` with the sell margin), or null when the currency is not offered.
 */
export async function currentCollectRate(db: Db | Tx, code: string): Promise<string | null> {
  const [currency] = await queryRows<{ rate: string; sell_margin: string }>(
    db,
    sql`select rate::text as rate, sell_margin::text as sell_margin from currencies where code = ${code} and active`,
  );
  return currency ? customerRate(currency.rate, currency.sell_margin) : null;
}

/**
 * Refuses a target our rate already meets (an alert for it would fire at once), naming the rate: at the
 * target field, so that the form shows it there.
 */
export function refuseTargetAlreadyMet(target: string, collectRate: string, code: string) {
  if (!rateAlertTargetMet(target, collectRate)) return;
  const message = myRateAlertMessages.alreadyMet(trimDecimal(collectRate), code);
  throw new AppError("validation_failed", message, { target: message });
}

export type RateAlertRow = {
  id: string;
  code: string;
  label: string;
  target: string;
  email: string;
  status: RateAlertStatus;
  lapsed: boolean;
  triggered_rate: string | null;
  /** When the alert fired: its e-mail dates the rate it reports (docs/features/rates-say-how-old-they-are.md). */
  triggered_at: Date | string | null;
};

/** One alert with its currency's label and how many alerts of its address are still waiting. */
export async function loadRateAlert(
  db: Db | Tx,
  alertId: string,
): Promise<(RateAlertRow & { waiting: number }) | null> {
  const [row] = await queryRows<RateAlertRow & { waiting: number }>(
    db,
    sql`select a.id, a.currency_code as code, c.label, a.target::text as target, a.email, a.status,
          ${lapsedAlert("a")} as lapsed, a.triggered_rate::text as triggered_rate,
          a.triggered_at,
          (select count(*)::int from rate_alerts w
            where lower(w.email) = lower(a.email) and ${waitingAlert("w")}) as waiting
        from rate_alerts a join currencies c on c.code = a.currency_code
        where a.id = ${alertId}`,
  );
  return row ?? null;
}

export function rateAlertView(row: RateAlertRow & { waiting: number }): RateAlertView {
  return {
    code: row.code,
    label: row.label,
    target: trimDecimal(row.target),
    status: row.lapsed ? "lapsed" : row.status,
    waiting: row.waiting,
  };
}

/** The alert behind a link's id, or the one answer for any link we did not sign or whose alert is gone. */
export async function alertOfLink(db: Db | Tx, alertId: string | null) {
  const row = alertId ? await loadRateAlert(db, alertId) : null;
  if (!row) throw new AppError("not_found", rateAlertMessages.linkInvalid);
  return row;
}
