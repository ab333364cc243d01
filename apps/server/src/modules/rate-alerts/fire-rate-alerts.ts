import { sql } from "drizzle-orm";
import { customerRate } from "@bureau/domain/pricing";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";
import { notifyMailerOnceCounting } from "../mail/index.ts";

export type FiredAlerts = { code: string; collectRate: string; queued: number };

/**
 * Fires the active alerts our Click & Collect rates have reached: per currency with active alerts, one
 * statement marks every alert whose target the rate reaches `triggered` and writes its e-mail to the
 * outbox (UPDATE ... RETURNING feeding INSERT ... SELECT), so a hundred thousand alerts are queued at
 * once through the partial index on (currency, target) of the active ones. An alert fires once: the
 * update takes only `active` rows (a second runner's statement waits on the row locks and then finds
 * them triggered), and the outbox's dedupe key allows one e-mail per alert whatever happens.
 */
export async function fireRateAlerts({ db }: { db: Db }): Promise<FiredAlerts[]> {
  // Only currencies with an active alert are looked at (an index probe each through the partial index).
  const watched = await queryRows<{ code: string; rate: string; sell_margin: string }>(
    db,
    sql`select c.code, c.rate::text as rate, c.sell_margin::text as sell_margin from currencies c
        where c.active and exists (select 1 from rate_alerts a where a.currency_code = c.code and a.status = 'active')
        order by c.code`,
  );
  const fired: FiredAlerts[] = [];
  for (const currency of watched) {
    // The customer's rate for buying the currency, as everywhere else (packages/domain pricing).
    const collectRate = customerRate(currency.rate, currency.sell_margin);
    const [row] = await queryRows<{ queued: number }>(
      db,
      sql`with fired as (
          update rate_alerts set status = 'triggered', triggered_at = now(), triggered_rate = ${collectRate}::numeric
          where currency_code = ${currency.code} and status = 'active' and target <= ${collectRate}::numeric
          returning id, email),
        queued as (
          insert into outbox (kind, dedupe_key, payload)
          select 'rate-alert-triggered', 'rate-alert-triggered:' || id,
            jsonb_build_object('to', email, 'data', jsonb_build_object('alertId', id))
          from fired
          on conflict (dedupe_key) do nothing
          returning id)
        ${notifyMailerOnceCounting("queued")}`,
    );
    if (row && row.queued > 0) fired.push({ code: currency.code, collectRate, queued: row.queued });
  }
  return fired;
}
