import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { displayDates } from "@bureau/domain/dates";
import { auditLog, orders, outbox, stockNotes } from "../../db/schema.ts";
import { collectHandover, createOrder, uniqueCustomer } from "../../test/factories.ts";
import { placeThroughApi } from "../../test/place-through-api.ts";
import { appWithStaff } from "../../test/staff-app.ts";

/**
 * A completed order is final (docs/features/completed-orders-are-final.md): the API refuses to cancel it, and History's Delete
 * archives it from the list, changing nothing else.
 */
describe("a completed order is final", () => {
  const env = appWithStaff();
  const post = (url: string, payload?: unknown) =>
    env.t.app.inject({ method: "POST", url, headers: env.staff.headers, ...(payload ? { payload } : {}) });
  const get = (url: string) => env.t.app.inject({ method: "GET", url, headers: env.staff.headers });
  const history = async (query: string) =>
    (await get(`/api/admin/orders?status=completed&${query}`)).json().orders as { id: string; archivedAt: string }[];

  /** Places a Click & Collect order at Chichester (its USD stock tracked), accepts it and completes it at the counter. */
  async function completedOrder(lastName: string) {
    const customer = { firstName: "Final", lastName, ...uniqueCustomer() };
    const placed = await placeThroughApi(env.t.app, {
      branch: "chichester",
      lines: [{ currency: "USD", gbpMinor: 20_000 }],
      customer,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await env.t.db.select().from(orders).where(eq(orders.orderNumber, placed.json().orderNumber));
    const id = row!.id;
    expect((await post(`/api/admin/orders/${id}/accept`)).statusCode).toBe(200);
    const completed = await post(`/api/admin/orders/${id}/complete`, collectHandover);
    expect(completed.statusCode, completed.body).toBe(200);
    return { id, orderNumber: row!.orderNumber, email: customer.email };
  }

  /** Everything an archive must leave as it was: the order's row but for the archive, stock, statistics, reports, the export, mail, what the customer sees. */
  async function everythingButTheList(order: { id: string; orderNumber: string; email: string }) {
    const [row] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    const { archivedAt: _at, archivedBy: _by, ...kept } = row!;
    const today = displayDates(env.t.config.displayTimeZone).day(new Date());
    const csv = await get(`/api/admin/orders.csv?q=${order.orderNumber}`);
    const tracked = await env.t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { orderNumber: order.orderNumber, email: order.email },
    });
    return {
      order: kept,
      stock: await env.t.db
        .select()
        .from(stockNotes)
        .where(and(eq(stockNotes.branchKey, "chichester"), eq(stockNotes.currencyCode, "USD"))),
      statistics: (await get("/api/admin/statistics")).json(),
      dayReport: (await get(`/api/admin/reports/day?branch=chichester&date=${today}`)).json(),
      export: csv.body,
      // Every e-mail about the order (received, ready, and none since: no "cancelled").
      mail: await env.t.db
        .select({ key: outbox.dedupeKey })
        .from(outbox)
        .where(like(outbox.dedupeKey, `%:${order.id}`))
        .orderBy(asc(outbox.dedupeKey)),
      tracked: tracked.json(),
    };
  }

  it("refuses completed → cancelled with a clear 409 in the API's error shape, changing nothing", async () => {
    const order = await completedOrder("Refused");
    const before = await everythingButTheList(order);
    const refused = await post(`/api/admin/orders/${order.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: "conflict",
        message:
          "This order is completed, so it cannot be cancelled: its money and notes have changed hands. Delete in History archives it from the list and changes nothing else.",
      },
    });
    expect(await everythingButTheList(order)).toEqual(before);
    expect(await env.t.db.select().from(auditLog).where(eq(auditLog.action, "order.cancel"))).toEqual([]);
  });

  it("archives from History: status, stock, statistics, the day's report, the export, mail and the customer's view unchanged; audited", async () => {
    await env.t.app.inject({
      method: "PUT",
      url: "/api/admin/stock/chichester/USD",
      headers: env.staff.headers,
      payload: {
        tracked: true,
        counts: [10_000, 5_000, 2_000, 1_000, 500, 200, 100].map((valueMinor) => ({ valueMinor, count: 5 })),
        reason: "Counted at opening",
      },
    });
    const order = await completedOrder("Archived");
    const before = await everythingButTheList(order);
    expect(before.dayReport.orders.map((o: { orderNumber: string }) => o.orderNumber)).toContain(order.orderNumber);
    expect(before.stock.some((s) => s.count < 5)).toBe(true);
    expect(before.mail.map((m) => m.key)).toEqual([`order-ready:${order.id}`, `order-received:${order.id}`]);
    expect(before.tracked).toMatchObject({ orderNumber: order.orderNumber, status: "completed" });
    expect(before.export).toContain(order.orderNumber);
    expect(await history(`q=${order.orderNumber}`)).toHaveLength(1);

    const archived = await post(`/api/admin/orders/${order.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ id: order.id, orderNumber: order.orderNumber, status: "completed" });

    expect(await everythingButTheList(order)).toEqual(before);
    // Gone from History's list, there again with "Show archived", marked as archived.
    expect(await history(`q=${order.orderNumber}`)).toEqual([]);
    expect(await history(`q=${order.orderNumber}&archived=exclude`)).toEqual([]);
    const shown = await history(`q=${order.orderNumber}&archived=include`);
    expect(shown.map((o) => o.id)).toEqual([order.id]);
    expect(shown[0]?.archivedAt).toBe(archived.json().archivedAt);
    const [row] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.archivedBy).toBe(env.staff.email);
    const audit = await env.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.archive")));
    expect(audit.map((a) => [a.actorEmail, a.before, a.after])).toEqual([
      [env.staff.email, { status: "completed", archived: false }, { status: "completed", archived: true }],
    ]);
    const details = (await get(`/api/admin/orders/${order.id}`)).json();
    expect(details.status).toBe("completed");
    expect(details.allowedTransitions).toEqual([]);
    expect(details.timeline.at(-1)).toMatchObject({ event: "archived", by: env.staff.email });

    // Once only.
    const again = await post(`/api/admin/orders/${order.id}/archive`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This order is already archived. Please refresh the list.");
  });

  it("pages History's archived filter with the keyset cursor", async () => {
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await createOrder(env.t.db, {
          status: "completed",
          lastName: "Pagedarchive",
          createdAt: new Date(Date.UTC(2026, 9, 1, 10, i)),
        }),
      );
    }
    for (const order of made.slice(0, 2))
      expect((await post(`/api/admin/orders/${order.id}/archive`)).statusCode).toBe(200);
    expect((await history("q=Pagedarchive")).map((o) => o.id)).toEqual([made[2]!.id]);
    const first = (await get("/api/admin/orders?status=completed&q=Pagedarchive&archived=include&limit=2")).json();
    expect(first.orders.map((o: { id: string }) => o.id)).toEqual([made[2]!.id, made[1]!.id]);
    const second = (
      await get(`/api/admin/orders?status=completed&q=Pagedarchive&archived=include&limit=2&after=${first.nextCursor}`)
    ).json();
    expect(second.orders.map((o: { id: string }) => o.id)).toEqual([made[0]!.id]);
    expect(second.nextCursor).toBeNull();
    expect((await get("/api/admin/orders?status=completed&archived=all")).statusCode).toBe(400);
  });

  it("archives completed orders only; Delete on Pending and Accepted orders still cancels and tells the customer", async () => {
    for (const status of ["pending", "accepted", "cancelled", "expired"] as const) {
      const order = await createOrder(env.t.db, { status });
      const refused = await post(`/api/admin/orders/${order.id}/archive`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/only completed orders are archived/);
      const [row] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row?.archivedAt).toBeNull();
    }
    for (const status of ["pending", "accepted"] as const) {
      const order = await createOrder(env.t.db, { status, email: `${status}.delete@example.com` });
      const cancelled = await post(`/api/admin/orders/${order.id}/cancel`);
      expect(cancelled.json().status).toBe("cancelled");
      const mail = await env.t.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `order-cancelled:${order.id}`));
      expect(mail).toHaveLength(1);
    }
    expect((await post("/api/admin/orders/00000000-0000-4000-8000-000000000000/archive")).statusCode).toBe(404);
    expect((await post("/api/admin/orders/not-a-uuid/archive")).statusCode).toBe(400);
  });

  it("lets exactly one of two staff archiving the same order at once succeed, audited once", async () => {
    const order = await createOrder(env.t.db, { status: "completed" });
    const results = await Promise.all([
      post(`/api/admin/orders/${order.id}/archive`),
      post(`/api/admin/orders/${order.id}/archive`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audit = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit).toHaveLength(1);
  });

  it("is refused to anyone not signed in as verified staff", async () => {
    const order = await createOrder(env.t.db, { status: "completed" });
    const anonymous = await env.t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/archive` });
    expect([401, 403]).toContain(anonymous.statusCode);
    const [row] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.archivedAt).toBeNull();
  });
});
