import { and, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attemptCounters } from "../../db/schema.ts";

export type AttemptCount = { count: number; windowEndsAt: Date };

/**
 * Adds one to a counter in one statement (an upsert), so that concurrent requests on any number of
 * server instances never lose a count. A counter whose window has ended starts again at 1.
 */
export async function countAttempt(db: Db, key: string, windowMs: number): Promise<AttemptCount> {
  const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000}::double precision)`;
  const expired = sql`${attemptCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${attemptCounters.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then ${windowEnd} else ${attemptCounters.windowEndsAt} end`,
      },
    })
    .returning({ count: attemptCounters.count, windowEndsAt: attemptCounters.windowEndsAt });
  return row!;
}

/** The live (not yet expired) counters among `keys`. */
export async function readAttemptCounts(db: Db, keys: string[]): Promise<Map<string, AttemptCount>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(attemptCounters)
    .where(and(inArray(attemptCounters.key, keys), gt(attemptCounters.windowEndsAt, sql`now()`)));
  return new Map(rows.map((row) => [row.key, { count: row.count, windowEndsAt: row.windowEndsAt }]));
}

export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(attemptCounters).where(inArray(attemptCounters.key, keys));
}

/** Expired counters are only clutter: removed now and then by whoever counts. */
export async function removeExpiredAttempts(db: Db): Promise<void> {
  await db.delete(attemptCounters).where(lte(attemptCounters.windowEndsAt, sql`now()`));
}
