import { randomInt } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attemptCounters } from "../../db/schema.ts";
import { queryRowsPrepared } from "../../lib/postgres.ts";

export type AttemptCount = { count: number; windowEndsAt: Date };

/**
 * Adds one to a counter in one statement (an upsert), so that concurrent requests on any number of
 * server instances never lose a count. A counter whose window has ended starts again at 1.
 *
 * Every rate-limited request runs it (a placement twice: its quote and its order), so it is a named
 * prepared statement on a PostgreSQL server (`queryRowsPrepared`): parsed once per pooled connection
 * instead of at every call, where the parse cost as much as the upsert (`npm run bench:statements`).
 */
export async function countAttempt(db: Db, key: string, windowMs: number): Promise<AttemptCount> {
  const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000}::double precision)`;
  const expired = sql`${attemptCounters.windowEndsAt} <= now()`;
  const upsert = db
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
  // Raw rows carry the column names; the drivers answer a timestamp as a Date or as its text.
  const [row] = await queryRowsPrepared<{ count: number; window_ends_at: Date | string }>(db, upsert.getSQL());
  if (!row) throw new Error(`Counting an attempt of ${key} returned no row`);
  return { count: Number(row.count), windowEndsAt: new Date(row.window_ends_at) };
}

export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(attemptCounters).where(inArray(attemptCounters.key, keys));
}

/** Expired counters are only clutter: removed now and then by whoever counts. */
export async function removeExpiredAttempts(db: Db): Promise<void> {
  await db.delete(attemptCounters).where(lte(attemptCounters.windowEndsAt, sql`now()`));
}

/**
 * Gives back one provisional count: the attempt was counted before it was judged (so that parallel
 * attempts cannot pass a cap together) and turned out not to be a failure. Never below zero.
 */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(attemptCounters)
    .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
    .where(eq(attemptCounters.key, key));
}

/**
 * Takes a short exclusive lease named `key`, in one conditional upsert: answers a token when it was free
 * (or its holder's lease ran out), undefined while someone else holds it. The token (kept in the count
 * column, a lease has no count) lets only its holder give it back; a holder that died frees it when the
 * lease ends. No transaction is held open, so it works the same on the embedded database's one connection.
 */
export async function takeLease(db: Db, key: string, leaseMs: number): Promise<number | undefined> {
  const token = randomInt(1, 2 ** 31 - 1);
  const leaseEnd = sql`now() + make_interval(secs => ${leaseMs / 1000}::double precision)`;
  const rows = await db
    .insert(attemptCounters)
    .values({ key, count: token, windowEndsAt: leaseEnd })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: { count: token, windowEndsAt: leaseEnd },
      setWhere: sql`${attemptCounters.windowEndsAt} <= now()`,
    })
    .returning({ token: attemptCounters.count });
  return rows[0]?.token;
}

export async function releaseLease(db: Db, key: string, token: number): Promise<void> {
  await db.delete(attemptCounters).where(and(eq(attemptCounters.key, key), eq(attemptCounters.count, token)));
}
