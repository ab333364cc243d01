import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_ORDER_EXPIRY } from "@bureau/domain/order-lifecycle";
import { defaultSmallestNoteMinor, splitIntoWholeNotes, unlimitedNotes } from "@bureau/domain/whole-notes";
import { auditLog, orderNotes, orders, quotes, stockCurrencies, stockNotes } from "../../db/schema.ts";
import { nextClientAddress, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { collectHandover, saleHandover } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { expireOverdueOrders } from "../orders/index.ts";

type Counts = Record<number, number>;

const customer = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  confirmEmail: "ada@example.com",
  phone: "07700 900123",
  acceptedTerms: true,
};

describe("stock by denomination", () => {
  const env = appWithStaff();

  const putStock = (
    branch: string,
    currency: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = env.staff.headers,
  ) => env.t.app.inject({ method: "PUT", url: `/api/admin/stock/${branch}/${currency}`, headers, payload: body });
  const getStock = (query: string, headers: Record<string, string> = env.staff.headers) =>
    env.t.app.inject({ method: "GET", url: `/api/admin/stock?${query}`, headers });
  const asCounts = (counts: Counts) =>
    Object.entries(counts).map(([value, n]) => ({ valueMinor: Number(value), count: n }));
  async function track(branch: string, currency: string, counts: Counts) {
    const response = await putStock(branch, currency, {
      tracked: true,
      counts: asCounts(counts),
      reason: "Counted at opening",
    });
    expect(response.statusCode).toBe(200);
  }
  async function stockOf(branch: string, currency: string) {
    const rows = await env.t.db
      .select()
      .from(stockNotes)
      .where(and(eq(stockNotes.branchKey, branch), eq(stockNotes.currencyCode, currency)));
    return Object.fromEntries(rows.map((r) => [r.denominationMinor, { count: r.count, reserved: r.reserved }]));
  }
  /**
   * A held quote at a chosen customer rate (the placement checks the amounts follow from it): Click &
   * Collect in whole notes of the currency, the rest of the sterling back.
   */
  async function quoteAt(currency: string, rate: string, gbpMinor: number, way: "Order" | "Sell" = "Order") {
    const rate4 = Math.round(Number(rate) * 10_000);
    const exactMinor = way === "Order" ? Math.floor((gbpMinor * rate4) / 10_000) : gbpMinor;
    const split = splitIntoWholeNotes({
      gbpMinor,
      exactForeignMinor: exactMinor,
      rate,
      currency,
      available: unlimitedNotes(currency, defaultSmallestNoteMinor(currency)),
    });
    const foreignMinor = way === "Order" ? split.notesMinor : exactMinor;
    const [quote] = await env.t.db
      .insert(quotes)
      .values({
        currencyCode: currency,
        way,
        rate,
        marketRate: rate,
        margin: "0",
        gbpMinor: way === "Order" ? gbpMinor : Math.floor((foreignMinor * 10_000) / rate4),
        foreignMinor,
        sterlingBackMinor: way === "Order" ? split.sterlingBackMinor : 0,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      })
      .returning();
    return quote!;
  }
  async function place(branch: string, quote: typeof quotes.$inferSelect) {
    return env.t.app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: nextClientAddress(),
      payload: {
        idempotencyKey: randomUUID(),
        way: quote.way,
        lines: [
          {
            quoteId: quote.id,
            rate: Number(quote.rate).toFixed(4),
            gbpMinor: quote.gbpMinor,
            foreignMinor: quote.foreignMinor,
          },
        ],
        branch,
        customer,
      },
    });
  }
  async function orderIdOf(response: { json(): { orderNumber: string } }) {
    const [row] = await env.t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, response.json().orderNumber));
    return row!.id;
  }
  const act = (id: string, transition: string, handover: object = collectHandover) =>
    env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/${transition}`,
      headers: env.staff.headers,
      ...(transition === "complete" ? { payload: handover } : {}),
    });
  const details = async (id: string) =>
    (await env.t.app.inject({ method: "GET", url: `/api/admin/orders/${id}`, headers: env.staff.headers })).json();
  const availability = async (need: string) =>
    Object.fromEntries(
      (await env.t.app.inject({ method: "GET", url: `/api/stock/availability?need=${need}` }))
        .json()
        .branches.map((b: { key: string; availability: string | null }) => [b.key, b.availability]),
    );
  const countRows = async (table: typeof orders | typeof orderNotes | typeof auditLog) =>
    (await env.t.db.select({ n: count() }).from(table))[0]!.n;

  it("with no stock entered, takes orders as before: nothing reserved, no availability shown", async () => {
    expect(await env.t.db.select().from(stockCurrencies)).toEqual([]);
    const placed = await place("worthing", await quoteAt("EUR", "1.1232", 25_000));
    expect(placed.statusCode).toBe(201);
    expect(await countRows(orderNotes)).toBe(0);
    expect((await details(await orderIdOf(placed))).notes).toEqual([]);
    expect(await availability("EUR:25000:1.1232")).toEqual({
      worthing: null,
      brighton: null,
      chichester: null,
      "172": null,
    });
  });

  it("records counts and tracking with who, before, after and reason, and shows count, reserved and free", async () => {
    const response = await putStock("worthing", "EUR", {
      tracked: true,
      counts: asCounts({ 20000: 1, 5000: 2, 2000: 5 }),
      reason: "Delivery from the cash centre",
    });
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({ branch: "worthing", currency: "EUR", isTracked: true });
    expect(view.notes).toEqual([
      { valueMinor: 20_000, count: 1, reserved: 0, free: 1 },
      { valueMinor: 10_000, count: 0, reserved: 0, free: 0 },
      { valueMinor: 5_000, count: 2, reserved: 0, free: 2 },
      { valueMinor: 2_000, count: 5, reserved: 0, free: 5 },
      { valueMinor: 1_000, count: 0, reserved: 0, free: 0 },
      { valueMinor: 500, count: 0, reserved: 0, free: 0 },
    ]);
    expect(view.history).toHaveLength(1);
    expect(view.history[0]).toMatchObject({ by: env.staff.email, reason: "Delivery from the cash centre" });
    const [entry] = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, "worthing/EUR"));
    expect(entry).toMatchObject({ action: "stock.update", entityType: "stock", actorId: env.staff.userId });
    expect(entry!.before).toEqual({
      tracked: false,
      counts: [20_000, 10_000, 5_000, 2_000, 1_000, 500].map((valueMinor) => ({ valueMinor, count: 0 })),
    });
    expect(entry!.after).toMatchObject({ tracked: true, reason: "Delivery from the cash centre" });
    expect((entry!.after as { counts: { valueMinor: number; count: number }[] }).counts[0]).toEqual({
      valueMinor: 20_000,
      count: 1,
    });
    // A later change keeps the counts it does not give, and is the newest in the history.
    const later = await putStock("worthing", "EUR", {
      tracked: true,
      counts: asCounts({ 20000: 3 }),
      reason: "Two more 200s",
    });
    expect(later.json().notes[0]).toEqual({ valueMinor: 20_000, count: 3, reserved: 0, free: 3 });
    expect(later.json().notes[2].count).toBe(2);
    expect(later.json().history.map((h: { reason: string }) => h.reason)).toEqual([
      "Two more 200s",
      "Delivery from the cash centre",
    ]);
    expect(later.json().tracked).toContainEqual({
      branch: "worthing",
      currency: "EUR",
      valueMinor: 3 * 20_000 + 2 * 5_000 + 5 * 2_000,
      freeMinor: 3 * 20_000 + 2 * 5_000 + 5 * 2_000,
    });
  });

  it.each([
    ["no reason", { tracked: true, counts: [{ valueMinor: 5_000, count: 9 }] }, 400, "Reason is required"],
    [
      "a blank reason",
      { tracked: true, counts: [{ valueMinor: 5_000, count: 9 }], reason: "  " },
      400,
      "Reason is required",
    ],
    [
      "a negative count",
      { tracked: true, counts: [{ valueMinor: 5_000, count: -1 }], reason: "x" },
      400,
      "cannot be negative",
    ],
    [
      "a fractional count",
      { tracked: true, counts: [{ valueMinor: 5_000, count: 1.5 }], reason: "x" },
      400,
      "whole number",
    ],
    [
      "a note EUR does not issue",
      { tracked: true, counts: [{ valueMinor: 50_000, count: 1 }], reason: "x" },
      400,
      "500.00 is not a EUR note",
    ],
    ["no change", { tracked: true, counts: [{ valueMinor: 20_000, count: 3 }], reason: "x" }, 400, "Nothing to save"],
  ])("refuses %s with a clear message and changes nothing", async (_label, body, status, message) => {
    const before = await stockOf("worthing", "EUR");
    const audits = await countRows(auditLog);
    const response = await putStock("worthing", "EUR", body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message + JSON.stringify(response.json().error.fields ?? {})).toContain(message);
    expect(await stockOf("worthing", "EUR")).toEqual(before);
    expect(await countRows(auditLog)).toBe(audits);
  });

  it("refuses a currency without a table of notes and an unknown branch", async () => {
    expect((await putStock("worthing", "ALL", { tracked: true, counts: [], reason: "x" })).statusCode).toBe(404);
    expect((await putStock("nowhere", "EUR", { tracked: true, counts: [], reason: "x" })).statusCode).toBe(400);
    expect((await getStock("branch=worthing&currency=ALL")).statusCode).toBe(404);
  });

  it("is for staff only: 401 anonymous, 403 a customer and an admin without the Secure Box", async () => {
    const anonymous = {};
    const customerUser = await signUpAndSignIn(env.t.app);
    const adminWithoutBox = await signUpAndSignIn(env.t.app, { role: "admin" });
    const body = { tracked: true, counts: [{ valueMinor: 500, count: 50 }], reason: "sneaky" };
    const audits = await countRows(auditLog);
    for (const [headers, status] of [
      [anonymous, 401],
      [customerUser.headers, 403],
      [adminWithoutBox.headers, 403],
    ] as const) {
      expect((await getStock("branch=worthing&currency=EUR", headers)).statusCode).toBe(status);
      expect((await putStock("worthing", "EUR", body, headers)).statusCode).toBe(status);
    }
    expect((await stockOf("worthing", "EUR"))[500]).toBeUndefined();
    expect(await countRows(auditLog)).toBe(audits);
  });

  it("reserves the largest notes that pay an order exactly, shown on the order details; cancel releases them", async () => {
    await track("brighton", "EUR", { 20000: 2, 10000: 1, 5000: 3, 1000: 4 });
    // £250 at 1.2000 is €300.00 exactly: 200 + 100.
    const placed = await place("brighton", await quoteAt("EUR", "1.2000", 25_000));
    expect(placed.statusCode).toBe(201);
    const id = await orderIdOf(placed);
    expect((await details(id)).notes).toEqual([
      {
        currency: "EUR",
        orderedMinor: 30_000,
        notes: [
          { valueMinor: 20_000, count: 1 },
          { valueMinor: 10_000, count: 1 },
        ],
        totalMinor: 30_000,
        state: "reserved",
      },
    ]);
    expect(await stockOf("brighton", "EUR")).toMatchObject({
      20000: { count: 2, reserved: 1 },
      10000: { count: 1, reserved: 1 },
      5000: { count: 3, reserved: 0 },
    });
    const view = (await getStock("branch=brighton&currency=EUR")).json();
    expect(view.notes[0]).toEqual({ valueMinor: 20_000, count: 2, reserved: 1, free: 1 });

    expect((await act(id, "cancel")).statusCode).toBe(200);
    expect(await stockOf("brighton", "EUR")).toMatchObject({
      20000: { count: 2, reserved: 0 },
      10000: { count: 1, reserved: 0 },
    });
    expect((await details(id)).notes[0].state).toBe("released");
  });

  it("reserves the nearest amount below that notes can pay (cents and missing notes), and completion takes it out", async () => {
    // £250 at 1.1232 is €280.80; notes pay €280.00 at most: 200 + 50 + 10 + 10 + 10 (no 20s in stock), and
    // the order hands over €280 (the rest of the £250 back in sterling).
    await track("chichester", "EUR", { 20000: 1, 5000: 1, 1000: 5 });
    const placed = await place("chichester", await quoteAt("EUR", "1.1232", 25_000));
    expect(placed.statusCode).toBe(201);
    const id = await orderIdOf(placed);
    const notes = (await details(id)).notes[0];
    expect(notes).toMatchObject({ orderedMinor: 28_000, totalMinor: 28_000, state: "reserved" });
    expect(notes.notes).toEqual([
      { valueMinor: 20_000, count: 1 },
      { valueMinor: 5_000, count: 1 },
      { valueMinor: 1_000, count: 3 },
    ]);
    expect((await act(id, "accept")).statusCode).toBe(200);
    expect((await act(id, "complete")).statusCode).toBe(200);
    expect(await stockOf("chichester", "EUR")).toEqual({
      20000: { count: 0, reserved: 0 },
      5000: { count: 0, reserved: 0 },
      1000: { count: 2, reserved: 0 },
    });
    expect((await details(id)).notes[0].state).toBe("handed_over");
  });

  it("refuses an order the branch's notes cannot pay, naming the currency and the branch, storing nothing", async () => {
    // Chichester has two €10 notes left: €20 of €280.80 would give back far more than a tenth of £250.
    expect(await availability("EUR:25000:1.1232")).toMatchObject({ chichester: "short", worthing: "available" });
    const ordersBefore = await countRows(orders);
    const notesBefore = await countRows(orderNotes);
    const refused = await place("chichester", await quoteAt("EUR", "1.1232", 25_000));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Chichester does not have enough EUR notes for this order: the most it can supply is €20. Please choose another collection point or a smaller amount.",
    );
    expect(await countRows(orders)).toBe(ordersBefore);
    expect(await countRows(orderNotes)).toBe(notesBefore);
    expect(await stockOf("chichester", "EUR")).toEqual({
      20000: { count: 0, reserved: 0 },
      5000: { count: 0, reserved: 0 },
      1000: { count: 2, reserved: 0 },
    });
    // A Click & Sell order needs no stock.
    expect((await place("chichester", await quoteAt("EUR", "1.1866", 10_000, "Sell"))).statusCode).toBe(201);
  });

  it("releases the notes of an order that expires", async () => {
    await track("172", "USD", { 10000: 5 });
    const placed = await place("172", await quoteAt("USD", "1.2000", 25_000));
    expect(placed.statusCode).toBe(201);
    expect(await stockOf("172", "USD")).toEqual({ 10000: { count: 5, reserved: 3 } });
    const later = new Date(Date.now() + (DEFAULT_ORDER_EXPIRY.pendingDays + 1) * 24 * 60 * 60 * 1000);
    await expireOverdueOrders({ db: env.t.db, expiry: DEFAULT_ORDER_EXPIRY, now: later });
    expect(await stockOf("172", "USD")).toEqual({ 10000: { count: 5, reserved: 0 } });
    expect((await details(await orderIdOf(placed))).notes[0].state).toBe("released");
  });

  it("adds the notes received at a Click & Sell handover where the branch tracks the currency", async () => {
    // €123.45 ordered: the customer hands over 100 + 20 (the €3.45 left is coins, not taken).
    const quote = await quoteAt("EUR", "1.1866", 12_345, "Sell");
    const placed = await place("brighton", quote);
    expect(placed.statusCode).toBe(201);
    const id = await orderIdOf(placed);
    const before = await stockOf("brighton", "EUR");
    await act(id, "accept");
    expect(await stockOf("brighton", "EUR")).toEqual(before);
    const received = [
      { valueMinor: 10_000, count: 1 },
      { valueMinor: 2_000, count: 1 },
    ];
    const completed = await act(id, "complete", saleHandover([{ currency: "EUR", notes: received }], "€3.45 in coins"));
    expect(completed.statusCode).toBe(200);
    expect(await stockOf("brighton", "EUR")).toMatchObject({
      10000: { count: before[10_000]!.count + 1 },
      2000: { count: 1, reserved: 0 },
    });
    expect((await details(id)).notes).toEqual([
      {
        currency: "EUR",
        orderedMinor: 12_345,
        notes: [
          { valueMinor: 10_000, count: 1 },
          { valueMinor: 2_000, count: 1 },
        ],
        totalMinor: 12_000,
        state: "received",
      },
    ]);
    // Where the currency is not tracked, a sale adds nothing.
    const untracked = await place("brighton", await quoteAt("USD", "1.3000", 12_345, "Sell"));
    const untrackedId = await orderIdOf(untracked);
    await act(untrackedId, "accept");
    const usd = saleHandover([{ currency: "USD", notes: [{ valueMinor: 10_000, count: 1 }] }], "Only $100 brought");
    expect((await act(untrackedId, "complete", usd)).statusCode).toBe(200);
    expect(await stockOf("brighton", "USD")).toEqual({});
  });

  it("refuses a count below what open orders have reserved, changing nothing", async () => {
    await track("worthing", "CHF", { 10000: 4 });
    expect((await place("worthing", await quoteAt("CHF", "1.2000", 25_000))).statusCode).toBe(201);
    const audits = await countRows(auditLog);
    const response = await putStock("worthing", "CHF", {
      tracked: true,
      counts: asCounts({ 10000: 2 }),
      reason: "Miscount",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain("3 of the 100.00 CHF notes are reserved by open orders");
    expect(await stockOf("worthing", "CHF")).toEqual({ 10000: { count: 4, reserved: 3 } });
    expect(await countRows(auditLog)).toBe(audits);
  });

  it("lets one of two orders racing for the last notes win and refuses the other", async () => {
    for (let round = 0; round < 3; round++) {
      await track("172", "EUR", { 20000: round + 1, 10000: round + 1 });
      const [a, b] = await Promise.all([
        quoteAt("EUR", "1.2000", 25_000).then((q) => place("172", q)),
        quoteAt("EUR", "1.2000", 25_000).then((q) => place("172", q)),
      ]);
      // Round 0 has notes for one order; later rounds one more pair each, taken by one order, one refused.
      const statuses = [a!.statusCode, b!.statusCode].sort();
      expect(statuses).toEqual([201, 409]);
      const loser = a!.statusCode === 409 ? a! : b!;
      expect(loser.json().error.message).toContain("does not have enough EUR notes");
      expect(await stockOf("172", "EUR")).toEqual({
        20000: { count: round + 1, reserved: round + 1 },
        10000: { count: round + 1, reserved: round + 1 },
      });
    }
  });

  it("gives the notes of a branch to exactly as many of many concurrent orders as they pay for", async () => {
    await track("172", "CAD", { 10000: 9 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => quoteAt("CAD", "1.2000", 25_000).then((q) => place("172", q))),
    );
    // Each order takes three 100s: three orders get the nine notes, five are refused.
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await stockOf("172", "CAD")).toEqual({ 10000: { count: 9, reserved: 9 } });
  });

  it("tells per branch whether the basket can be supplied, and refuses a malformed basket", async () => {
    const result = await availability("EUR:25000:1.2000,JPY:10000:190.0000");
    expect(result).toMatchObject({ worthing: "available", "172": "short" });
    const bad = await env.t.app.inject({ method: "GET", url: "/api/stock/availability?need=EUR" });
    expect(bad.statusCode).toBe(400);
  });
});
