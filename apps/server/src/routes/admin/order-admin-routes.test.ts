import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orders, outbox } from "../../db/schema.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { collectHandover, createOrder } from "../../test/factories.ts";
import { decodedBody, mailerFor, startSmtpSink } from "../../test/smtp-sink.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { createTestApp } from "../../test/test-app.ts";

describe("staff order lifecycle", () => {
  const env = appWithStaff();

  // Completing sends the handover record (a Click & Collect one: these orders are the factory's).
  const act = (id: string, transition: string) =>
    env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/${transition}`,
      headers: env.staff.headers,
      ...(transition === "complete" ? { payload: collectHandover } : {}),
    });
  const list = (query: string) =>
    env.t.app.inject({ method: "GET", url: `/api/admin/orders?${query}`, headers: env.staff.headers });

  it("moves an order pending → accepted → completed, audited, and lists it where it belongs", async () => {
    const order = await createOrder(env.t.db, { firstName: "Lifecycle" });
    expect((await list("status=pending&q=Lifecycle")).json().orders.map((o: { id: string }) => o.id)).toEqual([
      order.id,
    ]);
    expect((await act(order.id, "accept")).json().status).toBe("accepted");
    expect((await list("status=pending&q=Lifecycle")).json().orders).toEqual([]);
    expect((await list("status=accepted&q=Lifecycle")).json().orders).toHaveLength(1);
    expect((await act(order.id, "complete")).json().status).toBe("completed");
    expect((await list("status=completed&q=Lifecycle")).json().orders).toHaveLength(1);
    const details = (
      await env.t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}`, headers: env.staff.headers })
    ).json();
    expect(details.timeline.map((e: { event: string }) => e.event)).toEqual([
      "created",
      "accepted",
      "handover",
      "completed",
    ]);
    expect(details.timeline[1].by).toBe(env.staff.email);
    // A completed order is final: History's Delete archives it (order-archive.test.ts).
    expect(details.allowedTransitions).toEqual([]);
    const audit = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["order.accept", "order.complete"]);
    expect(audit.every((a) => a.actorEmail === env.staff.email)).toBe(true);
  });

  it.each([
    ["pending", "complete"],
    ["accepted", "accept"],
    ["completed", "accept"],
    ["completed", "complete"],
    ["completed", "cancel"],
    ["cancelled", "accept"],
    ["cancelled", "complete"],
    ["cancelled", "cancel"],
  ] as const)("refuses to %s → %s with 409 and changes nothing", async (status, transition) => {
    const order = await createOrder(env.t.db, { status });
    const response = await act(order.id, transition);
    expect(response.statusCode).toBe(409);
    const [after] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe(status);
  });

  it("cancels (Delete) but keeps the order, visible under the cancelled filter only", async () => {
    const order = await createOrder(env.t.db, { firstName: "Cancelme" });
    expect((await act(order.id, "cancel")).json().status).toBe("cancelled");
    const [kept] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept?.cancelledBy).toBe(env.staff.email);
    for (const status of ["pending", "accepted", "completed"]) {
      expect((await list(`status=${status}&q=Cancelme`)).json().orders).toEqual([]);
    }
    expect((await list("status=cancelled&q=Cancelme")).json().orders).toHaveLength(1);
  });

  it("lets exactly one of several staff accepting the same order at once succeed", async () => {
    const order = await createOrder(env.t.db);
    const results = await Promise.all([act(order.id, "accept"), act(order.id, "accept"), act(order.id, "accept")]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const mails = await env.t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-ready:${order.id}`));
    expect(mails).toHaveLength(1);
    const audit = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit).toHaveLength(1);
  });

  it("keeps a consistent state when accept, complete and cancel race", async () => {
    const order = await createOrder(env.t.db, { status: "accepted" });
    const results = await Promise.all([act(order.id, "complete"), act(order.id, "cancel"), act(order.id, "accept")]);
    const [after] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    const audit = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    // Every success is one audited step; the accept can never succeed on an accepted order.
    expect(results[2]?.statusCode).toBe(409);
    expect(audit).toHaveLength(results.filter((r) => r.statusCode === 200).length);
    expect(["completed", "cancelled"]).toContain(after?.status);
  });

  it("answers 404 for an unknown order and 400 for a malformed id", async () => {
    expect((await act("00000000-0000-4000-8000-000000000000", "accept")).statusCode).toBe(404);
    expect((await act("not-a-uuid", "accept")).statusCode).toBe(400);
    expect((await act("00000000-0000-4000-8000-000000000000", "explode")).statusCode).toBe(400);
  });

  it("pages newest first with a keyset cursor and searches by number, e-mail, phone and name", async () => {
    const created = [];
    for (let i = 0; i < 5; i++) {
      created.push(
        await createOrder(env.t.db, {
          firstName: "Pager",
          lastName: `Person${i}`,
          email: `pager${i}@example.com`,
          phone: `07700 91000${i}`,
          createdAt: new Date(Date.UTC(2026, 10, 1, 10, i)),
        }),
      );
    }
    const first = (await list("status=pending&q=pager&limit=2")).json();
    expect(first.orders.map((o: { lastName?: string; name: string }) => o.name)).toEqual([
      "Pager Person4",
      "Pager Person3",
    ]);
    const second = (await list(`status=pending&q=pager&limit=2&after=${first.nextCursor}`)).json();
    expect(second.orders.map((o: { name: string }) => o.name)).toEqual(["Pager Person2", "Pager Person1"]);
    const third = (await list(`status=pending&q=pager&limit=2&after=${second.nextCursor}`)).json();
    expect(third.orders.map((o: { name: string }) => o.name)).toEqual(["Pager Person0"]);
    expect(third.nextCursor).toBeNull();
    const byNumber = (await list(`status=pending&q=${created[2]!.orderNumber}`)).json();
    expect(byNumber.orders.map((o: { id: string }) => o.id)).toEqual([created[2]!.id]);
    expect((await list("status=pending&q=pager3@EXAMPLE")).json().orders).toHaveLength(1);
    expect((await list("status=pending&q=0770091000")).json().orders.length).toBeGreaterThanOrEqual(5);
    expect((await list("status=pending&q=person1")).json().orders).toHaveLength(1);
    expect((await list("status=pending&after=garbage")).statusCode).toBe(400);
    expect((await list("status=pending&q=%25")).json().orders).toEqual([]);
    expect((await list("status=pending&q=%00")).statusCode).toBe(400);
    expect((await list("status=pending&q=a%00b")).statusCode).toBe(400);
  });

  it("gives FX amounts per line and the sterling amount for both ways", async () => {
    const sell = await createOrder(env.t.db, { way: "Sell", firstName: "Seller", gbpMinor: 8_000 });
    const row = (await list("status=pending&q=Seller")).json().orders[0];
    expect(row.id).toBe(sell.id);
    expect(row.way).toBe("Sell");
    expect(row.totalGbpMinor).toBe(8_000);
    expect(row.fx).toEqual([{ currency: "EUR", foreignMinor: 8985 }]);
  });
});

describe("ready-for-collection e-mail", () => {
  it("is delivered to a real SMTP server when staff accept, with branch, hours and reminders", async () => {
    const t = await createTestApp();
    const smtp = await startSmtpSink();
    try {
      const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
      const order = await createOrder(t.db, { email: "collect@example.com", branchKey: "chichester" });
      const response = await t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${order.id}/accept`,
        headers: staff.headers,
      });
      expect(response.statusCode).toBe(200);
      const mailer = mailerFor(t.app, smtp);
      await mailer.runOnce();
      await mailer.stop();
      const mail = smtp.messages.find((m) => m.to.includes("collect@example.com"));
      const body = decodedBody(mail?.raw ?? "");
      expect(body).toContain(order.orderNumber);
      expect(body).toContain("Chichester");
      expect(body).toMatch(/Monday(?: to [A-Z][a-z]+day)? 9AM to /);
      expect(body).toContain("passport");
      expect(body).toContain("proof of address");
      expect(body).toContain("24 hours");
      const [row] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, "order-ready"), eq(outbox.status, "sent")));
      expect(row).toBeTruthy();
    } finally {
      await smtp.close();
      await t.close();
    }
  });
});
