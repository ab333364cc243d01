import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Quote } from "@bureau/domain/contracts/orders";
import type { TrackedOrder } from "@bureau/domain/contracts/tracking";
import { auditLog, orders, outbox } from "../../db/schema.ts";
import { nextClientAddress, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { decodedBody, mailerFor, startSmtpSink } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const NOT_FOUND = "We could not find an order with these details";

describe("tracking an order by number and e-mail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const track = (body: Record<string, unknown>, remoteAddress = nextClientAddress()) =>
    t.app.inject({ method: "POST", url: "/api/orders/track", payload: body, remoteAddress });

  it("finds the order with any letter case of the e-mail and shows what the customer needs", async () => {
    const order = await createOrder(t.db, { email: "Grace.Hopper@Example.com", branchKey: "brighton" });
    const response = await track({ orderNumber: order.orderNumber, email: "  grace.hopper@EXAMPLE.com " });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const tracked = response.json() as TrackedOrder;
    expect(tracked).toMatchObject({
      orderNumber: order.orderNumber,
      status: "pending",
      canCancel: true,
      fullName: "Grace Hopper",
      branch: { key: "brighton", name: expect.stringContaining("Brighton") },
    });
    expect(tracked.branch.hours.length).toBeGreaterThan(0);
    expect(tracked.lines).toHaveLength(1);
    expect(tracked.timeline.map((entry) => entry.event)).toEqual(["placed"]);
    expect(tracked.accessToken).toContain(order.id);
    // Staff names never reach the customer's page.
    expect(JSON.stringify(tracked)).not.toContain("acceptedBy");
  });

  it("gives the same answer for a wrong e-mail and for a number that does not exist", async () => {
    const order = await createOrder(t.db, { email: "owner@example.com" });
    const wrongEmail = await track({ orderNumber: order.orderNumber, email: "someone@example.com" });
    let unknownNumber = "00000001";
    if (unknownNumber === order.orderNumber) unknownNumber = "00000002";
    const noSuchNumber = await track({ orderNumber: unknownNumber, email: "owner@example.com" });
    for (const response of [wrongEmail, noSuchNumber]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(NOT_FOUND);
    }
    const { requestId: _a, ...first } = wrongEmail.json().error;
    const { requestId: _b, ...second } = noSuchNumber.json().error;
    expect(first).toEqual(second);
  });

  it("refuses malformed input with field messages", async () => {
    const response = await track({ orderNumber: "1234", email: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      orderNumber: "An order number has 8 digits",
      email: "Enter your email",
    });
  });

  it("slows misses per order number down, whatever the address, and never refuses the right pair", async () => {
    const order = await createOrder(t.db, { email: "target@example.com" });
    const owner = nextClientAddress();
    for (let i = 0; i < 12; i++) {
      expect((await track({ orderNumber: order.orderNumber, email: "target@example.com" }, owner)).statusCode).toBe(
        200,
      );
    }
    // Others flood the number with wrong e-mails, from many addresses at once.
    const flood = await Promise.all(
      Array.from({ length: 15 }, (_, i) => track({ orderNumber: order.orderNumber, email: `guess${i}@example.com` })),
    );
    expect(flood.every((r) => r.statusCode === 404)).toBe(true);
    // The owner still finds the order, later than usual (the number's slow-down is at its longest)...
    let started = performance.now();
    const found = await track({ orderNumber: order.orderNumber, email: "target@example.com" });
    expect(found.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(3_900);
    // ...and finding it ends the slow-down.
    started = performance.now();
    expect((await track({ orderNumber: order.orderNumber, email: `guess-late@example.com` })).statusCode).toBe(404);
    expect(performance.now() - started).toBeLessThan(450);
    // Another order is not affected.
    const other = await createOrder(t.db, { email: "other@example.com" });
    expect((await track({ orderNumber: other.orderNumber, email: "other@example.com" })).statusCode).toBe(200);
  });

  it("stops parallel misses from one address at the cap", async () => {
    const address = nextClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        track({ orderNumber: String(30_000_000 + i), email: "x@example.com" }, address),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("limits misses per client address, whatever the number", async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 20; i++) {
      const number = String(20_000_000 + i);
      expect((await track({ orderNumber: number, email: "x@example.com" }, address)).statusCode).toBe(404);
    }
    const order = await createOrder(t.db, { email: "late@example.com" });
    expect((await track({ orderNumber: order.orderNumber, email: "late@example.com" }, address)).statusCode).toBe(429);
    expect((await track({ orderNumber: order.orderNumber, email: "late@example.com" })).statusCode).toBe(200);
  });
});

describe("signed order links and the customer's cancel", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const open = (token: string) =>
    t.app.inject({ method: "GET", url: `/api/orders/link/${token}`, remoteAddress: nextClientAddress() });
  const cancel = (token: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/orders/cancel",
      payload: { token },
      remoteAddress: nextClientAddress(),
    });
  const tokenOf = (orderId: string) => t.app.orderLinks.tokenFor(orderId);

  it("opens an open order's page from its link", async () => {
    for (const status of ["pending", "accepted"] as const) {
      const order = await createOrder(t.db, { status, acceptedAt: status === "accepted" ? new Date() : null });
      const response = await open(tokenOf(order.id));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ orderNumber: order.orderNumber, status, canCancel: true });
    }
  });

  it("gives the order page its collect-by date, its contact details and the branch's weekday in the bureau's zone", async () => {
    const day = 24 * 60 * 60 * 1000;
    const { acceptedDays, pendingDays } = t.app.config.orderExpiry;
    const createdAt = new Date(Date.now() - 2 * day);
    const acceptedAt = new Date(Date.now() - day);
    const pending = await createOrder(t.db, { createdAt, email: "dee@example.com" });
    const accepted = await createOrder(t.db, { status: "accepted", createdAt, acceptedAt });
    const weekday = new Intl.DateTimeFormat("en-GB", { timeZone: t.app.config.displayTimeZone, weekday: "long" });

    const pendingPage = (await open(tokenOf(pending.id))).json() as TrackedOrder;
    expect(pendingPage.deadline).toEqual({
      kind: "once-ready",
      days: acceptedDays,
      readyBy: new Date(createdAt.getTime() + pendingDays * day).toISOString(),
    });
    expect(pendingPage).toMatchObject({ email: "dee@example.com", phone: pending.phone });
    expect(pendingPage.branch.today).toBe(weekday.format(new Date()));

    const acceptedPage = (await open(tokenOf(accepted.id))).json() as TrackedOrder;
    expect(acceptedPage.deadline).toEqual({
      kind: "collect-by",
      at: new Date(acceptedAt.getTime() + acceptedDays * day).toISOString(),
    });

    // A closed order (opened by its verified owner or the lookup) has no deadline left.
    await cancel(tokenOf(pending.id));
    const lookup = await t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { orderNumber: pending.orderNumber, email: "dee@example.com" },
      remoteAddress: nextClientAddress(),
    });
    expect((lookup.json() as TrackedOrder).deadline).toBeNull();
  });

  it("refuses a tampered link and a link signed with another secret", async () => {
    const order = await createOrder(t.db);
    const other = await createOrder(t.db);
    const [, signature] = tokenOf(order.id).split(".");
    for (const token of [`${other.id}.${signature}`, `${order.id}.${"A".repeat(43)}`, `${randomUUID()}.${signature}`]) {
      const response = await open(token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toMatch(/link is not valid/);
      expect((await cancel(token)).statusCode).toBe(404);
    }
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe("pending");
  });

  it("expires the link once the order is closed", async () => {
    for (const status of ["completed", "cancelled"] as const) {
      const order = await createOrder(t.db, { status });
      const response = await open(tokenOf(order.id));
      expect(response.statusCode).toBe(410);
      expect(response.json().error.message).toMatch(/expired because the order is closed/);
    }
  });

  it("cancels a pending order: kept, audited with the customer as actor, off the staff lists, e-mailed", async () => {
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const order = await createOrder(t.db, { firstName: "Cancelling", email: "Cancel.Me@example.com" });
    const response = await cancel(tokenOf(order.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "cancelled", canCancel: false });
    expect(response.json().timeline.map((e: { event: string }) => e.event)).toEqual(["placed", "cancelled"]);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept?.status).toBe("cancelled");
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "order.cancel",
      actorId: null,
      actorEmail: "Cancel.Me@example.com",
      before: { status: "pending" },
      after: { status: "cancelled", by: "customer" },
    });
    const pendingList = await t.app.inject({
      method: "GET",
      url: "/api/admin/orders?status=pending&q=Cancelling",
      headers: staff.headers,
    });
    expect(pendingList.json().orders).toEqual([]);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "order-cancelled"), eq(outbox.dedupeKey, `order-cancelled:${order.id}`)));
    expect(mails).toHaveLength(1);
  });

  it("cancels an accepted order too", async () => {
    const order = await createOrder(t.db, { status: "accepted", acceptedAt: new Date() });
    expect((await cancel(tokenOf(order.id))).json().status).toBe("cancelled");
  });

  it("refuses a second cancel and the cancel of a completed order with a clear message", async () => {
    const order = await createOrder(t.db);
    expect((await cancel(tokenOf(order.id))).statusCode).toBe(200);
    const again = await cancel(tokenOf(order.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This order has already been cancelled.");

    const completed = await createOrder(t.db, { status: "completed" });
    const refused = await cancel(tokenOf(completed.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("This order has been completed, so it can no longer be cancelled.");
    const [after] = await t.db.select().from(orders).where(eq(orders.id, completed.id));
    expect(after?.status).toBe("completed");
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, completed.id));
    expect(audit).toEqual([]);
  });
});

describe("the link in every order e-mail", () => {
  it("is in the received, ready and cancelled e-mails and opens the order page", async () => {
    const t = await createTestApp();
    const smtp = await startSmtpSink();
    try {
      const quoteResponse = await t.app.inject({
        method: "POST",
        url: "/api/quotes",
        payload: { currency: "EUR", way: "Order", gbpMinor: 30_000 },
      });
      const quote = quoteResponse.json() as Quote;
      const placed = await t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: {
          idempotencyKey: randomUUID(),
          way: "Order",
          lines: [{ quoteId: quote.id, rate: quote.rate, gbpMinor: quote.gbpMinor, foreignMinor: quote.foreignMinor }],
          branch: "worthing",
          customer: {
            firstName: "Mail",
            lastName: "Link",
            email: "link@example.com",
            confirmEmail: "link@example.com",
            phone: "07700 900111",
            acceptedTerms: true,
          },
        },
      });
      expect(placed.statusCode).toBe(201);
      const receipt = placed.json();
      // The confirmation gets the same signed token as the e-mails.
      expect((await t.app.inject({ method: "GET", url: `/api/orders/link/${receipt.accessToken}` })).statusCode).toBe(
        200,
      );
      const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, receipt.orderNumber));
      const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
      await t.app.inject({ method: "POST", url: `/api/admin/orders/${order!.id}/accept`, headers: staff.headers });
      await t.app.inject({ method: "POST", url: `/api/admin/orders/${order!.id}/cancel`, headers: staff.headers });
      const mailer = mailerFor(t.app, smtp);
      await mailer.runOnce();
      await mailer.stop();
      const bodies = smtp.messages.filter((m) => m.to.includes("link@example.com")).map((m) => decodedBody(m.raw));
      expect(bodies).toHaveLength(3);
      expect(bodies.some((body) => body.includes("has been cancelled"))).toBe(true);
      for (const body of bodies) {
        const links = [...body.matchAll(/http:\/\/localhost:3000\/track\/([A-Za-z0-9._-]+)/g)].map((m) => m[1]);
        expect(links.length).toBeGreaterThan(0);
        expect(new Set(links)).toEqual(new Set([t.app.orderLinks.tokenFor(order!.id)]));
      }
    } finally {
      await smtp.close();
      await t.close();
    }
  });
});
