import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type DataExport, dataExportSchema, phoneOnlyReviewSchema } from "@bureau/domain/contracts/data-export";
import { ANONYMISED, DEFAULT_RETENTION } from "@bureau/domain/retention";
import { auditLog, contactMessages, orderHandovers, rateAlerts } from "../../db/schema.ts";
import { markEmailVerified, signUpAndSignIn, uniqueEmail } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { applyRetention } from "../retention/index.ts";

describe("subject access export (docs/features/retention-and-data-rights.md)", () => {
  const env = appWithStaff();

  const staffExport = async (orderId: string) => {
    const response = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/data-export`,
      headers: env.staff.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return dataExportSchema.parse(response.json());
  };
  const numbers = (data: DataExport) => data.orders.map((order) => order.orderNumber).sort();

  it("staff export every order linked by e-mail variants or account, with messages, alerts and account; audited", async () => {
    const { db } = env.t;
    const local = uniqueEmail("sar").split("@")[0]!;
    const email = `${local}@example.com`;
    const customer = await signUpAndSignIn(env.t.app, { email });
    await markEmailVerified(env.t.app, customer.userId);
    const first = await createOrder(db, { email, phone: "07700 900301", firstName: "Sam", lastName: "Subject" });
    // The same address in another letter case and with spaces: linked by e-mail.
    const byEmail = await createOrder(db, { email: `  ${email.toUpperCase()} `, phone: "07700 900399" });
    // Another address, the same phone written internationally: shares only the phone, so not in the file.
    const byPhone = await createOrder(db, { email: `other-${email}`, phone: "+44 7700 900301" });
    // Placed signed in with yet another address: linked by the account.
    const byAccount = await createOrder(db, {
      email: `third-${email}`,
      phone: "07700 900398",
      userId: customer.userId,
      status: "completed",
      completedAt: new Date(),
    });
    const unrelated = await createOrder(db, { email: `stranger-${email}`, phone: "07700 900397" });
    // The identity document checked when the completed order was handed over is theirs too.
    await db.insert(orderHandovers).values({
      orderId: byAccount.id,
      idType: "driving_licence",
      idNumberLast4: "9Q2Z",
      idExpiresOn: "2031-06-30",
      cardMatchesName: true,
      gbpMinor: 25_000,
      recordedAt: new Date(),
      recordedBy: "staff@harbourfx.test",
    });

    await db.insert(contactMessages).values([
      { name: "Sam", email: email.toUpperCase(), phone: null, message: "Where is my order?" },
      { name: "Sam", email: "someone-else@example.com", phone: "0044 7700 900301", message: "By phone" },
      { name: "Stranger", email: `stranger-${email}`, phone: null, message: "Not theirs" },
    ]);
    await db.insert(rateAlerts).values([
      { currencyCode: "USD", target: "1.3", email, status: "active" },
      { currencyCode: "USD", target: "1.3", email: `stranger-${email}`, status: "active" },
    ]);

    const data = await staffExport(first.id);
    expect(numbers(data)).toEqual([first, byEmail, byAccount].map((order) => order.orderNumber).sort());
    expect(numbers(data)).not.toContain(unrelated.orderNumber);
    expect(numbers(data)).not.toContain(byPhone.orderNumber);
    const linked = Object.fromEntries(data.orders.map((order) => [order.orderNumber, order.linkedBy]));
    expect(linked[byEmail.orderNumber]).toEqual(["email"]);
    // The account whose verified e-mail is the customer's: its orders are theirs, whatever address they typed.
    expect(linked[byAccount.orderNumber]).toEqual(["account"]);
    expect(data.subject).toMatchObject({ from: "order", emails: [email], phones: [] });
    const firstOrder = data.orders.find((order) => order.orderNumber === first.orderNumber)!;
    expect(firstOrder).toMatchObject({
      firstName: "Sam",
      lastName: "Subject",
      email,
      phone: "07700 900301",
      totalGbpMinor: 25_000,
      lines: [{ currency: "EUR", gbpMinor: 25_000 }],
    });
    expect(firstOrder.handover).toBeNull();
    expect(data.orders.find((order) => order.orderNumber === byAccount.orderNumber)?.handover).toEqual({
      idType: "driving_licence",
      idNumberLast4: "9Q2Z",
      idExpiresOn: "2031-06-30",
      settledGbpMinor: 25_000,
    });
    // A message matched by the phone alone is not theirs to receive either.
    expect(data.contactMessages.map((message) => message.message)).toEqual(["Where is my order?"]);
    expect(data.rateAlerts).toEqual([expect.objectContaining({ currency: "USD", email, status: "active" })]);
    expect(data.accounts).toEqual([
      expect.objectContaining({ id: customer.userId, email, signInMethods: ["credential"], hasPhoto: false }),
    ]);
    // No anti-money-laundering records in it.
    expect(JSON.stringify(data)).not.toMatch(/hold|screening|suspicion/i);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "customer.data_export"), eq(auditLog.entityId, first.id)));
    expect(audit).toMatchObject({
      actorId: env.staff.userId,
      entityType: "order",
      after: { orders: 3, contactMessages: 1, rateAlerts: 1, accounts: 1 },
    });
  });

  it("a neighbour who shares only the phone is absent from the file and listed for staff to review", async () => {
    const { db } = env.t;
    const requester = uniqueEmail("requester");
    const neighbourEmail = uniqueEmail("neighbour");
    // The neighbour orders with their own details; the requester orders with their own name but the
    // neighbour's phone.
    const neighbours = await createOrder(db, {
      email: neighbourEmail,
      phone: "07700 900611",
      firstName: "Nora",
      lastName: "Neighbour",
    });
    const start = await createOrder(db, {
      email: requester,
      phone: "+44 7700 900611",
      firstName: "Rob",
      lastName: "Own",
    });
    await db.insert(contactMessages).values({
      name: "Nora",
      email: neighbourEmail,
      phone: "07700 900611",
      message: "The neighbour's message",
    });

    const data = await staffExport(start.id);
    expect(numbers(data)).toEqual([start.orderNumber]);
    const file = JSON.stringify(data);
    for (const neighbourDatum of [
      "Nora",
      "Neighbour",
      neighbourEmail,
      neighbours.orderNumber,
      "The neighbour's message",
    ]) {
      expect(file).not.toContain(neighbourDatum);
    }

    const review = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/orders/${start.id}/data-export/phone-only`,
      headers: env.staff.headers,
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(phoneOnlyReviewSchema.parse(review.json()).orders).toEqual([
      expect.objectContaining({ id: neighbours.id, orderNumber: neighbours.orderNumber, name: "Nora Neighbour" }),
    ]);
    // The review is staff-only.
    const anonymous = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/orders/${start.id}/data-export/phone-only`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("an anonymised order exports its financial record and no one else's data, and its timeline says when", async () => {
    const { db } = env.t;
    const email = uniqueEmail("anon");
    const old = await createOrder(db, {
      email,
      status: "completed",
      createdAt: new Date("2019-01-01T10:00:00Z"),
      completedAt: new Date("2019-01-02T10:00:00Z"),
    });
    await applyRetention({ db, rules: DEFAULT_RETENTION, timeZone: "Europe/London" });
    const data = await staffExport(old.id);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ firstName: ANONYMISED, email: "", phone: "", totalGbpMinor: 25_000 });
    expect(data.orders[0]!.anonymisedAt).not.toBeNull();
    expect(data.subject).toMatchObject({ emails: [], phones: [], accounts: [] });
    // Staff see on the order's page when its personal data went.
    const details = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/orders/${old.id}`,
      headers: env.staff.headers,
    });
    expect(details.json().timeline.at(-1)).toMatchObject({ event: "anonymised", at: data.orders[0]!.anonymisedAt });
  });

  it("refuses everyone but staff, and answers 404 for an unknown order", async () => {
    const order = await createOrder(env.t.db, { email: uniqueEmail("refused") });
    const customer = await signUpAndSignIn(env.t.app);
    const asCustomer = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/data-export`,
      headers: customer.headers,
    });
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await env.t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/data-export` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await env.t.app.inject({
      method: "POST",
      url: "/api/admin/orders/00000000-0000-4000-8000-000000000000/data-export",
      headers: env.staff.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("a signed-in customer exports only their own: the account, its orders and, once verified, the e-mail's", async () => {
    const { db, app } = env.t;
    const email = uniqueEmail("own");
    const me = await signUpAndSignIn(app, { email });
    const signedInOrder = await createOrder(db, { email: uniqueEmail("typed"), userId: me.userId });
    const guestOrder = await createOrder(db, { email: email.toUpperCase(), phone: "07700 900501" });
    // Someone else's order with my phone number: a phone proves nothing, so it is not mine to download.
    const samePhone = await createOrder(db, { email: uniqueEmail("neighbour"), phone: "07700 900501" });
    const someoneElse = await signUpAndSignIn(app);
    const theirs = await createOrder(db, { email: someoneElse.email, userId: someoneElse.userId });
    await db.insert(contactMessages).values({ name: "Me", email, message: "Mine" });
    await db.insert(rateAlerts).values({ currencyCode: "EUR", target: "1.2", email, status: "pending" });

    const own = async () => {
      const response = await app.inject({
        method: "GET",
        url: "/api/account/data-export",
        headers: { cookie: me.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["cache-control"]).toContain("no-store");
      return dataExportSchema.parse(response.json());
    };

    // Not verified yet: the account and what was ordered signed in, nothing matched by the e-mail.
    const before = await own();
    expect(numbers(before)).toEqual([signedInOrder.orderNumber]);
    expect(before.contactMessages).toEqual([]);
    expect(before.rateAlerts).toEqual([]);
    expect(before.accounts.map((account) => account.id)).toEqual([me.userId]);

    await markEmailVerified(app, me.userId);
    const after = await own();
    expect(numbers(after)).toEqual([signedInOrder.orderNumber, guestOrder.orderNumber].sort());
    expect(numbers(after)).not.toContain(samePhone.orderNumber);
    expect(numbers(after)).not.toContain(theirs.orderNumber);
    expect(after.contactMessages.map((message) => message.message)).toEqual(["Mine"]);
    expect(after.rateAlerts).toHaveLength(1);
    expect(after.accounts.map((account) => account.id)).toEqual([me.userId]);
    expect(after.subject).toEqual({ from: "account", emails: [email], phones: [], accounts: [me.userId] });

    // Not audited: a customer reading their own data changes nothing.
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "customer.data_export"));
    expect(audits.every((entry) => entry.entityType === "order")).toBe(true);

    const anonymous = await app.inject({ method: "GET", url: "/api/account/data-export" });
    expect(anonymous.statusCode).toBe(401);
  });
});
