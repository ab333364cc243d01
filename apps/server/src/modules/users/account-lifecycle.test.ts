import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, sessions, users } from "../../db/auth-schema.ts";
import { auditLog, orders, outbox, rateAlerts } from "../../db/schema.ts";
import { markEmailVerified, nextClientAddress, signUp, uniqueEmail } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithSmtpSink, lastMailTo, mailerFor } from "../../test/smtp-sink.ts";
import { CLOSE_OTHER_ACCOUNT_MESSAGE, CLOSE_STAFF_ACCOUNT_MESSAGE } from "./close-account.ts";
import { removeUnverifiedAccounts, UNVERIFIED_ACCOUNT_LIFETIME_DAYS } from "./remove-unverified-accounts.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("an account's end: unconfirmed sign-ups after 7 days, and a customer closing their account", () => {
  const env = appWithSmtpSink();

  const post = (url: string, payload: unknown, cookie?: string) =>
    env.t.app.inject({
      method: "POST",
      url,
      remoteAddress: nextClientAddress(),
      headers: { "content-type": "application/json", origin: env.t.config.publicUrl, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
  const sessionOf = async (cookie: string) =>
    (await env.t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } })).json();
  const usersWith = (ids: string[]) => env.t.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));

  it("removes password accounts left unconfirmed for 7 days, and nothing else", async () => {
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const stale = await signUp(env.t.app);
    const young = await signUp(env.t.app);
    const confirmed = await signUp(env.t.app);
    const staff = await signUp(env.t.app);
    const provider = await signUp(env.t.app);
    const legacy = await signUp(env.t.app);
    await markEmailVerified(env.t.app, confirmed.userId);
    // Verified by the old link, then asked to confirm again (migration 0024): not an abandoned sign-up.
    await env.t.db.update(users).set({ legacyLinkVerified: true }).where(eq(users.id, legacy.userId));
    await env.t.db.update(users).set({ role: "admin" }).where(eq(users.id, staff.userId));
    // An account that also signs in through a provider vouching for the address is not a bare sign-up.
    await env.t.db.insert(accounts).values({
      id: `acc-${provider.userId}`,
      userId: provider.userId,
      providerId: "oidc",
      accountId: `oidc-${provider.userId}`,
    });
    const old = [stale, confirmed, staff, provider, legacy].map((a) => a.userId);
    await env.t.db
      .update(users)
      .set({ createdAt: ago(UNVERIFIED_ACCOUNT_LIFETIME_DAYS + 1) })
      .where(inArray(users.id, old));
    await env.t.db
      .update(users)
      .set({ createdAt: ago(UNVERIFIED_ACCOUNT_LIFETIME_DAYS - 1) })
      .where(eq(users.id, young.userId));
    const order = await createOrder(env.t.db, { email: stale.email, userId: stale.userId });
    await env.t.db.insert(rateAlerts).values({ currencyCode: "EUR", target: "1.2", email: stale.email });

    expect(await removeUnverifiedAccounts({ db: env.t.db })).toBe(1);
    expect(await usersWith([stale.userId])).toEqual([]);
    expect(await env.t.db.select().from(sessions).where(eq(sessions.userId, stale.userId))).toEqual([]);
    expect(await sessionOf(stale.cookie)).toBeNull();
    expect(
      await usersWith([young.userId, confirmed.userId, staff.userId, provider.userId, legacy.userId]),
    ).toHaveLength(5);
    // Orders and alerts are not the account's to take along.
    expect(await env.t.db.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    expect(await env.t.db.select().from(rateAlerts).where(eq(rateAlerts.email, stale.email))).toHaveLength(1);
    expect(await removeUnverifiedAccounts({ db: env.t.db })).toBe(0);
  });

  /** Asks for the closure e-mail and answers the token of its link. */
  async function closureToken(cookie: string, email: string): Promise<string> {
    const asked = await post("/api/account/closure-request", {}, cookie);
    expect(asked.statusCode).toBe(202);
    await mailerFor(env.t.app, env.smtp).runOnce();
    const body = lastMailTo(env.smtp.messages, email, "Close your Harbour FX account");
    const link = /http:\/\/localhost:3000\/closeAccount\?token=([^\s"<&]+)/.exec(body ?? "")?.[1];
    expect(link, `no closure e-mail to ${email}`).toBeDefined();
    return decodeURIComponent(link!);
  }

  it("closes a customer's account by the e-mailed link and a signed-in POST: account, sessions and alerts go, orders stay", async () => {
    const customer = await signUp(env.t.app, { email: uniqueEmail("leaving") });
    await markEmailVerified(env.t.app, customer.userId);
    const otherDevice = await signUp(env.t.app, { email: uniqueEmail("leaving-twin") });
    const order = await createOrder(env.t.db, { email: customer.email, userId: customer.userId, status: "completed" });
    await env.t.db.insert(rateAlerts).values([
      { currencyCode: "EUR", target: "1.2", email: customer.email },
      { currencyCode: "USD", target: "1.4", email: otherDevice.email },
    ]);
    // Nothing closes by merely asking, nor without the link.
    const token = await closureToken(customer.cookie, customer.email);
    expect(await usersWith([customer.userId])).toHaveLength(1);
    expect((await post("/api/account/closure", { token })).statusCode).toBe(401);
    const wrong = await post("/api/account/closure", { token }, otherDevice.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(CLOSE_OTHER_ACCOUNT_MESSAGE);
    expect((await post("/api/account/closure", { token: `${token}x` }, customer.cookie)).statusCode).toBe(410);
    expect(await usersWith([customer.userId])).toHaveLength(1);

    const closed = await post("/api/account/closure", { token }, customer.cookie);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ closed: true });
    expect([closed.headers["set-cookie"]].flat().join("\n")).toMatch(/session_token=;.*Max-Age=0/);
    expect(await usersWith([customer.userId])).toEqual([]);
    expect(await env.t.db.select().from(sessions).where(eq(sessions.userId, customer.userId))).toEqual([]);
    expect(await sessionOf(customer.cookie)).toBeNull();
    expect(await env.t.db.select().from(rateAlerts).where(eq(rateAlerts.email, customer.email))).toEqual([]);
    // The order is a business record: kept whole, unlinked from the account, anonymised by retention later.
    const [kept] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ email: customer.email, userId: null, anonymisedAt: null });
    // Other people's things stay.
    expect(await env.t.db.select().from(rateAlerts).where(eq(rateAlerts.email, otherDevice.email))).toHaveLength(1);
    expect(await sessionOf(otherDevice.cookie)).toMatchObject({ email: otherDevice.email });
    const [audit] = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, customer.userId));
    expect(audit).toMatchObject({ action: "account.close", actorEmail: null });
    // The link is spent with the account.
    const again = await signUp(env.t.app, { email: customer.email });
    expect((await post("/api/account/closure", { token }, again.cookie)).statusCode).toBe(403);
  });

  it("a closure link works for an hour, and staff accounts are not closed from the profile", async () => {
    const customer = await signUp(env.t.app, { email: uniqueEmail("slow") });
    const token = await closureToken(customer.cookie, customer.email);
    const { vi } = await import("vitest");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60 * 1000 });
    const late = await post("/api/account/closure", { token }, customer.cookie);
    vi.useRealTimers();
    expect(late.statusCode).toBe(410);
    expect(await usersWith([customer.userId])).toHaveLength(1);

    const admin = await signUp(env.t.app, { email: uniqueEmail("staff") });
    await env.t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.userId));
    const adminToken = await closureToken(admin.cookie, admin.email);
    const refused = await post("/api/account/closure", { token: adminToken }, admin.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(CLOSE_STAFF_ACCOUNT_MESSAGE);
    expect(await usersWith([admin.userId])).toHaveLength(1);
    const queued = await env.t.db.select().from(outbox).where(eq(outbox.kind, "account-closure"));
    expect(queued.length).toBeGreaterThanOrEqual(2);
  });
});
