import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { CurrentSession } from "../../lib/current-session.ts";
import { writeAudit } from "../audit/index.ts";
import { hasSecondFactor } from "./has-second-factor.ts";
import { checkSecondFactorCode } from "./staff-second-factor.ts";

type Credentials = { username: string; password: string };

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Compares the Secure Box credentials in constant time: both values are hashed to 32 bytes first (so
 * their lengths leak nothing) and both comparisons always run (no early exit on a wrong username).
 * `equal` is only replaceable so that a test can observe the comparisons.
 */
export function secureBoxCredentialsMatch(
  expected: Credentials,
  given: Credentials,
  equal: (a: Buffer, b: Buffer) => boolean = timingSafeEqual,
): boolean {
  const usernameMatches = equal(digest(expected.username), digest(given.username));
  const passwordMatches = equal(digest(expected.password), digest(given.password));
  return usernameMatches && passwordMatches;
}

export const SET_UP_AUTHENTICATOR_FIRST = "Set up your authenticator first: the Secure Box asks for the code it shows.";

/**
 * Admins without a confirmed authenticator cannot open the Secure Box at all (docs/decisions/011):
 * they are sent to set one up first. Refused before any comparison, so nothing is counted.
 */
export async function requireAuthenticator(db: Db, userId: string) {
  if (!(await hasSecondFactor(db, userId))) throw new AppError("forbidden", SET_UP_AUTHENTICATOR_FIRST);
}

/**
 * The Secure Box step (PRODUCT.md §2.8): an admin's session becomes staff-verified when the
 * server-held credentials match and the current code of the admin's authenticator (or one of its
 * recovery codes) is given too. Every attempt by an admin is audited, successful or not.
 * Signed-in non-admins are refused before any comparison, so only staff accounts can try at all.
 */
export async function verifySecureBox(options: {
  db: Db;
  authSecret: string;
  expected: Credentials;
  current: CurrentSession;
  given: Credentials & { code?: string | undefined };
  requestId: string;
}): Promise<{ staffVerifiedAt: Date }> {
  const { db, current, requestId } = options;
  if (current.user.role === "user") {
    throw new AppError("forbidden", "The Secure Box is for staff accounts only.");
  }
  await requireAuthenticator(db, current.user.id);
  const actor = { actorId: current.user.id, actorEmail: current.user.email, requestId };
  const credentialsMatch = secureBoxCredentialsMatch(options.expected, options.given);
  const codeMatches =
    credentialsMatch &&
    options.given.code !== undefined &&
    (await checkSecondFactorCode({
      db,
      authSecret: options.authSecret,
      userId: current.user.id,
      code: options.given.code,
    }));
  if (!credentialsMatch || !codeMatches) {
    await writeAudit(db, {
      ...actor,
      action: "secure_box.failed",
      entityType: "user",
      entityId: current.user.id,
    });
    throw new AppError("forbidden", "The Secure Box username, password or authenticator code is not correct.");
  }
  const staffVerifiedAt = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ staffVerifiedAt, updatedAt: staffVerifiedAt })
      .where(eq(sessions.id, current.sessionId));
    await writeAudit(tx, {
      ...actor,
      action: "secure_box.verified",
      entityType: "user",
      entityId: current.user.id,
      after: { staffVerifiedAt: staffVerifiedAt.toISOString() },
    });
  });
  return { staffVerifiedAt };
}
