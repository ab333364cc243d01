import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";

/** An account whose address is not confirmed within this many days is removed (decision 030). */
export const UNVERIFIED_ACCOUNT_LIFETIME_DAYS = 7;

const BATCH = 500;

/**
 * Removes the customer accounts created with an e-mail address and password whose address was never
 * confirmed, 7 days after sign-up: an address someone else may have signed up with does not stay taken.
 * Only the account goes, with what cascades from it (sessions, sign-in methods, photo); orders, alerts and
 * messages are kept as they are. Accounts that sign in through a provider (Google, OpenID Connect), staff
 * accounts, confirmed ones, and those verified by the old link that must confirm again, are never touched. Works in batches, skipping
 * rows another transaction holds (taken at the next run).
 */
export async function removeUnverifiedAccounts({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const createdBefore = new Date(now.getTime() - UNVERIFIED_ACCOUNT_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (;;) {
    const batch = await queryRows<{ id: string }>(
      db,
      sql`with due as (
          select u.id from users u
          where u.email_verified = false and u.role = 'user' and not u.legacy_link_verified
            and u.created_at < ${createdBefore.toISOString()}::timestamptz
            and exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential')
            and not exists (select 1 from accounts a where a.user_id = u.id and a.provider_id <> 'credential')
          limit ${BATCH}
          for update skip locked)
        delete from users u using due where u.id = due.id
        returning u.id`,
    );
    removed += batch.length;
    if (batch.length < BATCH) return removed;
  }
}
