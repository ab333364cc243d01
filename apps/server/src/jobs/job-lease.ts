import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { settings } from "../db/schema.ts";
import { queryRows } from "../lib/postgres.ts";

const leaseKey = (job: string) => `job_lease:${job}`;

/**
 * Takes or renews the lease of `job` for `holder`. Only the holder runs the job, so with several server
 * instances on one database there is one runner; a crashed holder's lease runs out and another instance
 * takes over. The lease is a row of the settings table, so it works the same on PGlite and PostgreSQL.
 */
export async function acquireJobLease(db: Db, job: string, holder: string, seconds: number): Promise<boolean> {
  await db
    .insert(settings)
    .values({ key: leaseKey(job), value: { holder: null, until: new Date(0).toISOString() } })
    .onConflictDoNothing();
  const taken = await queryRows<{ key: string }>(
    db,
    sql`
    update settings set value = jsonb_build_object('holder', ${holder}::text,
      'until', (now() + make_interval(secs => ${seconds}))::text), updated_at = now()
    where key = ${leaseKey(job)} and ((value->>'until')::timestamptz < now() or value->>'holder' = ${holder})
    returning key`,
  );
  return taken.length === 1;
}

/** Gives the lease up at once (on a clean stop), so that another instance need not wait for it to run out. */
export async function releaseJobLease(db: Db, job: string, holder: string): Promise<void> {
  await db.execute(sql`
    update settings set value = jsonb_build_object('holder', null, 'until', '1970-01-01T00:00:00Z'), updated_at = now()
    where key = ${leaseKey(job)} and value->>'holder' = ${holder}`);
}

/** Who holds the lease of `job` now (null when nobody does). */
export async function jobLeaseHolder(db: Db, job: string): Promise<string | null> {
  const [lease] = await queryRows<{ holder: string | null }>(
    db,
    sql`
    select value->>'holder' as holder from settings
    where key = ${leaseKey(job)} and (value->>'until')::timestamptz >= now()`,
  );
  return lease?.holder ?? null;
}
