import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { secondFactorEnrolmentLinks } from "../../db/auth-schema.ts";
import type { Db, Tx } from "../../db/client.ts";
import { enqueueMail } from "../mail/index.ts";

/** How long an enrolment link works. */
export const ENROLMENT_LINK_TTL_HOURS = 72;
/** The page the link opens; the token rides in its `enrol` parameter. */
export const ENROLMENT_PAGE = "/account/authenticator";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issues the link a staff member sets up their authenticator with (docs/decisions/032), and queues it by
 * e-mail to their verified address in the same transaction as the change that asked for it (Make Admin,
 * a reset). Holding the account's password is not enough to enrol: the person must also read that
 * mailbox. Replaces any earlier link of theirs; only the token's hash is kept. Answers the link.
 */
export async function issueEnrolmentLink(options: {
  db: Db | Tx;
  userId: string;
  email: string;
  issuedBy: string;
  publicUrl: string;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const values = {
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + ENROLMENT_LINK_TTL_HOURS * 3_600_000),
    issuedBy: options.issuedBy,
    createdAt: now,
  };
  await options.db
    .insert(secondFactorEnrolmentLinks)
    .values({ userId: options.userId, ...values })
    .onConflictDoUpdate({ target: secondFactorEnrolmentLinks.userId, set: values });
  const url = `${options.publicUrl}${ENROLMENT_PAGE}?enrol=${encodeURIComponent(token)}`;
  await enqueueMail(options.db, {
    kind: "second-factor-enrolment",
    // The key must not carry the token: a hash of it keeps one e-mail per link.
    dedupeKey: `second-factor-enrolment:${values.tokenHash.slice(0, 32)}`,
    to: options.email,
    data: { url, validHours: ENROLMENT_LINK_TTL_HOURS },
  });
  return url;
}

/** Whether `token` is this person's live enrolment link (compared as hashes, in constant time). */
export async function isLiveEnrolmentLink(db: Db | Tx, userId: string, token: string): Promise<boolean> {
  const [link] = await db
    .select({ tokenHash: secondFactorEnrolmentLinks.tokenHash })
    .from(secondFactorEnrolmentLinks)
    .where(and(eq(secondFactorEnrolmentLinks.userId, userId), gt(secondFactorEnrolmentLinks.expiresAt, new Date())));
  if (!link) return false;
  return timingSafeEqual(Buffer.from(link.tokenHash), Buffer.from(hashOf(token)));
}

/** Uses the link up once the authenticator it was for is confirmed. */
export async function removeEnrolmentLink(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(secondFactorEnrolmentLinks).where(eq(secondFactorEnrolmentLinks.userId, userId));
}
