import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orderHandovers, orderNotes, orders, stockNotes } from "../../db/schema.ts";
import { collectHandover, createOrder, saleHandover } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { transitionOrder } from "./transition-order.ts";

const LONDON = "Europe/London";

describe("the handover at the counter (issue 17 item 4)", () => {
  const env = appWithStaff();
  const db = () => env.t.db;
  const actor = () => ({ id: env.staff.userId, email: env.staff.email });

  const complete = (id: string, payload?: object) =>
    env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/complete`,
      headers: env.staff.headers,
      ...(payload ? { payload } : {}),
    });
  const details = async (id: string) =>
    (await env.t.app.inject({ method: "GET", url: `/api/admin/orders/${id}`, headers: env.staff.headers })).json();
  const statusOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]?.status;
  const handoverOf = async (id: string) =>
    (await db().select().from(orderHandovers).where(eq(orderHandovers.orderId, id)))[0];
  const auditOf = (id: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "order.complete")));

  it("refuses to complete a Click & Collect order without the ID and the card tick, changing nothing", async () => {
    const order = await createOrder(db(), { status: "accepted" });
    const bare = await complete(order.id);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(
      "Record the handover to complete this order: the customer's ID and what was handed over.",
    );
    expect(bare.json().error.fields).toMatchObject({
      idType: "Choose the type of ID checked",
      idNumberLast4: "Enter the last 4 letters or digits of the document's number",
      idExpiresOn: "Enter the document's expiry date",
      cardMatchesName: "Tick that the payment card matches the name on the ID",
    });
    const { cardMatchesName: _tick, ...noTick } = collectHandover;
    const untick = await complete(order.id, noTick);
    expect(untick.statusCode).toBe(400);
    expect(untick.json().error.message).toBe("Tick that the payment card matches the name on the ID.");
    expect(untick.json().error.fields).toEqual({
      cardMatchesName: "Tick that the payment card matches the name on the ID",
    });
    const badNumber = await complete(order.id, { ...collectHandover, idNumberLast4: "12-4" });
    expect(badNumber.json().error.fields).toEqual({
      idNumberLast4: "Enter the last 4 letters or digits of the document's number",
    });
    const badType = await complete(order.id, { ...collectHandover, idType: "library_card" });
    expect(badType.json().error.fields).toEqual({ idType: "Choose the type of ID checked" });
    expect(await statusOf(order.id)).toBe("accepted");
    expect(await handoverOf(order.id)).toBeUndefined();
    expect(await auditOf(order.id)).toEqual([]);
  });

  it("refuses a document that expired before today in London, and accepts one that expires today", async () => {
    // 23:30 UTC on June 30th is 00:30 on July 1st in London (summer time): June 30th is already past.
    const now = new Date("2026-06-30T23:30:00Z");
    const order = await createOrder(db(), { status: "accepted" });
    const expired = transitionOrder({
      db: db(),
      orderId: order.id,
      transition: "complete",
      actor: actor(),
      now,
      timeZone: LONDON,
      handover: { ...collectHandover, idExpiresOn: "2026-06-30" },
    });
    await expect(expired).rejects.toMatchObject({
      message: "This document expired on June 30th, 2026: an expired document cannot be accepted.",
      fields: { idExpiresOn: "This document expired on June 30th, 2026: an expired document cannot be accepted" },
    });
    expect(await statusOf(order.id)).toBe("accepted");
    const done = await transitionOrder({
      db: db(),
      orderId: order.id,
      transition: "complete",
      actor: actor(),
      now,
      timeZone: LONDON,
      handover: { ...collectHandover, idType: "driving_licence", idNumberLast4: "ab9z", idExpiresOn: "2026-07-01" },
    });
    expect(done.status).toBe("completed");
    expect(await handoverOf(order.id)).toMatchObject({
      idType: "driving_licence",
      idNumberLast4: "AB9Z",
      idExpiresOn: "2026-07-01",
      cardMatchesName: true,
      received: null,
      gbpMinor: order.totalGbpMinor,
      recordedAt: now,
      recordedBy: env.staff.email,
    });
  });

  it("stores the Click & Collect handover with the order, in its timeline, and audits it without the document's number", async () => {
    const order = await createOrder(db(), { status: "accepted", gbpMinor: 30_000 });
    const response = await complete(order.id, { ...collectHandover, idType: "national_id" });
    expect(response.statusCode).toBe(200);
    const shown = await details(order.id);
    expect(shown.timeline.map((e: { event: string }) => e.event)).toEqual(["created", "handover", "completed"]);
    expect(shown.timeline[1].by).toBe(env.staff.email);
    expect(shown.handover).toMatchObject({
      idType: "national_id",
      idNumberLast4: "1234",
      idExpiresOn: "2099-12-31",
      cardMatchesName: true,
      received: null,
      differenceReason: null,
      gbpMinor: 30_000,
      paymentMethod: "card",
      recordedBy: env.staff.email,
    });
    const [audit] = await auditOf(order.id);
    expect(audit?.actorEmail).toBe(env.staff.email);
    expect(audit?.after).toEqual({
      status: "completed",
      handover: { idType: "national_id", cardMatchesName: true, gbpMinor: 30_000, paymentMethod: "card" },
    });
    expect(JSON.stringify(audit?.after)).not.toContain("1234");
    // Completing twice is refused by the lifecycle, with no second record.
    expect((await complete(order.id, collectHandover)).statusCode).toBe(409);
  });

  it("recomputes a Click & Sell's sterling exactly in pence from the notes received, and puts them in stock", async () => {
    // Brighton counts EUR; the sale is £250 at 1.1232: €280.80 ordered (the factory's line).
    const tracked = await env.t.app.inject({
      method: "PUT",
      url: "/api/admin/stock/brighton/EUR",
      headers: env.staff.headers,
      payload: { tracked: true, counts: [{ valueMinor: 5_000, count: 2 }], reason: "Counted at opening" },
    });
    expect(tracked.statusCode).toBe(200);
    const order = await createOrder(db(), { status: "accepted", way: "Sell", branchKey: "brighton", gbpMinor: 25_000 });
    const [line] = (await details(order.id)).lines;
    expect(line).toMatchObject({ foreignMinor: 28_080, gbpMinor: 25_000, rate: "1.1232" });

    // The customer brought €270: 1 × €200, 1 × €50, 1 × €20.
    const notes = [
      { valueMinor: 20_000, count: 1 },
      { valueMinor: 5_000, count: 1 },
      { valueMinor: 2_000, count: 1 },
      { valueMinor: 1_000, count: 0 },
    ];
    const noReason = await complete(order.id, saleHandover([{ currency: "EUR", notes }]));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({
      differenceReason:
        "The notes received differ from the order: record the difference (what the customer brought, and why)",
    });
    const tooMuch = await complete(
      order.id,
      saleHandover([{ currency: "EUR", notes: [{ valueMinor: 20_000, count: 2 }] }], "Brought more"),
    );
    expect(tooMuch.json().error.fields).toEqual({
      "received.EUR":
        "€400.00 is more than the order's €280.80: hand back the extra notes (the order was agreed for its amount)",
    });
    const notANote = await complete(
      order.id,
      saleHandover([{ currency: "EUR", notes: [{ valueMinor: 700, count: 1 }] }], "A €7 note"),
    );
    expect(notANote.json().error.fields).toEqual({ "received.EUR": "€7.00 is not a EUR note" });
    expect(await statusOf(order.id)).toBe("accepted");

    const reason = "Customer brought €270; €10.80 not brought";
    const done = await complete(order.id, saleHandover([{ currency: "EUR", notes }], reason));
    expect(done.statusCode).toBe(200);
    // £ = floor(€270.00 / 1.1232) = floor(24038.46…) pence.
    const expectedGbp = 24_038;
    expect(await handoverOf(order.id)).toMatchObject({
      cardMatchesName: null,
      differenceReason: reason,
      gbpMinor: expectedGbp,
      received: [
        {
          currency: "EUR",
          orderedMinor: 28_080,
          receivedMinor: 27_000,
          notes: [
            { valueMinor: 20_000, count: 1 },
            { valueMinor: 5_000, count: 1 },
            { valueMinor: 2_000, count: 1 },
          ],
          gbpOrderedMinor: 25_000,
          gbpPaidMinor: expectedGbp,
        },
      ],
    });
    const [audit] = await auditOf(order.id);
    expect(audit?.after).toEqual({
      status: "completed",
      handover: {
        idType: "passport",
        received: [{ currency: "EUR", orderedMinor: 28_080, receivedMinor: 27_000, gbpPaidMinor: expectedGbp }],
        differenceReason: reason,
        gbpMinor: expectedGbp,
        paymentMethod: "cash",
      },
    });
    // Stock received what was actually received, not the order's amount.
    const stock = await db()
      .select()
      .from(stockNotes)
      .where(and(eq(stockNotes.branchKey, "brighton"), eq(stockNotes.currencyCode, "EUR")));
    expect(Object.fromEntries(stock.map((s) => [s.denominationMinor, s.count]))).toEqual({
      20000: 1,
      5000: 3,
      2000: 1,
    });
    const recorded = await db().select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(recorded.map((n) => [n.denominationMinor, n.count]).sort((a, b) => b[0]! - a[0]!)).toEqual([
      [20_000, 1],
      [5_000, 1],
      [2_000, 1],
    ]);
    expect((await details(order.id)).handover).toMatchObject({ gbpMinor: expectedGbp, differenceReason: reason });

    // The completed sale is final: cancelling it afterwards is refused, and stock stays as counted.
    const cancelled = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/cancel`,
      headers: env.staff.headers,
    });
    expect(cancelled.statusCode).toBe(409);
    const after = await db()
      .select()
      .from(stockNotes)
      .where(and(eq(stockNotes.branchKey, "brighton"), eq(stockNotes.currencyCode, "EUR")));
    expect(after.map((s) => s.count).reduce((a, b) => a + b, 0)).toBe(5);
  });

  it("pays a Click & Sell received in full exactly its ordered sterling, with no reason needed", async () => {
    // A currency without a note table is received as an amount.
    const order = await createOrder(db(), { status: "accepted", way: "Sell", currency: "KWD", gbpMinor: 10_000 });
    const [line] = (await details(order.id)).lines;
    const done = await complete(order.id, saleHandover([{ currency: "KWD", amountMinor: line.foreignMinor }]));
    expect(done.statusCode).toBe(200);
    expect(await handoverOf(order.id)).toMatchObject({ gbpMinor: 10_000, differenceReason: null });
  });

  it("refuses a Click & Sell where nothing was received", async () => {
    const order = await createOrder(db(), { status: "accepted", way: "Sell" });
    const nothing = await complete(
      order.id,
      saleHandover([{ currency: "EUR", notes: [] }], "Customer brought nothing"),
    );
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.fields).toMatchObject({
      received: "Nothing was received: cancel the order rather than complete it.",
    });
    expect(await statusOf(order.id)).toBe("accepted");
  });

  it("a completed Click & Collect order is final: cancelling is refused and its handed-over notes stay out of stock", async () => {
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
    const quote = await env.t.app.inject({
      method: "POST",
      url: "/api/quotes",
      payload: { currency: "USD", way: "Order", gbpMinor: 20_000 },
    });
    expect(quote.statusCode).toBe(201);
    const q = quote.json();
    const placed = await env.t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: crypto.randomUUID(),
        way: "Order",
        branch: "chichester",
        lines: [{ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor }],
        customer: {
          firstName: "Cora",
          lastName: "Counter",
          email: "cora.counter@example.com",
          confirmEmail: "cora.counter@example.com",
          phone: "07700 900555",
          acceptedTerms: true,
        },
      },
    });
    expect(placed.statusCode).toBe(201);
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, placed.json().orderNumber));
    const id = row!.id;
    const stockNow = async () =>
      Object.fromEntries(
        (
          await db()
            .select()
            .from(stockNotes)
            .where(and(eq(stockNotes.branchKey, "chichester"), eq(stockNotes.currencyCode, "USD")))
        ).map((s) => [s.denominationMinor, { count: s.count, reserved: s.reserved }]),
      );
    const reserved = await stockNow();
    const held = Object.values(reserved).reduce((sum, s) => sum + s.reserved, 0);
    expect(held).toBeGreaterThan(0);
    await env.t.app.inject({ method: "POST", url: `/api/admin/orders/${id}/accept`, headers: env.staff.headers });
    expect((await complete(id, collectHandover)).statusCode).toBe(200);
    const handedOver = await stockNow();
    for (const [value, before] of Object.entries(reserved)) {
      expect(handedOver[Number(value)]).toEqual({ count: before.count - before.reserved, reserved: 0 });
    }
    const cancelled = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/cancel`,
      headers: env.staff.headers,
    });
    expect(cancelled.statusCode).toBe(409);
    expect(await stockNow()).toEqual(handedOver);
  });
});
