import { createHash } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { countAttempt } from "../attempts/index.ts";
import { enqueueMail } from "../mail/index.ts";
import type { AccountLinks } from "./account-links.ts";

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
 * Queues the e-mail verification message (better-auth's sendVerificationEmail). Its links are ours: one
 * opens the page where the account, signed in, confirms the address by a POST (opening a link changes
 * nothing, so a mail scanner's visit or a puzzled click verifies nobody); the other, "This wasn't me",
 * opens the page where the address's owner removes an account they did not create.
 */
export async function queueVerificationEmail(options: {
  db: Db;
  links: AccountLinks;
  user: { id: string; email: string };
}) {
  if (!(await mayQueue(options.db, "verification-mail", options.user.email))) return;
  const claims = { userId: options.user.id, email: options.user.email };
  const url = options.links.urlFor("verify-email", claims);
  await enqueueMail(options.db, {
    kind: "email-verification",
    dedupeKey: keyOf("email-verification", url),
    to: options.user.email,
    data: { url, notMeUrl: options.links.urlFor("not-me", claims) },
  });
}

/**
 * Someone signed up with the address of an existing account: the sign-up answered as for a new one
 * (so it tells nothing about accounts), and the owner hears of it instead, with the ways back in. One
 * such e-mail an hour at most, so repeated sign-ups cannot flood a mailbox.
 */
export async function queueExistingAccountEmail(options: {
  db: Db;
  publicUrl: string;
  user: { id: string; email: string };
}) {
  const hour = Math.floor(Date.now() / (60 * 60 * 1000));
  await enqueueMail(options.db, {
    kind: "sign-up-existing-account",
    dedupeKey: `sign-up-existing-account:${options.user.id}:${hour}`,
    to: options.user.email,
    data: { signInUrl: `${options.publicUrl}/signIn`, resetUrl: `${options.publicUrl}/forgotPassword` },
  });
}

/** Queues the link that closes the account: it opens a page where the account, signed in, confirms by a POST. */
export async function queueAccountClosureEmail(options: {
  db: Db;
  links: AccountLinks;
  user: { id: string; email: string };
}) {
  const url = options.links.urlFor("close-account", { userId: options.user.id, email: options.user.email });
  await enqueueMail(options.db, {
    kind: "account-closure",
    dedupeKey: keyOf("account-closure", url),
    to: options.user.email,
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
