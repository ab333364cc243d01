import { and, eq, ne, sql } from "drizzle-orm";
import { sessions, users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AccountLinks } from "./account-links.ts";
import { accountLinkProblem } from "./account-link-problem.ts";

export const VERIFY_OTHER_ACCOUNT_MESSAGE =
  "This link was sent for another account. Sign out, then sign in with the account created with this e-mail address.";

/**
 * The account confirms its own e-mail address (decision 030): the link's token must name the signed-in
 * account and its current address. Only then the address counts as verified, and every other session of
 * the account ends, so that whoever else may have been signed in to it (a stranger who signed up with
 * this address first) is out. Confirming again changes nothing more than ending the other sessions.
 */
export async function confirmEmailAddress({
  db,
  links,
  token,
  signedIn,
}: {
  db: Db;
  links: AccountLinks;
  token: string;
  signedIn: { sessionId: string; userId: string; email: string };
}): Promise<{ emailVerified: true; otherSessionsEnded: number }> {
  const reading = links.read("verify-email", token);
  if (!reading.ok) throw accountLinkProblem("verify-email", reading.reason);
  const { claims } = reading;
  if (claims.userId !== signedIn.userId || claims.email !== signedIn.email.toLowerCase()) {
    throw new AppError("forbidden", VERIFY_OTHER_ACCOUNT_MESSAGE);
  }
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ emailVerified: true, legacyLinkVerified: false, updatedAt: sql`now()` })
      .where(and(eq(users.id, claims.userId), sql`lower(${users.email}) = ${claims.email}`))
      .returning({ id: users.id });
    if (updated.length === 0) throw accountLinkProblem("verify-email", "invalid");
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, claims.userId), ne(sessions.id, signedIn.sessionId)))
      .returning({ id: sessions.id });
    return { emailVerified: true as const, otherSessionsEnded: ended.length };
  });
}
