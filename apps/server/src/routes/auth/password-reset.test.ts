import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
} from "@bureau/domain/account-rules";
import { sessions, verifications } from "../../db/auth-schema.ts";
import { outbox } from "../../db/schema.ts";
import { RESET_PASSWORD_PAGE } from "../../modules/users/index.ts";
import { nextClientAddress, signIn, signUp, uniqueEmail } from "../../test/auth-helpers.ts";
import { appWithSmtpSink, lastMailTo, mailerFor } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-app.ts";

describe("password reset by e-mail (issue 13 item 4)", () => {
  const env = appWithSmtpSink();

  const post = (url: string, body: unknown, remoteAddress = nextClientAddress()) =>
    env.t.app.inject({
      method: "POST",
      url,
      remoteAddress,
      headers: { origin: env.t.config.publicUrl, "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
  const requestReset = (email: string, remoteAddress?: string) =>
    post("/api/auth/request-password-reset", { email }, remoteAddress);
  const resetPassword = (token: string, newPassword: string) =>
    post("/api/auth/reset-password", { token, newPassword });
  const resetMailsTo = async (email: string) =>
    (await env.t.db.select().from(outbox).where(eq(outbox.kind, "password-reset"))).filter(
      (row) => (row.payload as { to: string }).to === email,
    );

  async function resetTokenFor(email: string): Promise<string> {
    await mailerFor(env.t.app, env.smtp).runOnce();
    const body = lastMailTo(env.smtp.messages, email, "Reset your Harbour FX password");
    expect(body, `no reset e-mail to ${email}`).toBeDefined();
    const link = /(http:\/\/localhost:3000\/resetPassword\?token=[^\s"<&]+)/.exec(body!)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe(RESET_PASSWORD_PAGE);
    return url.searchParams.get("token")!;
  }

  it("answers the same whether an account has the e-mail or not, and mails only an account", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("owner") });
    const nobody = uniqueEmail("nobody");
    const known = await requestReset(account.email);
    const unknown = await requestReset(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await resetMailsTo(account.email)).toHaveLength(1);
    expect(await resetMailsTo(nobody)).toHaveLength(0);
  });

  it("the link sets a new password under the password policy, ends every session, and works once", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("reset"), password: "the-old-password-1" });
    const otherDevice = await signIn(env.t.app, account.email, "the-old-password-1");
    expect(await env.t.db.select().from(sessions).where(eq(sessions.userId, account.userId))).toHaveLength(2);
    expect((await requestReset(account.email)).statusCode).toBe(200);
    const token = await resetTokenFor(account.email);

    const short = await resetPassword(token, "short-1");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    const common = await resetPassword(token, "password1234");
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toBe(PASSWORD_TOO_COMMON_MESSAGE);

    const done = await resetPassword(token, "a-brand-new-password");
    expect(done.statusCode).toBe(200);
    expect(await env.t.db.select().from(sessions).where(eq(sessions.userId, account.userId))).toEqual([]);
    for (const cookie of [account.cookie, otherDevice]) {
      const session = await env.t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
      expect(session.json()).toBeNull();
    }
    await expect(signIn(env.t.app, account.email, "the-old-password-1")).rejects.toThrow(/401/);
    await expect(signIn(env.t.app, account.email, "a-brand-new-password")).resolves.toContain("session_token");

    const again = await resetPassword(token, "yet-another-password-2");
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(RESET_LINK_INVALID_MESSAGE);
    await expect(signIn(env.t.app, account.email, "a-brand-new-password")).resolves.toContain("session_token");
  });

  it("an expired link is refused with the same clear message, the password unchanged", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("expired"), password: "the-old-password-2" });
    await requestReset(account.email);
    const token = await resetTokenFor(account.email);
    const [row] = await env.t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, storedIdentifierOf(token)));
    // One hour from the request.
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - 60 * 60 * 1000)).toBeLessThan(60_000);
    await env.t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, row!.id));
    const response = await resetPassword(token, "a-brand-new-password");
    expect(response.statusCode).toBe(410);
    expect(response.json().error.message).toBe(RESET_LINK_INVALID_MESSAGE);
    await expect(signIn(env.t.app, account.email, "the-old-password-2")).resolves.toContain("session_token");
  });

  it("stores the reset token hashed, and the sent e-mail's link is gone from the outbox", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("at-rest") });
    expect((await requestReset(account.email)).statusCode).toBe(200);
    const token = await resetTokenFor(account.email);
    const rows = await env.t.db.select().from(verifications);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((row) => row.identifier)).toContain(storedIdentifierOf(token));
    const [mail] = await resetMailsTo(account.email);
    expect(mail?.status).toBe("sent");
    expect(JSON.stringify(mail?.payload)).not.toContain(token);
    expect(mail?.payload).toEqual({ to: account.email, data: { link: "removed after sending" } });
    // The link in the person's inbox still works.
    expect((await resetPassword(token, "a-brand-new-password-3")).statusCode).toBe(200);
  });

  it("a flood of requests by others sends no more than three e-mails an hour and never blocks the owner's reset", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("flooded"), password: "the-old-password-4" });
    const nobody = uniqueEmail("flood-nobody");
    for (const email of [account.email, nobody]) {
      const flood = await Promise.all(Array.from({ length: 12 }, () => requestReset(email)));
      expect(flood.every((r) => r.statusCode === 200 && r.body === flood[0]!.body)).toBe(true);
    }
    expect(await resetMailsTo(account.email)).toHaveLength(3);
    // The owner's own request is answered like any other, and a link already sent sets the new password.
    const owners = await requestReset(account.email);
    expect(owners.statusCode).toBe(200);
    const token = await resetTokenFor(account.email);
    expect((await resetPassword(token, "the-owners-new-password")).statusCode).toBe(200);
    await expect(signIn(env.t.app, account.email, "the-owners-new-password")).resolves.toContain("session_token");
  });

  it("limits requests per client address", async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 10; i++) expect((await requestReset(uniqueEmail("spray"), address)).statusCode).toBe(200);
    const limited = await requestReset(uniqueEmail("spray"), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many password reset attempts/);
  });
});

describe("reset links written before tokens were hashed (migration 0025)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const migration = readFileSync(
    fileURLToPath(new URL("../../db/migrations/0025_tokens_at_rest.sql", import.meta.url)),
    "utf8",
  ).split("--> statement-breakpoint");

  it("hashes a plain reset token the way better-auth does, and the link still works", async () => {
    const account = await signUp(t.app, { email: uniqueEmail("upgraded"), password: "the-old-password-5" });
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      remoteAddress: nextClientAddress(),
      headers: { origin: t.config.publicUrl, "content-type": "application/json" },
      payload: JSON.stringify({ email: account.email }),
    });
    expect(asked.statusCode).toBe(200);
    const [queued] = await t.db.select().from(outbox).where(eq(outbox.kind, "password-reset"));
    const token = new URL((queued!.payload as { data: { url: string } }).data.url).searchParams.get("token")!;
    // As the row was before the upgrade: the token itself.
    await t.db
      .update(verifications)
      .set({ identifier: `reset-password:${token}` })
      .where(eq(verifications.identifier, storedIdentifierOf(token)));
    await t.db.execute(sql.raw(migration[0]!));
    const rows = await t.db.select().from(verifications);
    expect(rows.map((row) => row.identifier)).toEqual([storedIdentifierOf(token)]);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      remoteAddress: nextClientAddress(),
      headers: { origin: t.config.publicUrl, "content-type": "application/json" },
      payload: JSON.stringify({ token, newPassword: "an-upgraded-password" }),
    });
    expect(reset.statusCode).toBe(200);
  });

  it("removes the links of verification and reset e-mails already sent, and keeps waiting ones", async () => {
    const link = { data: { url: "http://localhost:3000/resetPassword?token=secret-token" } };
    await t.db.insert(outbox).values([
      { kind: "password-reset", dedupeKey: "m:sent", payload: { to: "a@example.com", ...link }, status: "sent" },
      {
        kind: "email-verification",
        dedupeKey: "m:failed",
        payload: { to: "b@example.com", ...link },
        status: "failed",
      },
      { kind: "password-reset", dedupeKey: "m:pending", payload: { to: "c@example.com", ...link } },
      {
        kind: "order-received",
        dedupeKey: "m:order",
        payload: { to: "d@example.com", data: { orderId: "x" } },
        status: "sent",
      },
    ]);
    await t.db.execute(sql.raw(migration[1]!));
    const byKey = new Map(
      (await t.db.select().from(outbox).where(like(outbox.dedupeKey, "m:%"))).map((row) => [
        row.dedupeKey,
        row.payload,
      ]),
    );
    expect(byKey.get("m:sent")).toEqual({ to: "a@example.com", data: { link: "removed after sending" } });
    expect(byKey.get("m:failed")).toEqual({ to: "b@example.com", data: { link: "removed after sending" } });
    expect(byKey.get("m:pending")).toEqual({ to: "c@example.com", ...link });
    expect(byKey.get("m:order")).toEqual({ to: "d@example.com", data: { orderId: "x" } });
  });
});

/** How better-auth stores a reset token with verification.storeIdentifier "hashed". */
function storedIdentifierOf(token: string) {
  return createHash("sha256").update(`reset-password:${token}`).digest("base64url");
}
