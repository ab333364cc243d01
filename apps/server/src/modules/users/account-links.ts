import { createHmac, createSecretKey, timingSafeEqual } from "node:crypto";

/**
 * The links of the account e-mails that act on an account: confirming its address, "This wasn't me"
 * (removing an account its address's owner did not create) and closing it. A token names the account
 * and the address it was sent to, says until when it works, and carries an HMAC-SHA256 of all that
 * under a key derived from the auth secret for its one purpose, so a token never passes for another
 * purpose, another account or another address. Nothing is stored: what a link may still do is decided
 * by the account's state (an address verified already, an account gone).
 */
export type AccountLinkPurpose = "verify-email" | "not-me" | "close-account";

/** How long each kind of link works. */
export const ACCOUNT_LINK_TTL_SECONDS: Record<AccountLinkPurpose, number> = {
  // decision 014: a verification link works for 24 hours.
  "verify-email": 24 * 60 * 60,
  // As long as an unverified account may live (7 days), so its address's owner can remove it throughout.
  "not-me": 7 * 24 * 60 * 60,
  "close-account": 60 * 60,
};

/** The pages the links open (the pages post the token back; opening a page changes nothing). */
export const ACCOUNT_LINK_PAGES: Record<AccountLinkPurpose, string> = {
  "verify-email": "/verifyEmail",
  "not-me": "/notMe",
  "close-account": "/closeAccount",
};

export type AccountLinkClaims = { userId: string; email: string };
export type AccountLinkReading = { ok: true; claims: AccountLinkClaims } | { ok: false; reason: "expired" | "invalid" };

export type AccountLinks = {
  tokenFor(purpose: AccountLinkPurpose, claims: AccountLinkClaims, now?: Date): string;
  urlFor(purpose: AccountLinkPurpose, claims: AccountLinkClaims, now?: Date): string;
  read(purpose: AccountLinkPurpose, token: string, now?: Date): AccountLinkReading;
};

export function createAccountLinks({ authSecret, publicUrl }: { authSecret: string; publicUrl: string }): AccountLinks {
  const keys = new Map(
    (Object.keys(ACCOUNT_LINK_TTL_SECONDS) as AccountLinkPurpose[]).map((purpose) => [
      purpose,
      createSecretKey(createHmac("sha256", authSecret).update(`account-link:${purpose}`).digest()),
    ]),
  );
  const mac = (purpose: AccountLinkPurpose, body: string) =>
    createHmac("sha256", keys.get(purpose)!).update(body).digest("base64url");

  const tokenFor: AccountLinks["tokenFor"] = (purpose, claims, now = new Date()) => {
    // To the millisecond: a link asked for again within the same second is a new link (and a new e-mail,
    // the outbox's key being the link's), not the first one again.
    const expires = now.getTime() / 1000 + ACCOUNT_LINK_TTL_SECONDS[purpose];
    const body = Buffer.from(JSON.stringify([claims.userId, claims.email.toLowerCase(), expires])).toString(
      "base64url",
    );
    return `${body}.${mac(purpose, body)}`;
  };

  return {
    tokenFor,
    urlFor(purpose, claims, now) {
      return `${publicUrl}${ACCOUNT_LINK_PAGES[purpose]}?token=${encodeURIComponent(tokenFor(purpose, claims, now))}`;
    },
    read(purpose, token, now = new Date()) {
      const dot = token.indexOf(".");
      if (dot <= 0 || token.length > 1000) return { ok: false, reason: "invalid" };
      const body = token.slice(0, dot);
      // Compared as text: base64url ignores a last character's spare bits, so a token has one valid spelling.
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(purpose, body));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: "invalid" };
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      } catch {
        return { ok: false, reason: "invalid" };
      }
      if (!Array.isArray(parsed) || parsed.length !== 3) return { ok: false, reason: "invalid" };
      const [userId, email, expires] = parsed as [unknown, unknown, unknown];
      if (typeof userId !== "string" || typeof email !== "string" || typeof expires !== "number")
        return { ok: false, reason: "invalid" };
      if (now.getTime() / 1000 >= expires) return { ok: false, reason: "expired" };
      return { ok: true, claims: { userId, email } };
    },
  };
}
