import { type SQL, sql } from "drizzle-orm";
import { type RateAlertView, rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import { trimDecimal } from "@bureau/domain/pricing";
import { RATE_ALERT_CONFIRM_DAYS, type RateAlertStatus } from "@bureau/domain/rate-alerts";
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
 * Whether the alert `alias` is still waiting: on, or unconfirmed with a link that still works. What an
 * unsubscribe stops, and what the cap of alerts per address counts.
 */
export function waitingAlert(alias: string): SQL {
  const a = sql.identifier(alias);
  return sql`(${a}.status in ('pending', 'active') and not ${lapsedAlert(alias)})`;
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
