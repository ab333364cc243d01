import { myRateAlertMessages } from "@bureau/domain/rate-alert-account";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerDetailsMessages } from "@bureau/domain/customer-details";
import type { MyRateAlerts } from "@bureau/domain/contracts/rate-alerts";
import { PASSWORD_TOO_SHORT_MESSAGE } from "@bureau/domain/account-rules";
import { auditLog, currencies, rateAlerts } from "../../db/schema.ts";
import { fireRateAlerts } from "../../modules/rate-alerts/index.ts";
import {
  markEmailVerified,
  nextClientAddress,
  type SignedIn,
  signIn,
  signUp,
  uniqueEmail,
} from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** EUR as seeded: market 1.1520, sell margin -2.5 %: our Click & Collect rate is 1.1232. */
const EUR_COLLECT = "1.1232";

describe("My rate alerts, the profile's phone and Change password (issue 34 item 5)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, who?: SignedIn, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: nextClientAddress(),
      headers: {
        ...(who ? who.headers : {}),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const myAlerts = async (who: SignedIn) => {
    const response = await call("GET", "/api/account/rate-alerts", who);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as MyRateAlerts).alerts;
  };
  const insertAlert = async (email: string, values: Partial<typeof rateAlerts.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(rateAlerts)
      .values({ currencyCode: "EUR", target: "1.2", email, status: "active", confirmedAt: new Date(), ...values })
      .returning();
    return row!;
  };
  const verifiedCustomer = async () => {
    const customer = await signUp(t.app);
    await markEmailVerified(t.app, customer.userId);
    return customer;
  };

  it("lists the alerts of the verified address only, with our rate now; 401 signed out, 403 unverified", async () => {
    expect((await call("GET", "/api/account/rate-alerts")).statusCode).toBe(401);
    const customer = await signUp(t.app);
    await insertAlert(customer.email);
    const unverified = await call("GET", "/api/account/rate-alerts", customer);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.message).toBe(myRateAlertMessages.unverified);
    expect(unverified.body).not.toContain("target");

    await markEmailVerified(t.app, customer.userId);
    const older = await insertAlert(customer.email.toUpperCase(), {
      currencyCode: "USD",
      target: "1.5",
      status: "pending",
      confirmedAt: null,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await insertAlert(uniqueEmail("stranger"));
    const alerts = await myAlerts(customer);
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toMatchObject({
      code: "EUR",
      label: "Euro",
      target: "1.2",
      status: "active",
      collectRate: EUR_COLLECT,
    });
    expect(alerts[1]).toMatchObject({ id: older.id, code: "USD", status: "pending", collectRate: "1.2821" });
  });

  it("pauses and resumes one's own alert (POST only, audited); a paused alert does not fire; resuming a met target is refused with the rate", async () => {
    const customer = await verifiedCustomer();
    const alert = await insertAlert(customer.email, { target: "1.13" });
    // A GET never changes anything.
    expect((await call("GET", `/api/account/rate-alerts/${alert.id}/pause`, customer)).statusCode).toBe(404);

    const paused = await call("POST", `/api/account/rate-alerts/${alert.id}/pause`, customer);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().message).toBe(myRateAlertMessages.pausedDone);
    expect((await myAlerts(customer))[0]).toMatchObject({ status: "paused" });
    const again = await call("POST", `/api/account/rate-alerts/${alert.id}/pause`, customer);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(myRateAlertMessages.onlyActivePaused);

    // The rate passes the target while paused (market 1.1600 gives 1.1310): nothing fires.
    await t.db.update(currencies).set({ rate: "1.16000000" }).where(eq(currencies.code, "EUR"));
    try {
      await fireRateAlerts({ db: t.db });
      expect((await myAlerts(customer))[0]).toMatchObject({ status: "paused" });
      const refused = await call("POST", `/api/account/rate-alerts/${alert.id}/resume`, customer);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(myRateAlertMessages.alreadyMet("1.131", "EUR"));
      expect((await myAlerts(customer))[0]).toMatchObject({ status: "paused" });
    } finally {
      await t.db.update(currencies).set({ rate: "1.15200000" }).where(eq(currencies.code, "EUR"));
    }
    const resumed = await call("POST", `/api/account/rate-alerts/${alert.id}/resume`, customer);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await myAlerts(customer))[0]).toMatchObject({ status: "active" });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, alert.id), eq(auditLog.entityType, "rate_alert")));
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["rate_alert.pause", customer.userId],
      ["rate_alert.resume", customer.userId],
    ]);
  });

  it("a paused alert still holds its place and is stopped by an unsubscribe", async () => {
    const customer = await verifiedCustomer();
    const alert = await insertAlert(customer.email, { status: "paused", pausedAt: new Date() });
    const unsubscribe = await call(
      "POST",
      `/api/rate-alerts/unsubscribe/${t.app.alertLinks.unsubscribeToken(alert.id)}`,
    );
    expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
    expect((await myAlerts(customer))[0]).toMatchObject({ status: "unsubscribed" });
  });

  it("deletes one's own alert; another customer's alert, an unknown id or a signed-out call changes nothing", async () => {
    const customer = await verifiedCustomer();
    const someoneElse = await verifiedCustomer();
    const mine = await insertAlert(customer.email);
    const theirs = await insertAlert(someoneElse.email);

    for (const [method, action] of [
      ["POST", "pause"],
      ["DELETE", ""],
    ] as const) {
      const url = `/api/account/rate-alerts/${theirs.id}${action ? `/${action}` : ""}`;
      const refused = await call(method, url, customer);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error.message).toBe(myRateAlertMessages.notYours);
    }
    expect((await call("DELETE", `/api/account/rate-alerts/${mine.id}`)).statusCode).toBe(401);
    expect((await call("DELETE", "/api/account/rate-alerts/not-an-id", customer)).statusCode).toBe(400);
    expect(await t.db.select().from(rateAlerts).where(eq(rateAlerts.id, theirs.id))).toHaveLength(1);

    const deleted = await call("DELETE", `/api/account/rate-alerts/${mine.id}`, customer);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(myRateAlertMessages.deletedDone);
    expect(await myAlerts(customer)).toEqual([]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, mine.id));
    expect(audit).toMatchObject({
      action: "rate_alert.delete",
      actorId: customer.userId,
      before: { code: "EUR", target: "1.2", status: "active" },
    });
    expect((await call("DELETE", `/api/account/rate-alerts/${mine.id}`, customer)).statusCode).toBe(404);
  });

  it("the profile's phone: checked by the order form's rule, cleared when empty, and the order form starts from it", async () => {
    const customer = await signUp(t.app, { name: "Ada Lovelace" });
    expect((await call("GET", "/api/account/phone", customer)).json()).toEqual({ phone: null });
    const bad = await call("PUT", "/api/account/phone", customer, { phone: "call me" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.phone).toBe(customerDetailsMessages.invalidPhone);
    expect((await call("PUT", "/api/account/phone", undefined, { phone: "07700 900123" })).statusCode).toBe(401);

    const saved = await call("PUT", "/api/account/phone", customer, { phone: " 07700 900123 " });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ phone: "07700 900123" });
    expect((await call("GET", "/api/account/phone", customer)).json()).toEqual({ phone: "07700 900123" });
    // Unverified: the display name and the profile's phone.
    expect((await call("GET", "/api/account/order-details", customer)).json()).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: customer.email,
      phone: "07700 900123",
    });
    // Verified, with an older order: its name, but the profile's phone.
    await createOrder(t.db, { email: customer.email, firstName: "Augusta", lastName: "King", phone: "07700 900999" });
    await markEmailVerified(t.app, customer.userId);
    expect((await call("GET", "/api/account/order-details", customer)).json()).toMatchObject({
      firstName: "Augusta",
      phone: "07700 900123",
    });
    // Cleared: the order's phone again.
    expect((await call("PUT", "/api/account/phone", customer, { phone: "" })).json()).toEqual({ phone: null });
    expect((await call("GET", "/api/account/order-details", customer)).json()).toMatchObject({ phone: "07700 900999" });
  });

  it("Change password: the current one must match, the new one follows the rules, and every other session ends", async () => {
    const customer = await signUp(t.app);
    const otherDevice = await signIn(t.app, customer.email, customer.password);
    const change = (body: Record<string, unknown>) => call("POST", "/api/auth/change-password", customer, body);

    const wrong = await change({ currentPassword: "not-the-password", newPassword: "a-much-longer-secret-42" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.fields).toEqual({ currentPassword: "The password doesn't match" });
    const short = await change({ currentPassword: customer.password, newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe(PASSWORD_TOO_SHORT_MESSAGE);

    // Asking to keep the other sessions changes nothing: they end.
    const changed = await change({
      currentPassword: customer.password,
      newPassword: "a-much-longer-secret-42",
      revokeOtherSessions: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const other = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: otherDevice } });
    expect(other.json()).toBeNull();
    expect(changed.headers["set-cookie"]).toBeDefined();
    await expect(signIn(t.app, customer.email, customer.password)).rejects.toThrow(/401/);
    expect(await signIn(t.app, customer.email, "a-much-longer-secret-42")).toContain("session_token");
  });
});
