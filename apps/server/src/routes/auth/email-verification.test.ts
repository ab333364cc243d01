import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { users } from "../../db/auth-schema.ts";
import { outbox } from "../../db/schema.ts";
import { EMAIL_VERIFIED_PAGE } from "../../modules/users/account-mail.ts";
import { nextClientAddress, signUp, uniqueEmail } from "../../test/auth-helpers.ts";
import { appWithSmtpSink, lastMailTo, mailerFor } from "../../test/smtp-sink.ts";

describe("e-mail verification (issue 13 item 4)", () => {
  const env = appWithSmtpSink();
  afterEach(() => {
    vi.useRealTimers();
  });

  const verifiedOf = async (email: string) =>
    (await env.t.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified;

  /** Sends the outbox to the sink and answers the link of the last verification e-mail to `email`. */
  async function verificationLinkFor(email: string): Promise<URL> {
    await mailerFor(env.t.app, env.smtp).runOnce();
    const body = lastMailTo(env.smtp.messages, email, "Confirm your e-mail address for Harbour FX");
    expect(body, `no verification e-mail to ${email}`).toBeDefined();
    const link = /(http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<]+)/.exec(body!)?.[1];
    expect(link).toBeDefined();
    return new URL(link!.replaceAll("&amp;", "&"));
  }

  const follow = (link: URL) => env.t.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });

  it("sign-up queues a verification e-mail in the outbox; following its link verifies and lands on the page saying so", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("verify") });
    // Queued, not sent inline: the sign-up answered before any SMTP server was asked.
    const queued = await env.t.db.select().from(outbox).where(eq(outbox.kind, "email-verification"));
    const mine = queued.filter((row) => (row.payload as { to: string }).to === account.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.status).toBe("pending");
    expect(await verifiedOf(account.email)).toBe(false);
    const before = await env.t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: account.cookie } });
    expect(before.json()).toMatchObject({ email: account.email, emailVerified: false });

    const link = await verificationLinkFor(account.email);
    // The landing page is ours, whatever a sign-up body asked for.
    expect(link.searchParams.get("callbackURL")).toBe(EMAIL_VERIFIED_PAGE);
    const followed = await follow(link);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(EMAIL_VERIFIED_PAGE);
    expect(await verifiedOf(account.email)).toBe(true);
    const after = await env.t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: account.cookie } });
    expect(after.json()).toMatchObject({ email: account.email, emailVerified: true });
    // Following the link gives nobody a session.
    expect(followed.headers["set-cookie"] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/session_token=[^;]/)]),
    );
  });

  it("a link works for 24 hours: after that it lands on the page with the expiry, and nothing changes", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("late") });
    const link = await verificationLinkFor(account.email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 60 * 60 * 1000 + 60_000 });
    const followed = await follow(link);
    vi.useRealTimers();
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${EMAIL_VERIFIED_PAGE}?error=TOKEN_EXPIRED`);
    expect(await verifiedOf(account.email)).toBe(false);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 23 * 60 * 60 * 1000 });
    const inTime = await follow(link);
    vi.useRealTimers();
    expect(inTime.headers.location).toBe(EMAIL_VERIFIED_PAGE);
    expect(await verifiedOf(account.email)).toBe(true);
  });

  it("a changed link lands on the page with the invalid-link error, and nothing changes", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("forged") });
    const link = await verificationLinkFor(account.email);
    const token = link.searchParams.get("token")!;
    link.searchParams.set("token", `${token.slice(0, -4)}AAAA`);
    const followed = await follow(link);
    expect(followed.headers.location).toBe(`${EMAIL_VERIFIED_PAGE}?error=INVALID_TOKEN`);
    expect(await verifiedOf(account.email)).toBe(false);
  });

  it("a signed-in unverified person can ask for a new link, a few e-mails an hour; a verified one is told so", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("again") });
    const ask = (headers: Record<string, string>, email = account.email) =>
      env.t.app.inject({
        method: "POST",
        url: "/api/auth/send-verification-email",
        remoteAddress: nextClientAddress(),
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify({ email }),
      });
    const countQueued = async () =>
      (await env.t.db.select().from(outbox).where(eq(outbox.kind, "email-verification"))).filter(
        (row) => (row.payload as { to: string }).to === account.email,
      ).length;

    expect(await countQueued()).toBe(1);
    for (let i = 0; i < 2; i++) {
      // Distinct seconds give distinct links (a link names the second it was made).
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (i + 1) * 2_000 });
      const response = await ask(account.headers);
      vi.useRealTimers();
      expect(response.statusCode).toBe(200);
    }
    expect(await countQueued()).toBe(3);
    // Beyond three e-mails an hour a request is answered the same and sends nothing more.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10_000 });
    const beyond = await ask(account.headers);
    vi.useRealTimers();
    expect(beyond.statusCode).toBe(200);
    expect(await countQueued()).toBe(3);

    const other = await signUp(env.t.app, { email: uniqueEmail("done") });
    await env.t.db.update(users).set({ emailVerified: true }).where(eq(users.id, other.userId));
    const already = await env.t.app.inject({
      method: "POST",
      url: "/api/auth/send-verification-email",
      remoteAddress: nextClientAddress(),
      headers: { ...other.headers, "content-type": "application/json" },
      payload: JSON.stringify({ email: other.email }),
    });
    expect(already.statusCode).toBe(409);
    expect(already.json().error.message).toBe("Your e-mail address is already verified.");
  });

  it("the e-mail's Message-ID names the link by a hash, never by its token", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("headers") });
    const link = await verificationLinkFor(account.email);
    const mail = env.smtp.messages.filter((m) => m.to.includes(account.email)).at(-1)!;
    const messageId = /^Message-ID:\s*(.+)$/im.exec(mail.raw)?.[1] ?? "";
    expect(messageId).toMatch(/^<email-verification\.[0-9a-f]{32}@localhost>$/);
    expect(mail.raw).not.toContain(`Message-ID: <${link.searchParams.get("token")}`);
  });
});
