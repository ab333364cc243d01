import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";

/**
 * The notification channels between server instances on one database (PostgreSQL LISTEN/NOTIFY).
 * A notification sent inside a transaction is delivered when it commits, and not at all if it rolls back.
 */
export const channels = {
  /** A message was written to the outbox: the instance running the mailer sends it now. */
  outbox: "outbox_due",
  /**
   * Currencies or their rates changed (or which ones a rate board features): every instance drops its
   * cached currency list and sends its open rate boards what changed.
   */
  currencies: "currencies_changed",
  /** Live rates were switched on: the instance running the live-rates job refreshes now. */
  liveRates: "live_rates_switched",
  /** A price changed or an alert was switched on: the instance running the rate-alerts job checks the alerts now. */
  rateAlerts: "rate_alerts_due",
  /** A UK Sanctions List was imported: every instance drops its screening index, the re-screening job runs. */
  sanctions: "sanctions_list_imported",
} as const;

export type Channel = (typeof channels)[keyof typeof channels];

export async function notify(db: Db | Tx, channel: Channel): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, '')`);
}
