import { NOT_YOUR_BRANCH_MESSAGE, NOT_YOUR_ROLE_MESSAGE } from "@bureau/domain/staff-permissions";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  orderNotes,
  orderReversals,
  orders,
  outbox,
  stockNotes,
  tillMovements,
  tills,
} from "../../db/schema.ts";
import { type SignedIn, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { collectHandover, createOrder, saleHandover, uniqueCustomer, trackCurrency } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";

type Amount = { currency: string; amountMinor: number };
type Notes = { valueMinor: number; count: number }[];

/**
 * Reversals (issue 33 item 4) through the staff API, with real tills and real completions: a second
 * person approves, and the approval puts the till, the stock, the order's page and the statistics right
 * without a word to the customer.
 */
describe("reversals", () => {
  const env = appWithStaff();
  const db = () => env.t.db;

  const staff = (role: "cashier" | "manager", branches: string[]) =>
    signUpAndSignIn(env.t.app, { role, branches, staffVerified: true });
  const call = (who: SignedIn, method: "GET" | "POST", url: string, payload?: object) =>
    env.t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const requestReversal = (who: SignedIn, orderId: string, reason = "The customer was given the wrong notes") =>
    call(who, "POST", `/api/admin/orders/${orderId}/reversal`, { reason });
  const approve = (who: SignedIn, id: string) => call(who, "POST", `/api/admin/reversals/${id}/approve`, {});
  const refuse = (who: SignedIn, id: string, note: string) =>
    call(who, "POST", `/api/admin/reversals/${id}/refuse`, { note });
  const tillPage = async (who: SignedIn, branch: string) =>
    (await call(who, "GET", `/api/admin/till?branch=${branch}`)).json();
  const amountOf = (amounts: Amount[], currency: string) =>
    amounts.find((a) => a.currency === currency)?.amountMinor ?? 0;

  /** The branch tracks EUR with 100 €50 notes in stock (once). */
  const trackEuros = (branchKey: string) => trackCurrency(db(), branchKey, "EUR", [{ valueMinor: 5000, count: 100 }]);
  const euroFifties = async (branchKey: string) => {
    const [row] = await db()
      .select({ count: stockNotes.count, reserved: stockNotes.reserved })
      .from(stockNotes)
      .where(
        and(
          eq(stockNotes.branchKey, branchKey),
          eq(stockNotes.currencyCode, "EUR"),
          eq(stockNotes.denominationMinor, 5000),
        ),
      );
    return row!;
  };

  /** Opens the member of staff's till with £200 and €500 (every other currency the branch counts at 0). */
  async function openTill(who: SignedIn, branch: string) {
    const page = await tillPage(who, branch);
    const float: Record<string, Notes> = {
      GBP: [{ valueMinor: 2000, count: 10 }],
      EUR: [{ valueMinor: 5000, count: 10 }],
    };
    const counts = page.currencies.map((c: { currency: string }) => ({
      currency: c.currency,
      notes: float[c.currency] ?? [],
    }));
    const opened = await call(who, "POST", "/api/admin/till", { branch, counts });
    expect(opened.statusCode, opened.body).toBe(201);
    return opened.json() as { id: string; expected: Amount[] };
  }

  /** A Click & Collect order for €300 (six €50 notes reserved at placement), completed paid £250 in cash. */
  async function completedCollect(cashier: SignedIn, branchKey: string) {
    const order = await createOrder(db(), {
      ...uniqueCustomer(),
      branchKey,
      status: "accepted",
      gbpMinor: 25_000,
    });
    await db().execute(sql`update order_lines set foreign_minor = 30000 where order_id = ${order.id}`);
    await db().insert(orderNotes).values({ orderId: order.id, currencyCode: "EUR", denominationMinor: 5000, count: 6 });
    await db()
      .update(stockNotes)
      .set({ reserved: sql`${stockNotes.reserved} + 6` })
      .where(
        and(
          eq(stockNotes.branchKey, branchKey),
          eq(stockNotes.currencyCode, "EUR"),
          eq(stockNotes.denominationMinor, 5000),
        ),
      );
    const done = await call(cashier, "POST", `/api/admin/orders/${order.id}/complete`, {
      ...collectHandover,
      payment: { method: "cash", amountMinor: 25_000 },
    });
    expect(done.statusCode, done.body).toBe(200);
    return order;
  }

  /** A Click & Sell order: four €50 notes received into stock, £160 paid out in cash. */
  async function completedSale(cashier: SignedIn, branchKey: string) {
    const order = await createOrder(db(), {
      ...uniqueCustomer(),
      branchKey,
      way: "Sell",
      status: "accepted",
      gbpMinor: 16_000,
    });
    await db().execute(sql`update order_lines set foreign_minor = 20000 where order_id = ${order.id}`);
    const done = await call(
      cashier,
      "POST",
      `/api/admin/orders/${order.id}/complete`,
      saleHandover([{ currency: "EUR", notes: [{ valueMinor: 5000, count: 4 }] }]),
    );
    expect(done.statusCode, done.body).toBe(200);
    return order;
  }

  const mailsAbout = async (orderId: string) =>
    (
      await db()
        .select({ id: outbox.id })
        .from(outbox)
        .where(like(outbox.dedupeKey, `%${orderId}%`))
    ).length;

  it("needs a second person: the one who asked cannot approve, a cashier cannot, another manager at the branch can", async () => {
    await trackEuros("worthing");
    const cashier = await staff("cashier", ["worthing"]);
    const manager = await staff("manager", ["worthing"]);
    const otherManager = await staff("manager", ["worthing"]);
    await openTill(cashier, "worthing");
    await openTill(manager, "worthing");
    const order = await completedCollect(cashier, "worthing");

    const asked = await requestReversal(manager, order.id);
    expect(asked.statusCode, asked.body).toBe(201);
    const reversal = asked.json();
    expect(reversal).toMatchObject({ status: "requested", requestedBy: manager.email, order: { id: order.id } });

    const own = await approve(manager, reversal.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe("You asked for this reversal: another manager approves or refuses it.");
    expect((await refuse(manager, reversal.id, "Changed my mind")).statusCode).toBe(403);
    const byCashier = await approve(cashier, reversal.id);
    expect(byCashier.statusCode).toBe(403);
    expect(byCashier.json().error.message).toBe(NOT_YOUR_ROLE_MESSAGE);
    const [still] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(still!.reversedAt).toBeNull();

    const approved = await approve(otherManager, reversal.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", decidedBy: otherManager.email });
    // The database's own check holds the second person too.
    await expect(
      db().execute(sql`update order_reversals set decided_by_id = requested_by_id where id = ${reversal.id as string}`),
    ).rejects.toThrow();
  });

  it("puts the till, the stock, the order's page, the statistics and the day's stock right, e-mailing the customer nothing", async () => {
    await trackEuros("worthing");
    const cashier = await staff("cashier", ["worthing"]);
    const manager = await staff("manager", ["worthing"]);
    const till = await openTill(cashier, "worthing");
    const stockBefore = await euroFifties("worthing");
    const statsBefore = (await call(env.staff, "GET", "/api/admin/statistics")).json();

    const order = await completedCollect(cashier, "worthing");
    const during = (await tillPage(cashier, "worthing")).till;
    expect(amountOf(during.expected, "GBP")).toBe(20_000 + 25_000);
    expect(amountOf(during.expected, "EUR")).toBe(50_000 - 30_000);
    expect(await euroFifties("worthing")).toEqual({ count: stockBefore.count - 6, reserved: stockBefore.reserved });
    const mailsBefore = await mailsAbout(order.id);

    const asked = await requestReversal(cashier, order.id, "  Wrong currency: the customer wanted dollars  ");
    expect(asked.statusCode, asked.body).toBe(201);
    const listed = (await call(manager, "GET", "/api/admin/reversals")).json().reversals;
    expect(listed.map((r: { id: string }) => r.id)).toContain(asked.json().id);
    const approved = await approve(manager, asked.json().id);
    expect(approved.statusCode, approved.body).toBe(200);

    // The till: expected close is the float again; the reversal's movements are the completion's negated.
    const after = (await tillPage(cashier, "worthing")).till;
    expect(after.id).toBe(till.id);
    expect(amountOf(after.expected, "GBP")).toBe(20_000);
    expect(amountOf(after.expected, "EUR")).toBe(50_000);
    const reversalMoves = await db()
      .select()
      .from(tillMovements)
      .where(and(eq(tillMovements.orderId, order.id), eq(tillMovements.kind, "reversal")));
    expect(reversalMoves.map((m) => [m.currencyCode, m.method, m.amountMinor, m.tillId]).sort()).toEqual(
      [
        ["EUR", "cash", 30_000, till.id],
        ["GBP", "cash", -25_000, till.id],
      ].sort(),
    );
    // The stock: the six €50 notes are back, with an entry in the Stock page's history.
    expect(await euroFifties("worthing")).toEqual(stockBefore);
    const stockPage = (await call(manager, "GET", "/api/admin/stock?branch=worthing&currency=EUR")).json();
    expect(stockPage.history[0]).toMatchObject({
      by: manager.email,
      reason: `Reversal of order ${order.orderNumber}: Wrong currency: the customer wanted dollars`,
    });
    // The day's report: its stock at the close of today is the stock as it was before the order.
    const report = (await call(manager, "GET", "/api/admin/reports/day?branch=worthing")).json();
    const euros = report.stockAtClose.find((c: { currency: string }) => c.currency === "EUR");
    expect(euros.notes.find((n: { valueMinor: number }) => n.valueMinor === 5000).count).toBe(stockBefore.count);

    // The order: completed and marked reversed, its page tells the reversal, History marks it.
    const details = (await call(manager, "GET", `/api/admin/orders/${order.id}`)).json();
    expect(details.status).toBe("completed");
    expect(details.reversedAt).not.toBeNull();
    expect(details.reversals).toMatchObject([
      {
        status: "approved",
        reason: "Wrong currency: the customer wanted dollars",
        requestedBy: cashier.email,
        decidedBy: manager.email,
      },
    ]);
    expect(details.timeline.map((e: { event: string }) => e.event).slice(-2)).toEqual([
      "reversal_requested",
      "reversed",
    ]);
    const history = (await call(manager, "GET", `/api/admin/orders?status=completed&q=${order.orderNumber}`)).json()
      .orders;
    expect(history[0]).toMatchObject({ id: order.id, reversedAt: details.reversedAt });

    // The statistics: a reversed order is not business done.
    const statsAfter = (await call(env.staff, "GET", "/api/admin/statistics")).json();
    expect(statsAfter.counts.completed).toBe(statsBefore.counts.completed);
    expect(statsAfter.counts.reversed).toBe(statsBefore.counts.reversed + 1);

    // Audited; nothing for the customer.
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["order.complete", "order.reversal.request", "order.reversal.approve"]),
    );
    expect(await mailsAbout(order.id)).toBe(mailsBefore);

    // Once reversed: not approved twice, not asked for again.
    expect((await approve(env.staff, asked.json().id)).statusCode).toBe(409);
    const again = await requestReversal(cashier, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This order has already been reversed.");
  });

  it("takes a sale's notes back out of stock, and refuses while the stock no longer holds them", async () => {
    await trackEuros("chichester");
    const cashier = await staff("cashier", ["chichester"]);
    const manager = await staff("manager", ["chichester"]);
    const till = await openTill(cashier, "chichester");
    const before = await euroFifties("chichester");
    const sale = await completedSale(cashier, "chichester");
    expect((await euroFifties("chichester")).count).toBe(before.count + 4);
    const asked = (await requestReversal(cashier, sale.id, "Counterfeit notes found after the sale")).json();

    // Someone counted the stock down to 2 €50 notes since: the four received are not there to take out.
    await db()
      .update(stockNotes)
      .set({ count: 2 })
      .where(
        and(
          eq(stockNotes.branchKey, "chichester"),
          eq(stockNotes.currencyCode, "EUR"),
          eq(stockNotes.denominationMinor, 5000),
        ),
      );
    const refused = await approve(manager, asked.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "The stock at Chichester no longer holds the notes this order received (4 × €50.00 are not free), so it cannot be reversed: correct the count on the Stock page first, or refuse the reversal.",
    );
    // Nothing moved: the till, the reversal and the order are as they were.
    expect(
      await db()
        .select()
        .from(tillMovements)
        .where(and(eq(tillMovements.orderId, sale.id), eq(tillMovements.kind, "reversal"))),
    ).toEqual([]);
    const [waiting] = await db().select().from(orderReversals).where(eq(orderReversals.id, asked.id));
    expect(waiting!.status).toBe("requested");

    await db()
      .update(stockNotes)
      .set({ count: 10 })
      .where(
        and(
          eq(stockNotes.branchKey, "chichester"),
          eq(stockNotes.currencyCode, "EUR"),
          eq(stockNotes.denominationMinor, 5000),
        ),
      );
    const approved = await approve(manager, asked.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await euroFifties("chichester")).count).toBe(6);
    // The sterling paid out comes back in; the notes received go back out.
    const page = (await tillPage(cashier, "chichester")).till;
    expect(page.id).toBe(till.id);
    expect(amountOf(page.expected, "GBP")).toBe(20_000);
    expect(amountOf(page.expected, "EUR")).toBe(50_000);
  });

  it("decides a reversal once: a refused one is not approved, and a new request may follow it", async () => {
    await trackEuros("worthing");
    const cashier = await staff("cashier", ["worthing"]);
    const manager = await staff("manager", ["worthing"]);
    await openTill(cashier, "worthing");
    const order = await completedCollect(cashier, "worthing");

    const blank = await requestReversal(cashier, order.id, " ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe("Write why the order is reversed (at least 5 characters).");
    const first = (await requestReversal(cashier, order.id)).json();
    const twice = await requestReversal(cashier, order.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already been requested/);

    expect((await refuse(manager, first.id, "no")).statusCode).toBe(400);
    const refused = await refuse(manager, first.id, "The notes were right: checked the camera");
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: "refused",
      decisionNote: "The notes were right: checked the camera",
    });
    const late = await approve(manager, first.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/refused/);
    expect((await refuse(manager, first.id, "Refused again")).statusCode).toBe(409);
    const [unchanged] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged!.reversedAt).toBeNull();

    const second = await requestReversal(cashier, order.id, "Second look: the customer had been overcharged");
    expect(second.statusCode, second.body).toBe(201);
    const details = (await call(manager, "GET", `/api/admin/orders/${order.id}`)).json();
    expect(details.reversals.map((r: { status: string }) => r.status)).toEqual(["refused", "requested"]);
    expect(await mailsAbout(order.id)).toBe(0);

    // Only a completed order is reversed.
    const open = await createOrder(db(), { ...uniqueCustomer(), branchKey: "worthing", status: "accepted" });
    const notCompleted = await requestReversal(cashier, open.id);
    expect(notCompleted.statusCode).toBe(409);
    expect(notCompleted.json().error.message).toMatch(/only a completed order or trade is reversed/);
  });

  it("approves once when two managers approve at the same moment: the till and the stock move once", async () => {
    await trackEuros("worthing");
    const cashier = await staff("cashier", ["worthing"]);
    const [first, second] = await Promise.all([staff("manager", ["worthing"]), staff("manager", ["worthing"])]);
    await openTill(cashier, "worthing");
    const stockBefore = await euroFifties("worthing");
    const order = await completedCollect(cashier, "worthing");
    const asked = (await requestReversal(cashier, order.id)).json();
    const answers = await Promise.all([approve(first, asked.id), approve(second, asked.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await euroFifties("worthing")).toEqual(stockBefore);
    const moved = await db()
      .select()
      .from(tillMovements)
      .where(and(eq(tillMovements.orderId, order.id), eq(tillMovements.kind, "reversal")));
    expect(moved).toHaveLength(2);
  });

  it("keeps to the staff member's branches", async () => {
    await trackEuros("worthing");
    const cashier = await staff("cashier", ["worthing"]);
    const elsewhereCashier = await staff("cashier", ["brighton"]);
    const elsewhereManager = await staff("manager", ["brighton"]);
    await openTill(cashier, "worthing");
    const order = await completedCollect(cashier, "worthing");

    const foreign = await requestReversal(elsewhereCashier, order.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(NOT_YOUR_BRANCH_MESSAGE);
    const asked = (await requestReversal(cashier, order.id)).json();
    const listed = (await call(elsewhereManager, "GET", "/api/admin/reversals")).json().reversals;
    expect(listed.map((r: { id: string }) => r.id)).not.toContain(asked.id);
    expect((await call(elsewhereManager, "GET", "/api/admin/reversals?branch=worthing")).statusCode).toBe(403);
    const wrongBranch = await approve(elsewhereManager, asked.id);
    expect(wrongBranch.statusCode).toBe(403);
    expect(wrongBranch.json().error.message).toBe(NOT_YOUR_BRANCH_MESSAGE);
    // An admin works at every branch.
    expect((await approve(env.staff, asked.id)).statusCode).toBe(200);
  });

  it("moves the requester's open till when the completion's till has closed, and waits for one when there is none", async () => {
    await trackEuros("worthing");
    const cashier = await staff("cashier", ["worthing"]);
    const manager = await staff("manager", ["worthing"]);
    const first = await openTill(cashier, "worthing");
    const order = await completedCollect(cashier, "worthing");
    await db()
      .update(tills)
      .set({ status: "closed", closedAt: new Date(), countedAt: new Date() })
      .where(eq(tills.id, first.id));
    const asked = (await requestReversal(cashier, order.id)).json();

    const noTill = await approve(manager, asked.id);
    expect(noTill.statusCode).toBe(409);
    expect(noTill.json().error.message).toBe(
      `The till that completed this order is closed. ${cashier.email}, who asked for the reversal, must open their till at Worthing first (the money goes back through it); then approve again.`,
    );

    const second = await openTill(cashier, "worthing");
    expect((await approve(manager, asked.id)).statusCode).toBe(200);
    const moved = await db()
      .select({ tillId: tillMovements.tillId })
      .from(tillMovements)
      .where(and(eq(tillMovements.orderId, order.id), eq(tillMovements.kind, "reversal")));
    expect(new Set(moved.map((m) => m.tillId))).toEqual(new Set([second.id]));
    const page = (await tillPage(cashier, "worthing")).till;
    expect(amountOf(page.expected, "GBP")).toBe(20_000 - 25_000);
    expect(amountOf(page.expected, "EUR")).toBe(50_000 + 30_000);
  });
});
