import { myRateAlertMessages } from "@bureau/domain/rate-alert-account";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import { displayDates } from "@bureau/domain/dates";
import { RATE_ALERT_CONFIRM_DAYS, RATE_ALERT_MAX_PER_EMAIL, rateAlertTargetMessages } from "@bureau/domain/rate-alerts";
import { currencies, outbox, rateAlerts } from "../../db/schema.ts";
import { createJobRunner } from "../../jobs/job-runner.ts";
import { rateAlertsJob } from "../../jobs/rate-alerts.ts";
import { updateCurrency } from "../../modules/currencies/index.ts";
import { renderMail } from "../../jobs/render-mail.ts";
import { createRateAlert } from "../../modules/rate-alerts/index.ts";
import { fireRateAlerts } from "../../modules/rate-alerts/index.ts";
import { recordCurrentRate } from "../../modules/rates/index.ts";
import { queryRows } from "../../lib/postgres.ts";
import { markEmailVerified, nextClientAddress, signUp, uniqueEmail } from "../../test/auth-helpers.ts";
import { appWithSmtpSink, decodedBody, mailerFor } from "../../test/smtp-sink.ts";

/** EUR in the seed: market 1.1520, sell margin -2.5 %: our Click & Collect rate is 1.1232. */
const EUR_COLLECT = "1.1232";
const STAFF = { id: "staff-test", email: "staff@example.com" };

describe("rate alerts (issue 14 item 5)", () => {
  const env = appWithSmtpSink();

  const create = (body: Record<string, unknown>, { code = "EUR", remoteAddress = nextClientAddress() } = {}) =>
    env.t.app.inject({ method: "POST", url: `/api/currencies/${code}/alerts`, payload: body, remoteAddress });
  const post = (url: string, init: { payload?: string; headers?: Record<string, string> } = {}) =>
    env.t.app.inject({ method: "POST", url, remoteAddress: nextClientAddress(), ...init });
  const get = (url: string) => env.t.app.inject({ method: "GET", url, remoteAddress: nextClientAddress() });

  const alertsOf = (email: string) => env.t.db.select().from(rateAlerts).where(eq(rateAlerts.email, email));
  const outboxOf = (kind: string) => env.t.db.select().from(outbox).where(eq(outbox.kind, kind));

  /** Sets a currency's market rate the way the live refresh does: the row, then its history (which notifies). */
  async function setMarketRate(code: string, rate: string) {
    await env.t.db.transaction(async (tx) => {
      await tx.update(currencies).set({ rate }).where(eq(currencies.code, code));
      await recordCurrentRate(tx, code);
    });
  }

  /** A confirmed (active) alert through the API and the confirmation e-mail's token. */
  async function activeAlert(target: string, email = uniqueEmail("alert"), code = "EUR") {
    expect((await create({ target, email }, { code })).statusCode).toBe(200);
    const [alert] = await alertsOf(email);
    const confirmed = await post(`/api/rate-alerts/confirm/${env.t.app.alertLinks.confirmToken(alert!.id)}`);
    expect(confirmed.statusCode).toBe(200);
    return { id: alert!.id, email };
  }

  /** Sends the outbox to the sink; answers the raw message (headers unfolded) and decoded body to `email` with `marker`. */
  async function mailTo(email: string, marker: string) {
    await mailerFor(env.t.app, env.smtp).runOnce();
    const message = env.smtp.messages.filter((m) => m.to.includes(email) && decodedBody(m.raw).includes(marker)).at(-1);
    expect(message, `no e-mail to ${email} with ${marker}`).toBeDefined();
    return {
      headers: message!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "),
      body: decodedBody(message!.raw),
    };
  }

  it("sign-up stores a pending alert and e-mails a confirmation with a confirm link, an unsubscribe link and the List-Unsubscribe headers", async () => {
    const email = uniqueEmail("Signup");
    const response = await create({ target: " 1.2500 ", email });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ message: rateAlertMessages.created, status: "pending" });
    const [alert] = await alertsOf(email);
    expect(alert).toMatchObject({ currencyCode: "EUR", target: "1.25000000", status: "pending", confirmedAt: null });
    expect(alert!.createdAt).toBeInstanceOf(Date);

    const links = env.t.app.alertLinks;
    const mail = await mailTo(email, "Confirm your EUR rate alert");
    expect(mail.body).toContain("1 GBP buys at least 1.25 EUR (Euro)");
    expect(mail.body).toContain(links.confirmUrl(alert!.id));
    expect(mail.body).toContain(links.unsubscribeUrl(alert!.id));
    expect(mail.headers).toContain(`List-Unsubscribe: <${links.oneClickUnsubscribeUrl(alert!.id)}>`);
    expect(mail.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("refuses a target that is not more than 0, not a number or too precise, a bad e-mail and an unknown currency, storing nothing", async () => {
    const email = uniqueEmail("refused");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ target: "0", email }, "target", rateAlertTargetMessages.notPositive],
      [{ target: "-1.2", email }, "target", rateAlertTargetMessages.notPositive],
      [{ target: "abc", email }, "target", rateAlertTargetMessages.notANumber],
      [{ target: "", email }, "target", rateAlertTargetMessages.missing],
      [{ target: "1.23456", email }, "target", rateAlertTargetMessages.tooPrecise],
      [{ target: "1.2", email: "not-an-email" }, "email", "Enter a valid email"],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    const unknown = await create({ target: "1.2", email }, { code: "ZZZ" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(rateAlertMessages.unknownCurrency);
    expect(await alertsOf(email)).toHaveLength(0);
    const queued = await outboxOf("rate-alert-confirm");
    expect(queued.filter((row) => (row.payload as { to: string }).to === email)).toHaveLength(0);
  });

  it("refuses a target our rate already meets (it would fire at once), naming the rate, storing and sending nothing", async () => {
    const email = uniqueEmail("met");
    const refusal = myRateAlertMessages.alreadyMet(EUR_COLLECT, "EUR");
    expect(refusal).toContain("1 GBP buys 1.1232 EUR now");
    for (const target of [EUR_COLLECT, "1.1", "0.5"]) {
      const response = await create({ target, email });
      expect(response.statusCode, target).toBe(400);
      expect(response.json().error).toMatchObject({ code: "validation_failed", fields: { target: refusal } });
    }
    expect(await alertsOf(email)).toHaveLength(0);
    expect(
      (await outboxOf("rate-alert-confirm")).filter((row) => (row.payload as { to: string }).to === email),
    ).toEqual([]);
    // A ten-thousandth above our rate is a fair target.
    expect((await create({ target: "1.1233", email })).statusCode).toBe(200);
  });

  it("the signed-in customer's own verified address needs no second opt-in; another address or an unverified one keeps it", async () => {
    const customer = await signUp(env.t.app);
    const ask = (email: string, cookie: string) =>
      env.t.app.inject({
        method: "POST",
        url: "/api/currencies/EUR/alerts",
        payload: { target: "1.2", email },
        headers: { cookie, origin: env.t.app.config.publicUrl },
        remoteAddress: nextClientAddress(),
      });
    // Not verified yet: the address is not proven to be theirs.
    const unverified = await ask(customer.email, customer.cookie);
    expect(unverified.json()).toEqual({ message: rateAlertMessages.created, status: "pending" });
    await markEmailVerified(env.t.app, customer.userId);

    const own = await ask(customer.email.toUpperCase(), customer.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: myRateAlertMessages.createdActive, status: "active" });
    const alerts = await env.t.db
      .select()
      .from(rateAlerts)
      .where(sql`lower(${rateAlerts.email}) = ${customer.email} and ${rateAlerts.status} = 'active'`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.confirmedAt).toBeInstanceOf(Date);
    const confirmations = (await outboxOf("rate-alert-confirm")).filter(
      (row) => (row.payload as { data: { alertId: string } }).data.alertId === alerts[0]!.id,
    );
    expect(confirmations).toEqual([]);

    const friend = uniqueEmail("friend");
    expect((await ask(friend, customer.cookie)).json()).toEqual({
      message: rateAlertMessages.created,
      status: "pending",
    });
    expect((await alertsOf(friend)).map((a) => a.status)).toEqual(["pending"]);
  });

  it("limits creations per e-mail address (every attempt counts) and keeps at most the cap of waiting alerts per address", async () => {
    const email = uniqueEmail("limit");
    for (let i = 0; i < 5; i++) expect((await create({ target: `2.${i}`, email })).statusCode).toBe(200);
    const sixth = await create({ target: "2.9", email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers["retry-after"]).toBeDefined();
    expect(await alertsOf(email)).toHaveLength(5);

    // The cap of waiting alerts holds for any path in (the operation itself), letter case ignored.
    const capped = uniqueEmail("cap");
    for (let i = 0; i < RATE_ALERT_MAX_PER_EMAIL; i++) {
      await createRateAlert({
        db: env.t.db,
        code: "USD",
        target: `2.${i + 1}`,
        email: i % 2 ? capped.toUpperCase() : capped,
      });
    }
    await expect(createRateAlert({ db: env.t.db, code: "USD", target: "2.5", email: capped })).rejects.toMatchObject({
      code: "conflict",
      message: rateAlertMessages.tooMany,
    });
  });

  it("confirms once through a POST; the link's GET changes nothing; a second confirm, a tampered, foreign or unknown link is refused", async () => {
    const email = uniqueEmail("confirm");
    await create({ target: "1.3", email });
    const [alert] = await alertsOf(email);
    const links = env.t.app.alertLinks;
    const token = links.confirmToken(alert!.id);

    const view = await get(`/api/rate-alerts/confirm/${token}`);
    expect(view.json()).toEqual({ code: "EUR", label: "Euro", target: "1.3", status: "pending", waiting: 1 });
    expect((await alertsOf(email))[0]!.status).toBe("pending");

    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, links.unsubscribeToken(alert!.id), links.confirmToken(randomUUID()), "nonsense"]) {
      const refused = await post(`/api/rate-alerts/confirm/${bad}`);
      expect(refused.statusCode, bad).toBe(404);
      expect(refused.json().error.message).toBe(rateAlertMessages.linkInvalid);
    }
    expect((await alertsOf(email))[0]!.status).toBe("pending");

    const confirmed = await post(`/api/rate-alerts/confirm/${token}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: rateAlertMessages.confirmed, alert: { status: "active" } });
    const [active] = await alertsOf(email);
    expect(active!.confirmedAt).toBeInstanceOf(Date);

    const again = await post(`/api/rate-alerts/confirm/${token}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(rateAlertMessages.alreadyConfirmed);
    expect((await alertsOf(email))[0]!.confirmedAt).toEqual(active!.confirmedAt);
  });

  it(`an unconfirmed alert lapses after ${RATE_ALERT_CONFIRM_DAYS} days: its link is refused, it no longer waits, counts toward the cap or is unsubscribed`, async () => {
    const links = env.t.app.alertLinks;
    /** Moves an alert's creation back by the link's lifetime, give or take a minute. */
    const ageBy = (id: string, minutesPastLifetime: number) =>
      env.t.db.execute(sql`update rate_alerts
        set created_at = now() - ${sql.raw(`interval '${RATE_ALERT_CONFIRM_DAYS} days'`)} - make_interval(mins => ${minutesPastLifetime})
        where id = ${id}`);

    const email = uniqueEmail("lapse");
    await create({ target: "1.3", email });
    // The confirmation e-mail says how long its link works.
    expect((await mailTo(email, "Confirm your EUR rate alert")).body).toContain(
      `it stops working after ${RATE_ALERT_CONFIRM_DAYS} days`,
    );
    const [lapsing] = await alertsOf(email);
    await ageBy(lapsing!.id, 1);
    const token = links.confirmToken(lapsing!.id);
    expect((await get(`/api/rate-alerts/confirm/${token}`)).json()).toMatchObject({ status: "lapsed", waiting: 0 });
    const refused = await post(`/api/rate-alerts/confirm/${token}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(rateAlertMessages.lapsed);
    // Its unsubscribe link has nothing to stop, and says why; the alert is left as it was.
    const unsubscribe = await post(`/api/rate-alerts/unsubscribe/${links.unsubscribeToken(lapsing!.id)}`);
    expect(unsubscribe.statusCode).toBe(409);
    expect(unsubscribe.json().error.message).toBe(rateAlertMessages.lapsedNothingWaiting);
    expect((await alertsOf(email)).map((a) => [a.status, a.confirmedAt, a.unsubscribedAt])).toEqual([
      ["pending", null, null],
    ]);

    // A minute before the lifetime ends, the link still works.
    const inTime = uniqueEmail("in-time");
    await create({ target: "1.3", email: inTime });
    const [alert] = await alertsOf(inTime);
    await ageBy(alert!.id, -1);
    const confirmed = await post(`/api/rate-alerts/confirm/${links.confirmToken(alert!.id)}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await alertsOf(inTime))[0]!.status).toBe("active");

    // Alerts typed with someone's address and never confirmed fill its cap only while their links work.
    const capped = uniqueEmail("lapse-cap");
    const made = [];
    for (let i = 0; i < RATE_ALERT_MAX_PER_EMAIL; i++) {
      made.push(await createRateAlert({ db: env.t.db, code: "USD", target: `2.${i + 1}`, email: capped }));
    }
    await expect(createRateAlert({ db: env.t.db, code: "USD", target: "2.5", email: capped })).rejects.toMatchObject({
      message: rateAlertMessages.tooMany,
    });
    for (const { alertId } of made) await ageBy(alertId, 1);
    const fresh = await createRateAlert({ db: env.t.db, code: "USD", target: "2.5", email: capped });
    expect((await get(`/api/rate-alerts/unsubscribe/${links.unsubscribeToken(fresh.alertId)}`)).json()).toMatchObject({
      status: "pending",
      waiting: 1,
    });
  });

  it("an unconfirmed alert never fires; a rate below the target does not fire; exactly at the target fires once", async () => {
    // Every target is above our rate when set (a target already met is refused); then the rate rises to
    // exactly one of them: market 1.1600 with the -2.5 % margin gives 1.1310.
    const pendingEmail = uniqueEmail("unconfirmed");
    await create({ target: "1.13", email: pendingEmail });
    const below = await activeAlert("1.1311");
    const exact = await activeAlert("1.131");
    await env.t.db.update(currencies).set({ rate: "1.16000000" }).where(eq(currencies.code, "EUR"));

    const fired = await fireRateAlerts({ db: env.t.db });
    await env.t.db.update(currencies).set({ rate: "1.15200000" }).where(eq(currencies.code, "EUR"));
    expect(fired.find((f) => f.code === "EUR")).toMatchObject({ collectRate: "1.1310" });
    expect((await alertsOf(pendingEmail))[0]!.status).toBe("pending");
    expect((await alertsOf(below.email))[0]!.status).toBe("active");
    const [triggered] = await alertsOf(exact.email);
    expect(triggered).toMatchObject({ status: "triggered", triggeredRate: "1.13100000" });
    expect(triggered!.triggeredAt).toBeInstanceOf(Date);

    // Nothing new for a second run at the same rate.
    const again = await fireRateAlerts({ db: env.t.db });
    expect(again.find((f) => f.code === "EUR")).toBeUndefined();
    const mails = (await outboxOf("rate-alert-triggered")).filter(
      (row) => (row.payload as { to: string }).to === exact.email,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.dedupeKey).toBe(`rate-alert-triggered:${exact.id}`);

    // The e-mail dates the rate it reports: it may be read long after (docs/features/rates-say-how-old-they-are.md).
    const dates = displayDates(env.t.app.config.displayTimeZone);
    const mail = await renderMail(
      env.t.db,
      "rate-alert-triggered",
      (mails[0]!.payload as { data: Record<string, unknown> }).data,
      {
        publicUrl: "https://fx.example",
        orderLinks: env.t.app.orderLinks,
        alertLinks: env.t.app.alertLinks,
        dates,
        orderExpiry: env.t.app.config.orderExpiry,
      },
    );
    expect(mail?.text).toContain(`Rates as of ${dates.longDateTime(triggered!.triggeredAt!)}.`);
    expect(mail?.html).toContain(`Rates as of ${dates.longDateTime(triggered!.triggeredAt!)}.`);
  });

  it("a rate change wakes the job (LISTEN/NOTIFY after commit), which fires once even with two rate changes and two runners", async () => {
    // USD's rate is 1.2821 as seeded (market 1.3150, -2.5 %); the rises below take it to 1.3650 and 1.3748.
    const alert = await activeAlert("1.3500", uniqueEmail("job"), "USD");
    const job = rateAlertsJob({ db: env.t.db, log: env.t.app.log, everyMs: 3_600_000 });
    const a = createJobRunner({ database: env.t.database, log: env.t.app.log, jobs: [job], holder: "alerts-a" });
    const b = createJobRunner({
      database: env.t.database,
      log: env.t.app.log,
      jobs: [rateAlertsJob({ db: env.t.db, log: env.t.app.log, everyMs: 3_600_000 })],
      holder: "alerts-b",
    });
    await a.start();
    try {
      const [usd] = await env.t.db.select().from(currencies).where(eq(currencies.code, "USD"));
      // Raise the market rate far enough that the collect rate passes 1.35 (twice: two changes in a row).
      await setMarketRate("USD", "1.40000000");
      await setMarketRate("USD", "1.41000000");
      await vi.waitFor(
        async () => {
          expect((await alertsOf(alert.email))[0]!.status).toBe("triggered");
        },
        { timeout: 5_000, interval: 50 },
      );
      await b.runNow("rate-alerts");
      await a.runNow("rate-alerts");
      await Promise.all([fireRateAlerts({ db: env.t.db }), fireRateAlerts({ db: env.t.db })]);
      const mails = (await outboxOf("rate-alert-triggered")).filter(
        (row) => (row.payload as { to: string }).to === alert.email,
      );
      expect(mails).toHaveLength(1);
      await env.t.db.update(currencies).set({ rate: usd!.rate }).where(eq(currencies.code, "USD"));
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it("confirming an alert whose target our rate already reaches wakes the job, which fires it without waiting for a rate change", async () => {
    const runner = createJobRunner({
      database: env.t.database,
      log: env.t.app.log,
      jobs: [rateAlertsJob({ db: env.t.db, log: env.t.app.log, everyMs: 3_600_000 })],
      holder: "alerts-confirm",
    });
    await runner.start();
    try {
      // The runner's first look is over before the alert exists: only the confirmation can wake it.
      await runner.runNow("rate-alerts");
      // Above our rate when asked for (a target already met is refused)...
      const email = uniqueEmail("confirm-reached");
      expect((await create({ target: "1.13", email })).statusCode).toBe(200);
      const [pending] = await alertsOf(email);
      // ...then the rate passes it while the alert waits for its confirmation, with no rate-change notice
      // (the row alone, not recordCurrentRate): market 1.1600 gives 1.1310.
      await env.t.db.update(currencies).set({ rate: "1.16000000" }).where(eq(currencies.code, "EUR"));
      await runner.runNow("rate-alerts");
      expect((await alertsOf(email))[0]!.status).toBe("pending");
      const confirmed = await post(`/api/rate-alerts/confirm/${env.t.app.alertLinks.confirmToken(pending!.id)}`);
      expect(confirmed.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          expect((await alertsOf(email))[0]).toMatchObject({ status: "triggered", triggeredRate: "1.13100000" });
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await env.t.db.update(currencies).set({ rate: "1.15200000" }).where(eq(currencies.code, "EUR"));
      await runner.stop();
    }
  });

  it("a staff margin change is a rate change too: the triggered e-mail links to an order at that rate and carries the unsubscribe link and headers", async () => {
    const alert = await activeAlert("1.1500");
    await updateCurrency({
      db: env.t.db,
      code: "EUR",
      input: { label: "Euro", sell: "0", buy: "3" },
      actor: STAFF,
    });
    await fireRateAlerts({ db: env.t.db });
    const links = env.t.app.alertLinks;
    const mail = await mailTo(alert.email, "Rate alert: 1 GBP now buys 1.152 EUR");
    expect(mail.body).toContain("http://localhost:3000/purchase/EUR/Order");
    expect(mail.body).toContain("you asked for at least 1.15");
    expect(mail.body).toContain(links.unsubscribeUrl(alert.id));
    expect(mail.headers).toContain(`List-Unsubscribe: <${links.oneClickUnsubscribeUrl(alert.id)}>`);
    expect(mail.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    await updateCurrency({
      db: env.t.db,
      code: "EUR",
      input: { label: "Euro", sell: "-2.5", buy: "3" },
      actor: STAFF,
    });
    await fireRateAlerts({ db: env.t.db });
  });

  it("escapes what staff typed (the currency's label) in the alert e-mails' HTML", async () => {
    await updateCurrency({
      db: env.t.db,
      code: "SEK",
      input: { label: 'Krona <script>alert("x")</script>', sell: "-3.5", buy: "5" },
      actor: STAFF,
    });
    const email = uniqueEmail("escape");
    expect((await create({ target: "20", email }, { code: "SEK" })).statusCode).toBe(200);
    const mail = await mailTo(email, "Confirm your SEK rate alert");
    const htmlPart = mail.body.slice(mail.body.indexOf("<!doctype html>"));
    expect(htmlPart).toContain("Krona &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(htmlPart).not.toContain("<script>");
  });

  it("unsubscribes every waiting alert of the address (page POST or one-click form POST); twice, or after the alert fired with nothing waiting, is refused", async () => {
    const email = uniqueEmail("unsub");
    const first = await activeAlert("1.9", email);
    await create({ target: "1.8", email }); // a second, still unconfirmed
    const links = env.t.app.alertLinks;
    const token = links.unsubscribeToken(first.id);

    expect((await get(`/api/rate-alerts/unsubscribe/${token}`)).json()).toMatchObject({ status: "active", waiting: 2 });
    expect((await post(`/api/rate-alerts/unsubscribe/${links.confirmToken(first.id)}`)).statusCode).toBe(404);

    // RFC 8058: a mail system posts the form body, without cookies, to the List-Unsubscribe address.
    const oneClick = await env.t.app.inject({
      method: "POST",
      url: new URL(links.oneClickUnsubscribeUrl(first.id)).pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: nextClientAddress(),
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().message).toBe(rateAlertMessages.unsubscribed(2));
    const stopped = await alertsOf(email);
    expect(stopped.map((a) => a.status)).toEqual(["unsubscribed", "unsubscribed"]);
    expect(stopped.every((a) => a.unsubscribedAt instanceof Date)).toBe(true);

    const twice = await post(`/api/rate-alerts/unsubscribe/${token}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(rateAlertMessages.alreadyUnsubscribed);
    // An unsubscribed alert cannot be switched on again from its old confirmation link.
    const reconfirm = await post(`/api/rate-alerts/confirm/${links.confirmToken(first.id)}`);
    expect(reconfirm.statusCode).toBe(409);
    expect(reconfirm.json().error.message).toBe(rateAlertMessages.alreadyUnsubscribed);

    // An alert that fired: set above our rate, then the rate passes it (market 1.1600 gives 1.1310).
    const fired = await activeAlert("1.13");
    await env.t.db.update(currencies).set({ rate: "1.16000000" }).where(eq(currencies.code, "EUR"));
    await fireRateAlerts({ db: env.t.db });
    await env.t.db.update(currencies).set({ rate: "1.15200000" }).where(eq(currencies.code, "EUR"));
    const after = await post(`/api/rate-alerts/unsubscribe/${links.unsubscribeToken(fired.id)}`);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(rateAlertMessages.nothingWaiting);
    expect((await alertsOf(fired.email))[0]!.status).toBe("triggered");
  });

  it("fires a hundred alerts of one currency in one statement, queuing one e-mail each", async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `bulk-${i}-${randomUUID().slice(0, 8)}@example.com`);
    await env.t.db.execute(sql`insert into rate_alerts (currency_code, target, email, status, confirmed_at)
      select 'CHF', 0.5, e, 'active', now() from unnest(string_to_array(${emails.join(",")}, ',')) as e`);
    const fired = await fireRateAlerts({ db: env.t.db });
    expect(fired.find((f) => f.code === "CHF")).toMatchObject({ queued: 100 });
    const [queued] = await queryRows<{ n: number }>(
      env.t.db,
      sql`select count(*)::int as n from outbox where kind = 'rate-alert-triggered' and payload->>'to' like 'bulk-%'`,
    );
    expect(queued?.n).toBe(100);
  });
});
