import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffBranches, users } from "../../db/auth-schema.ts";
import { auditLog, orderHandovers, orders, outbox, stockNotes, tillMovements } from "../../db/schema.ts";
import { type SignedIn, passSecureBox, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { collectHandover, createOrder, openTillsFor, uniqueCustomer, trackCurrency } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";

/**
 * Walk-in trades at the counter (issue 33 item 3) through the staff API: priced at the counter's rates,
 * placed through the placement's decisions, linked to the same person's online orders, completed at once
 * with the till and stock moving, or held with nothing moving.
 */
describe("walk-in trades at the counter", () => {
  const env = appWithStaff();
  const db = () => env.t.db;
  let keys = 0;
  const key = () => `counter-test-${Date.now()}-${++keys}`;

  async function cashierAt(branchKey: string, { withTill = true } = {}): Promise<SignedIn> {
    const person = await signUpAndSignIn(env.t.app);
    await db().update(users).set({ role: "cashier" }).where(eq(users.id, person.userId));
    await db().insert(staffBranches).values({ userId: person.userId, branchKey });
    await passSecureBox(env.t.app, person);
    if (withTill) await openTillsFor(db(), person, [branchKey]);
    return person;
  }

  const trackEuros = (branchKey: string, fifties = 200) =>
    trackCurrency(db(), branchKey, "EUR", [{ valueMinor: 5000, count: fifties }], { reset: true });

  const euroFifties = async (branchKey: string) =>
    (
      await db()
        .select({ count: stockNotes.count })
        .from(stockNotes)
        .where(
          and(
            eq(stockNotes.branchKey, branchKey),
            eq(stockNotes.currencyCode, "EUR"),
            eq(stockNotes.denominationMinor, 5000),
          ),
        )
    )[0]?.count;

  const trade = (who: SignedIn, body: object) =>
    env.t.app.inject({
      method: "POST",
      url: "/api/admin/counter/trades",
      headers: who.headers,
      payload: { idempotencyKey: key(), firstName: "Walk", lastName: "In", paymentMethod: "cash", ...body },
    });
  const orderCount = async () => Number((await db().select({ n: sql<number>`count(*)` }).from(orders))[0]!.n);

  it("sells notes to a walk-in customer: completed at once, channel Counter, the till and stock moved, no e-mail", async () => {
    await trackEuros("worthing");
    const cashier = await cashierAt("worthing");
    const view = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/counter?branch=worthing",
      headers: cashier.headers,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().tillOpen).toBe(true);
    expect(view.json().idFromGbpMinor).toBe(100_000);
    const euro = view.json().currencies.find((c: { code: string }) => c.code === "EUR");
    const fiftiesBefore = await euroFifties("worthing");

    const sold = await trade(cashier, { branch: "worthing", currency: "EUR", way: "Order", foreignMinor: 200_00 });
    expect(sold.statusCode, sold.body).toBe(201);
    const result = sold.json();
    expect(result.status).toBe("completed");
    const [order] = await db().select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ channel: "counter", status: "completed", way: "Order", email: "", idKey: null });
    expect(order!.completedBy).toBe(cashier.email);
    // Priced at the counter's rate the page showed: €200 at "We sell".
    expect(result.gbpMinor).toBe(order!.totalGbpMinor);
    expect(Math.abs(200 / Number(euro.weSellRate) - result.gbpMinor / 100)).toBeLessThan(0.01);
    expect(await euroFifties("worthing")).toBe(fiftiesBefore! - 4);
    const movements = await db().select().from(tillMovements).where(eq(tillMovements.orderId, result.orderId));
    expect(movements.map((m) => [m.currencyCode, m.amountMinor, m.method]).sort()).toEqual(
      [
        ["EUR", -200_00, "cash"],
        ["GBP", result.gbpMinor, "cash"],
      ].sort(),
    );
    const [handover] = await db().select().from(orderHandovers).where(eq(orderHandovers.orderId, result.orderId));
    expect(handover).toMatchObject({ idType: null, paymentMethod: "cash", paymentGbpMinor: result.gbpMinor });
    const mails = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->'data'->>'orderId' = ${result.orderId}`);
    expect(mails).toEqual([]);
  });

  it("buys notes from a walk-in customer: the notes go into stock and the sterling out of the till", async () => {
    await trackEuros("worthing");
    const cashier = await cashierAt("worthing");
    const before = await euroFifties("worthing");
    const bought = await trade(cashier, {
      branch: "worthing",
      currency: "EUR",
      way: "Sell",
      foreignMinor: 150_00,
      receivedNotes: [{ valueMinor: 5000, count: 3 }],
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await euroFifties("worthing")).toBe(before! + 3);
    const movements = await db().select().from(tillMovements).where(eq(tillMovements.orderId, bought.json().orderId));
    expect(movements.find((m) => m.currencyCode === "GBP")!.amountMinor).toBe(-bought.json().gbpMinor);
    expect(movements.find((m) => m.currencyCode === "EUR")!.amountMinor).toBe(150_00);

    // Below the online minimum (£100 a line) and above the online order's £2,500: the branch's own trade.
    const small = await trade(cashier, { branch: "worthing", currency: "EUR", way: "Order", foreignMinor: 50_00 });
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json().gbpMinor).toBeLessThan(100_00);
  });

  it("refuses, placing nothing, without an open till, without whole notes, or from the ID threshold without an ID", async () => {
    await trackEuros("worthing");
    const noTill = await cashierAt("worthing", { withTill: false });
    const before = await orderCount();
    const refused = await trade(noTill, { branch: "worthing", currency: "EUR", way: "Order", foreignMinor: 100_00 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Open your till at Worthing first.");

    const cashier = await cashierAt("worthing");
    const notWhole = await trade(cashier, { branch: "worthing", currency: "EUR", way: "Order", foreignMinor: 103_00 });
    expect(notWhole.statusCode).toBe(422);
    expect(notWhole.json().error.fields.foreignMinor).toMatch(/whole notes/);

    const big = await trade(cashier, { branch: "worthing", currency: "EUR", way: "Order", foreignMinor: 1_500_00 });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toMatch(/^From £1,000\.00 the customer's ID is recorded/);
    expect(big.json().error.fields).toHaveProperty("idType");

    const unnamed = await trade(cashier, {
      branch: "worthing",
      currency: "EUR",
      way: "Order",
      foreignMinor: 100_00,
      firstName: " ",
      paymentMethod: "cheque",
    });
    expect(unnamed.statusCode).toBe(400);
    expect(Object.keys(unnamed.json().error.fields).sort()).toEqual(["firstName", "paymentMethod"]);

    const elsewhere = await trade(cashier, { branch: "brighton", currency: "EUR", way: "Order", foreignMinor: 100_00 });
    expect(elsewhere.statusCode).toBe(403);
    expect(await orderCount()).toBe(before);
  });

  it("holds a trade that crosses the linked threshold with the same person's online orders, by ID document, with nothing moving", async () => {
    await trackEuros("worthing");
    const cashier = await cashierAt("worthing");
    const person = uniqueCustomer();
    // An online order of £13,500 collected with a passport ending 7788: the document now links.
    const online = await createOrder(db(), {
      ...person,
      status: "accepted",
      gbpMinor: 1_350_000,
      branchKey: "worthing",
    });
    const collected = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${online.id}/complete`,
      headers: cashier.headers,
      payload: { ...collectHandover, idNumberLast4: "7788" },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const [linked] = await db().select({ idKey: orders.idKey }).from(orders).where(eq(orders.id, online.id));
    expect(linked!.idKey).toBe("passport:7788:gracehopper");

    const tillBefore = await db().select().from(tillMovements);
    const fiftiesBefore = await euroFifties("worthing");
    const body = {
      branch: "worthing",
      currency: "EUR",
      way: "Order",
      foreignMinor: 1_000_00,
      firstName: "GRACE",
      lastName: "hopper",
      idType: "passport",
      idNumberLast4: "7788",
      idExpiresOn: "2099-01-31",
    };
    const held = await trade(cashier, body);
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().status).toBe("held");
    const [order] = await db().select().from(orders).where(eq(orders.id, held.json().orderId));
    expect(order).toMatchObject({ status: "pending", channel: "counter", idKey: "passport:7788:gracehopper" });
    expect(order!.holdReason).toMatch(/15,000/);
    expect(await db().select().from(tillMovements)).toHaveLength(tillBefore.length);
    expect(await euroFifties("worthing")).toBe(fiftiesBefore);

    // The same person without the document, and with nothing else to link them, is not held.
    const stranger = await trade(cashier, { ...body, idType: "", idNumberLast4: "", idExpiresOn: "" });
    expect(stranger.statusCode, stranger.body).toBe(201);
  });

  it("links a trade by the e-mail given at the counter and answers a resubmission with the same trade", async () => {
    await trackEuros("worthing");
    const cashier = await cashierAt("worthing");
    const person = uniqueCustomer();
    await createOrder(db(), { ...person, status: "completed", gbpMinor: 1_350_000, branchKey: "worthing" });
    const payload = {
      idempotencyKey: key(),
      branch: "worthing",
      currency: "EUR",
      way: "Order",
      foreignMinor: 500_00,
      firstName: "Grace",
      lastName: "Hopper",
      email: person.email,
      paymentMethod: "card",
      cardMatchesName: true,
    };
    const send = () =>
      env.t.app.inject({ method: "POST", url: "/api/admin/counter/trades", headers: cashier.headers, payload });
    const first = await send();
    expect(first.statusCode, first.body).toBe(202);
    const again = await send();
    expect(again.statusCode).toBe(202);
    expect(again.json().orderId).toBe(first.json().orderId);
  });

  it("asks for the address and date of birth when the placement calls for enhanced due diligence, then completes the same trade", async () => {
    await trackEuros("worthing");
    const cashier = await cashierAt("worthing");
    const person = uniqueCustomer();
    // £4,900 collected this year: a trade of a few hundred pounds takes the year past the £5,000 tier.
    await createOrder(db(), { ...person, status: "completed", gbpMinor: 490_000, branchKey: "worthing" });
    const payload = {
      idempotencyKey: key(),
      branch: "worthing",
      currency: "EUR",
      way: "Order",
      foreignMinor: 300_00,
      firstName: "Grace",
      lastName: "Hopper",
      phone: person.phone,
      paymentMethod: "cash",
    };
    const send = (extra: object = {}) =>
      env.t.app.inject({
        method: "POST",
        url: "/api/admin/counter/trades",
        headers: cashier.headers,
        payload: { ...payload, ...extra },
      });
    const asked = await send();
    expect(asked.statusCode, asked.body).toBe(400);
    expect(asked.json().error.message).toMatch(
      /^Trade \d{8} needs enhanced due diligence: enter the customer's full address/,
    );
    expect(Object.keys(asked.json().error.fields).sort()).toEqual(["address", "dateOfBirth"]);
    const completed = await send({ address: "1 Marine Parade, Worthing BN11 3PT", dateOfBirth: "1970-05-01" });
    expect(completed.statusCode, completed.body).toBe(201);
    const [order] = await db().select().from(orders).where(eq(orders.id, completed.json().orderId));
    expect(order).toMatchObject({ status: "completed", enhancedDueDiligence: true, customerDateOfBirth: "1970-05-01" });
    expect(await db().select().from(orders).where(eq(orders.idempotencyKey, payload.idempotencyKey))).toHaveLength(1);
  });

  it("prices at a currency's counter margins once a manager sets them, both or neither, by the online margins' rule", async () => {
    await trackEuros("worthing");
    const cashier = await cashierAt("worthing");
    const manager = await signUpAndSignIn(env.t.app, { role: "manager", branches: ["worthing"], staffVerified: true });
    const setMargins = (who: SignedIn, body: object) =>
      env.t.app.inject({ method: "PUT", url: "/api/admin/counter/margins/EUR", headers: who.headers, payload: body });
    const euroAtCounter = async () =>
      (await env.t.app.inject({ method: "GET", url: "/api/admin/counter?branch=worthing", headers: cashier.headers }))
        .json()
        .currencies.find((c: { code: string }) => c.code === "EUR");
    const online = await euroAtCounter();
    expect(online.counterMargins).toBe(false);

    expect((await setMargins(cashier, { sellMargin: "1", buyMargin: "3" })).statusCode).toBe(403);
    const half = await setMargins(manager, { sellMargin: "1", buyMargin: null });
    expect(half.statusCode).toBe(400);
    const looping = await setMargins(manager, { sellMargin: "3", buyMargin: "1" });
    expect(looping.statusCode).toBe(400);
    const set = await setMargins(manager, { sellMargin: "-1", buyMargin: "3" });
    expect(set.statusCode, set.body).toBe(200);
    const counter = await euroAtCounter();
    expect(counter.counterMargins).toBe(true);
    expect(counter.weSellRate).not.toBe(online.weSellRate);

    const sold = await trade(cashier, { branch: "worthing", currency: "EUR", way: "Order", foreignMinor: 100_00 });
    expect(sold.statusCode, sold.body).toBe(201);
    const [line] = await db()
      .select({ rate: sql<string>`rate::text` })
      .from(sql`order_lines`)
      .where(sql`order_id = ${sold.json().orderId}`);
    expect(Number(line!.rate)).toBe(Number(counter.weSellRate));
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "currency.counter-margins"), eq(auditLog.entityId, "EUR")));
    expect(audited.at(-1)?.after).toEqual({ counterSellMargin: "-1.00", counterBuyMargin: "3.00" });

    expect((await setMargins(manager, { sellMargin: null, buyMargin: null })).statusCode).toBe(200);
    expect((await euroAtCounter()).weSellRate).toBe(online.weSellRate);
  });
});
