import { and, eq, sql } from "drizzle-orm";
import { users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { accountLinkProblem } from "./account-link-problem.ts";
import type { AccountLinks } from "./account-links.ts";

export const NOT_ME_ALREADY_CONFIRMED_MESSAGE =
  "This account's address was confirmed by its owner, so it was not deleted. If you did not create it, choose a new password with Forgot password? on the sign-in page: that signs everyone else out.";

/**
 * "This wasn't me" (decision 030): the owner of an address removes an account someone else created
 * with it, before it was confirmed. The token proves the mailbox; the account goes only while its address
 * is unconfirmed and it is a customer account, and only the account itself goes: its sessions and
 * sign-in methods with it (they cascade), nothing else (orders, alerts, messages stay as they are).
 * A second use finds nothing and answers the same as the first.
 */
export async function deleteUnclaimedAccount({
  db,
  links,
  token,
}: {
  db: Db;
  links: AccountLinks;
  token: string;
}): Promise<{ deleted: boolean }> {
  const reading = links.read("not-me", token);
  if (!reading.ok) throw accountLinkProblem("not-me", reading.reason);
  const { claims } = reading;
  const [account] = await db
    .select({ emailVerified: users.emailVerified, role: users.role })
    .from(users)
    .where(and(eq(users.id, claims.userId), sql`lower(${users.email}) = ${claims.email}`));
  if (!account) return { deleted: false };
  if (account.emailVerified || account.role !== "user")
    throw new AppError("conflict", NOT_ME_ALREADY_CONFIRMED_MESSAGE);
  const removed = await db
    .delete(users)
    .where(
      and(
        eq(users.id, claims.userId),
        sql`lower(${users.email}) = ${claims.email}`,
        eq(users.emailVerified, false),
        eq(users.role, "user"),
      ),
    )
    .returning({ id: users.id });
  return { deleted: removed.length > 0 };
}
