import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { channels } from "../../db/notify.ts";

/**
 * Records a currency's prices as they now stand (market rate, source and both margins) in its rate
 * history, read from the currencies row itself: call it after writing that row, in the same transaction.
 * Every change of a rate or a margin goes through here (the live refresh, staff adding a currency,
 * changing its margins or confirming a held rate), so the history charts what customers were offered.
 * The same statement wakes the rate-alerts job (jobs/rate-alerts.ts), delivered when the change commits.
 */
export async function recordCurrentRate(tx: Db | Tx, code: string): Promise<void> {
  await tx.execute(sql`
    WITH recorded AS (
      INSERT INTO rate_history (currency_code, rate, sell_margin, buy_margin, source)
      SELECT code, rate, sell_margin, buy_margin, source FROM currencies WHERE code = ${code}
      RETURNING 1)
    SELECT pg_notify(${channels.rateAlerts}, '') FROM recorded`);
}
