import { and, eq, sql } from "drizzle-orm";
import { users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { orders, rateAlerts } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../audit/index.ts";
import { accountLinkProblem } from "./account-link-problem.ts";
import type { AccountLinks } from "./account-links.ts";

export const CLOSE_OTHER_ACCOUNT_MESSAGE =
  "This link was sent for another account. Sign out, then sign in with the account you want to close.";
export const CLOSE_STAFF_ACCOUNT_MESSAGE =
  "Staff accounts are closed by the bureau, not from the profile page. Ask an administrator.";

/**
 * A customer closes their account (decision 030), from the e-mailed link, signed in as that account: the
 * link proves the mailbox, the session proves the account. In one transaction the account goes with its
 * sessions, sign-in methods and photo (they cascade) and the rate alerts of its address; its orders are
 * business records the regulations make us keep, so they stay, unlinked from the account, and are
 * anonymised when their retention period ends (docs/features/retention-and-data-rights.md), like a guest's. The audit entry names the
 * account by id only.
 */
export async function closeAccount({
  db,
  links,
  token,
  signedIn,
  requestId,
}: {
  db: Db;
  links: AccountLinks;
  token: string;
  signedIn: { userId: string; email: string; role: string };
  requestId?: string;
}): Promise<{ rateAlertsRemoved: number; ordersKept: number }> {
  const reading = links.read("close-account", token);
  if (!reading.ok) throw accountLinkProblem("close-account", reading.reason);
  const { claims } = reading;
  if (claims.userId !== signedIn.userId || claims.email !== signedIn.email.toLowerCase()) {
    throw new AppError("forbidden", CLOSE_OTHER_ACCOUNT_MESSAGE);
  }
  if (signedIn.role !== "user") throw new AppError("forbidden", CLOSE_STAFF_ACCOUNT_MESSAGE);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(users)
      .where(and(eq(users.id, claims.userId), sql`lower(${users.email}) = ${claims.email}`, eq(users.role, "user")))
      .returning({ id: users.id });
    if (removed.length === 0) throw accountLinkProblem("close-account", "invalid");
    const alerts = await tx
      .delete(rateAlerts)
      .where(sql`lower(${rateAlerts.email}) = ${claims.email}`)
      .returning({ id: rateAlerts.id });
    const kept = await tx
      .update(orders)
      .set({ userId: null })
      .where(eq(orders.userId, claims.userId))
      .returning({ id: orders.id });
    await writeAudit(tx, {
      actorId: null,
      actorEmail: null,
      action: "account.close",
      entityType: "user",
      entityId: claims.userId,
      after: { rateAlertsRemoved: alerts.length, ordersKept: kept.length },
      requestId: requestId ?? null,
    });
    return { rateAlertsRemoved: alerts.length, ordersKept: kept.length };
  });
}
