import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accounts, sessions, users } from "../../db/auth-schema.ts";
import { orders, outbox, rateAlerts } from "../../db/schema.ts";
import { VERIFY_OTHER_ACCOUNT_MESSAGE } from "../../modules/users/index.ts";
import { NOT_ME_ALREADY_CONFIRMED_MESSAGE } from "../../modules/users/index.ts";
import { nextClientAddress, signIn, signUp, uniqueEmail } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithSmtpSink, lastMailTo, mailerFor } from "../../test/smtp-sink.ts";
import { MY_ORDERS_UNVERIFIED_MESSAGE } from "./account-routes.ts";

describe("e-mail verification: only the account itself, signed in, confirms its address", () => {
  const env = appWithSmtpSink();
  afterEach(() => {
    vi.useRealTimers();
  });

  const verifiedOf = async (email: string) =>
    (await env.t.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified;

  /** Sends the outbox to the sink and answers the two links of the last verification e-mail to `email`. */
  async function verificationLinksFor(email: string): Promise<{ verify: URL; notMe: URL }> {
    await mailerFor(env.t.app, env.smtp).runOnce();
    const body = lastMailTo(env.smtp.messages, email, "Confirm your e-mail address for Harbour FX");
    expect(body, `no verification e-mail to ${email}`).toBeDefined();
    const verify = /(http:\/\/localhost:3000\/verifyEmail\?token=[^\s"<]+)/.exec(body!)?.[1];
    const notMe = /(http:\/\/localhost:3000\/notMe\?token=[^\s"<]+)/.exec(body!)?.[1];
    expect(verify).toBeDefined();
    expect(notMe).toBeDefined();
    expect(body).toContain("This wasn't me");
    return { verify: new URL(verify!.replaceAll("&amp;", "&")), notMe: new URL(notMe!.replaceAll("&amp;", "&")) };
  }
  const tokenOf = (link: URL) => link.searchParams.get("token")!;

  const post = (url: string, payload: unknown, cookie?: string) =>
    env.t.app.inject({
      method: "POST",
      url,
      remoteAddress: nextClientAddress(),
      headers: {
        "content-type": "application/json",
        origin: env.t.config.publicUrl,
        ...(cookie ? { cookie } : {}),
      },
      payload: JSON.stringify(payload),
    });
  const confirm = (token: string, cookie?: string) => post("/api/account/email-verification", { token }, cookie);
  const get = (url: string, cookie?: string) =>
    env.t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("pre-hijack walk: a stranger signs up with a customer's address, the link is opened without cookies, the stranger sees nothing", async () => {
    const customer = uniqueEmail("customer");
    const order = await createOrder(env.t.db, {
      email: customer,
      firstName: "Alice",
      lastName: "Customer",
      phone: "07700900123",
      status: "accepted",
    });
    const stranger = await signUp(env.t.app, { email: customer, password: "strangers-own-password" });
    const { verify } = await verificationLinksFor(customer);

    // A mail scanner (or a puzzled click) opens the link: no cookies, a plain GET.
    const opened = await get(`${verify.pathname}${verify.search}`);
    expect([200, 404]).toContain(opened.statusCode);
    expect(opened.headers["set-cookie"] ?? []).toEqual([]);
    // The library's own GET endpoint verifies nothing any more, whatever token it is given.
    const libraryLink = await get(`/api/auth/verify-email?token=${encodeURIComponent(tokenOf(verify))}`);
    expect(libraryLink.statusCode).toBe(404);
    // Its token posted without a session does nothing either.
    expect((await confirm(tokenOf(verify))).statusCode).toBe(401);
    expect(await verifiedOf(customer)).toBe(false);

    // Signed in with their own password, the stranger sees none of the customer's orders or details.
    const cookie = await signIn(env.t.app, customer, "strangers-own-password");
    const session = await get("/api/session", cookie);
    expect(session.json()).toMatchObject({ email: customer, emailVerified: false });
    const myOrders = await get("/api/account/orders", cookie);
    expect(myOrders.statusCode).toBe(403);
    expect(myOrders.json().error.message).toBe(MY_ORDERS_UNVERIFIED_MESSAGE);
    const prefill = await get("/api/account/order-details", cookie);
    expect(prefill.json()).toEqual({ firstName: "", lastName: "", email: customer, phone: "" });
    const exported = await get("/api/account/data-export", cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(order.orderNumber);
    expect(exported.body).not.toContain("07700900123");
    expect(exported.body).not.toContain("Alice");
    expect(stranger.userId).toBeTruthy();
  });

  it("the account confirms its address by a signed-in POST: verified, and every other session of it ends", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("verify") });
    // Queued, not sent inline: the sign-up answered before any SMTP server was asked.
    const queued = await env.t.db.select().from(outbox).where(eq(outbox.kind, "email-verification"));
    expect(queued.filter((row) => (row.payload as { to: string }).to === account.email)).toHaveLength(1);
    const otherDevice = await signIn(env.t.app, account.email, account.password);
    const someoneElse = await signUp(env.t.app);
    const { verify } = await verificationLinksFor(account.email);

    // Another account's session cannot use the link.
    const wrongAccount = await confirm(tokenOf(verify), someoneElse.cookie);
    expect(wrongAccount.statusCode).toBe(403);
    expect(wrongAccount.json().error.message).toBe(VERIFY_OTHER_ACCOUNT_MESSAGE);
    expect(await verifiedOf(account.email)).toBe(false);
    expect(await verifiedOf(someoneElse.email)).toBe(false);

    const confirmed = await confirm(tokenOf(verify), account.cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ emailVerified: true, otherSessionsEnded: 1 });
    expect(await verifiedOf(account.email)).toBe(true);
    const here = await get("/api/session", account.cookie);
    expect(here.json()).toMatchObject({ email: account.email, emailVerified: true });
    expect((await get("/api/session", otherDevice)).json()).toBeNull();
    // Other accounts' sessions stay.
    expect((await get("/api/session", someoneElse.cookie)).json()).toMatchObject({ email: someoneElse.email });
    // Confirmed, the account sees the orders placed with its address.
    expect((await get("/api/account/orders", account.cookie)).statusCode).toBe(200);
  });

  it("a link works for 24 hours; a changed link does nothing", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("late") });
    const { verify } = await verificationLinksFor(account.email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 60 * 60 * 1000 + 60_000 });
    const late = await confirm(tokenOf(verify), account.cookie);
    vi.useRealTimers();
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toMatch(/expired/);
    expect(await verifiedOf(account.email)).toBe(false);

    const token = tokenOf(verify);
    const altered = await confirm(`${token.slice(0, -4)}AAAA`, account.cookie);
    expect(altered.statusCode).toBe(410);
    expect(altered.json().error.message).toMatch(/not valid/);
    const otherBody = await confirm(token.replace(/^[^.]+/, "x"), account.cookie);
    expect(otherBody.statusCode).toBe(410);
    expect(await verifiedOf(account.email)).toBe(false);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 23 * 60 * 60 * 1000 });
    const inTime = await confirm(token, account.cookie);
    vi.useRealTimers();
    expect(inTime.statusCode).toBe(200);
    expect(await verifiedOf(account.email)).toBe(true);
  });

  it('"This wasn\'t me" deletes the unconfirmed account and its sessions, and nothing else', async () => {
    const email = uniqueEmail("squatted");
    const order = await createOrder(env.t.db, { email });
    await env.t.db.insert(rateAlerts).values({ currencyCode: "EUR", target: "1.2", email });
    const squatter = await signUp(env.t.app, { email, password: "squatters-password" });
    const bystander = await signUp(env.t.app);
    const { verify, notMe } = await verificationLinksFor(email);

    // A verification token is not a "This wasn't me" token.
    expect((await post("/api/account/not-me", { token: tokenOf(verify) })).statusCode).toBe(410);
    expect(await verifiedOf(email)).toBe(false);

    const deleted = await post("/api/account/not-me", { token: tokenOf(notMe) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await env.t.db.select().from(users).where(eq(users.id, squatter.userId))).toEqual([]);
    expect(await env.t.db.select().from(sessions).where(eq(sessions.userId, squatter.userId))).toEqual([]);
    expect(await env.t.db.select().from(accounts).where(eq(accounts.userId, squatter.userId))).toEqual([]);
    expect((await get("/api/session", squatter.cookie)).json()).toBeNull();
    // What is not the account stays: the order and the alert of the address, other accounts.
    expect(await env.t.db.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    expect(await env.t.db.select().from(rateAlerts).where(eq(rateAlerts.email, email))).toHaveLength(1);
    expect((await get("/api/session", bystander.cookie)).json()).toMatchObject({ email: bystander.email });
    // Used again: the same answer, nothing more happens.
    expect((await post("/api/account/not-me", { token: tokenOf(notMe) })).json()).toEqual({ deleted: true });
    // The address is free: its owner signs up.
    const owner = await signUp(env.t.app, { email, password: "owners-own-password" });
    expect(owner.userId).not.toBe(squatter.userId);
  });

  it('"This wasn\'t me" does not delete an account its owner confirmed', async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("confirmed") });
    const { verify, notMe } = await verificationLinksFor(account.email);
    expect((await confirm(tokenOf(verify), account.cookie)).statusCode).toBe(200);
    const refused = await post("/api/account/not-me", { token: tokenOf(notMe) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(NOT_ME_ALREADY_CONFIRMED_MESSAGE);
    expect(await verifiedOf(account.email)).toBe(true);
    expect((await get("/api/session", account.cookie)).json()).toMatchObject({ email: account.email });
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
      // Distinct seconds give distinct links (a link names the second it expires).
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

  it('signed out, "Send it again" answers the same for an unconfirmed, a confirmed and an unknown address, and sends only to the unconfirmed', async () => {
    const waiting = await signUp(env.t.app, { email: uniqueEmail("waiting") });
    const confirmed = await signUp(env.t.app, { email: uniqueEmail("confirmed") });
    await env.t.db.update(users).set({ emailVerified: true }).where(eq(users.id, confirmed.userId));
    const unknown = uniqueEmail("nobody");
    const queuedTo = async (email: string) =>
      (await env.t.db.select().from(outbox).where(eq(outbox.kind, "email-verification"))).filter(
        (row) => (row.payload as { to: string }).to === email,
      ).length;
    const before = { waiting: await queuedTo(waiting.email), confirmed: await queuedTo(confirmed.email) };

    const answers = [];
    // A later second than the sign-up's: a link names the second it expires, so it is a new link.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2_000 });
    for (const email of [waiting.email, confirmed.email, unknown]) {
      const started = performance.now();
      // No cookie: the person on "Check your inbox" is not signed in.
      const response = await post("/api/auth/send-verification-email", { email });
      answers.push({ status: response.statusCode, body: response.body, tookMs: performance.now() - started });
    }
    vi.useRealTimers();
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, body: answers[0]!.body });
      // As long for each: the time taken tells nothing either.
      expect(answer.tookMs).toBeGreaterThanOrEqual(450);
    }
    expect(await queuedTo(waiting.email)).toBe(before.waiting + 1);
    expect(await queuedTo(confirmed.email)).toBe(before.confirmed);
    expect(await queuedTo(unknown)).toBe(0);
  });

  it('signed out, "Send it again" is refused from one client address beyond 10 an hour, whatever the addresses asked for', async () => {
    const from = nextClientAddress();
    const ask = (email: string) =>
      env.t.app.inject({
        method: "POST",
        url: "/api/auth/send-verification-email",
        remoteAddress: from,
        headers: { "content-type": "application/json", origin: env.t.config.publicUrl },
        payload: JSON.stringify({ email }),
      });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => ask(uniqueEmail("flood"))));
    expect(statuses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const refused = await ask(uniqueEmail("flood"));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("rate_limited");
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another client is not held up by it.
    expect((await post("/api/auth/send-verification-email", { email: uniqueEmail("other") })).statusCode).toBe(200);
  });

  it("the e-mail's Message-ID names the link by a hash, never by its token", async () => {
    const account = await signUp(env.t.app, { email: uniqueEmail("headers") });
    const { verify } = await verificationLinksFor(account.email);
    const mail = env.smtp.messages.filter((m) => m.to.includes(account.email)).at(-1)!;
    const messageId = /^Message-ID:\s*(.+)$/im.exec(mail.raw)?.[1] ?? "";
    expect(messageId).toMatch(/^<email-verification\.[0-9a-f]{32}@localhost>$/);
    expect(mail.raw).not.toContain(`Message-ID: <${tokenOf(verify)}`);
  });
});
