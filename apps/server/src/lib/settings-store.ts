import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../db/client.ts";
import { settings } from "../db/schema.ts";

/**
 * One named value of the settings table (JSON), with the schema it must have and the value it takes
 * while nothing valid is stored. Reading and writing go through readSetting and writeSetting only,
 * so that every setting is typed the same way and upserted the same way.
 */
export type SettingDefinition<Value> = {
  key: string;
  schema: z.ZodType<Value>;
  fallback: Value;
};

/**
 * The stored value, or the fallback when the row is missing or does not match the schema (an
 * older shape, a hand edit). `onInvalid` hears about the latter, so a caller can log it.
 */
export async function readSetting<Value>(
  db: Db | Tx,
  setting: SettingDefinition<Value>,
  onInvalid?: (problem: string) => void,
): Promise<Value> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, setting.key));
  if (!row) return setting.fallback;
  const parsed = setting.schema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  onInvalid?.(parsed.error.message);
  return setting.fallback;
}

/** Stores the value (inserted or replaced); pass the transaction that audits the change. */
export async function writeSetting<Value>(db: Db | Tx, setting: SettingDefinition<Value>, value: Value): Promise<void> {
  await db
    .insert(settings)
    .values({ key: setting.key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
