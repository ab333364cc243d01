import { createHash } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { countAttempt } from "../attempts/attempt-counters.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";

/** Where a verification link lands after better-auth has checked it (with ?error=… when it failed). */
export const EMAIL_VERIFIED_PAGE = "/emailVerified";
/** The page where a reset link's holder chooses the new password. */
export const RESET_PASSWORD_PAGE = "/resetPassword";

/**
 * The outbox's dedupe key (and so the Message-ID) must not carry the token itself: a hash of it keeps
 * one e-mail per link without putting a working link into mail headers.
 */
function keyOf(kind: string, token: string) {
  return `${kind}:${createHash("sha256").update(token).digest("hex").slice(0, 32)}`;
}

/**
 * At most this many verification, and as many reset, e-mails go to one address per hour. A request beyond
 * that is answered exactly like the others and sends nothing (decision 031): refusing it would let anyone
 * who knows the address block its owner's reset, and the owner still holds the links already sent.
 */
export const ACCOUNT_MAILS_PER_HOUR = 3;

/** Counts the e-mail before it is queued (one atomic upsert), so parallel requests cannot pass the cap. */
async function mayQueue(db: Db, kind: string, to: string): Promise<boolean> {
  const { count } = await countAttempt(db, `${kind}:recipient:${to.trim().toLowerCase()}`, 60 * 60_000);
  return count <= ACCOUNT_MAILS_PER_HOUR;
}

/**
 * Queues the e-mail verification message (better-auth's sendVerificationEmail). The link is ours rather
 * than the one better-auth proposes: its landing page is fixed here, so a sign-up body cannot choose
 * where a verified person is sent.
 */
export async function queueVerificationEmail(options: { db: Db; publicUrl: string; to: string; token: string }) {
  if (!(await mayQueue(options.db, "verification-mail", options.to))) return;
  const landing = encodeURIComponent(EMAIL_VERIFIED_PAGE);
  const url = `${options.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(options.token)}&callbackURL=${landing}`;
  await enqueueMail(options.db, {
    kind: "email-verification",
    dedupeKey: keyOf("email-verification", options.token),
    to: options.to,
    data: { url },
  });
}

/** Queues the password reset message (better-auth's sendResetPassword): a link to our reset page. */
export async function queuePasswordResetEmail(options: { db: Db; publicUrl: string; to: string; token: string }) {
  if (!(await mayQueue(options.db, "password-reset-mail", options.to))) return;
  const url = `${options.publicUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(options.token)}`;
  await enqueueMail(options.db, {
    kind: "password-reset",
    dedupeKey: keyOf("password-reset", options.token),
    to: options.to,
    data: { url },
  });
}
