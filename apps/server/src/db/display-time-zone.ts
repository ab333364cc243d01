import { DEFAULT_DISPLAY_TIME_ZONE } from "@bureau/domain/dates";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows } from "../lib/postgres.ts";
import { readSetting, type SettingDefinition, writeSetting } from "../lib/settings-store.ts";
import type { Db } from "./client.ts";

/**
 * The zone by whose calendar days the rollups (order statistics, daily rates) are grouped. Their
 * triggers read it from this settings row (bureau_display_day, migration 0007), so the fallback must
 * stay the one written there.
 */
export const displayTimeZoneSetting: SettingDefinition<string> = {
  key: "display_time_zone",
  schema: z.string().min(1),
  fallback: DEFAULT_DISPLAY_TIME_ZONE,
};

/**
 * Makes the database group by the configured DISPLAY_TIME_ZONE, at every start. When the zone
 * changed since the rollups were built, they are rebuilt from the orders and the rate readings in
 * the same transaction, with their writes held back meanwhile so that none is counted by the old
 * zone's day.
 */
export async function applyDisplayTimeZone(db: Db, timeZone: string): Promise<{ rebuilt: boolean }> {
  const [known] = await queryRows<{ known: boolean }>(
    db,
    sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`,
  );
  if (!known?.known) throw new Error(`DISPLAY_TIME_ZONE: PostgreSQL does not know the time zone ${timeZone}.`);
  if ((await readSetting(db, displayTimeZoneSetting)) === timeZone) return { rebuilt: false };
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table orders, order_lines, rate_history in share row exclusive mode`);
    // Another instance may have applied it while this one waited for the lock.
    if ((await readSetting(tx, displayTimeZoneSetting)) === timeZone) return { rebuilt: false };
    await writeSetting(tx, displayTimeZoneSetting, timeZone);
    await tx.execute(sql`select bureau_rebuild_stats()`);
    await tx.execute(sql`select bureau_rebuild_rate_daily()`);
    return { rebuilt: true };
  });
}
