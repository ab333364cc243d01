import { NOT_YOUR_BRANCH_MESSAGE } from "@bureau/domain/staff-permissions";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffBranches, users } from "../../db/auth-schema.ts";
import { auditLog, orderLines, orders, tillMovements, tills } from "../../db/schema.ts";
import { type SignedIn, passSecureBox, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { collectHandover, createOrder, saleHandover, trackCurrency } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";

type Count = { currency: string; notes: { valueMinor: number; count: number }[] };
type Amount = { currency: string; amountMinor: number };

/**
 * The till (issue 33 item 2) through the staff API, as cashiers and managers with their branches:
 * opening with a float, real order completions moving it, closing with the variance, the sign-off.
 */
describe("the till", () => {
  const env = appWithStaff();
  const db = () => env.t.db;

  /** A member of staff of a role, working at the branches given, through the Secure Box. */
  async function staffMember(role: "cashier" | "manager", branchKeys: string[]): Promise<SignedIn> {
    const person = await signUpAndSignIn(env.t.app);
    await db().update(users).set({ role }).where(eq(users.id, person.userId));
    await db()
      .insert(staffBranches)
      .values(branchKeys.map((branchKey) => ({ userId: person.userId, branchKey })));
    await passSecureBox(env.t.app, person);
    return person;
  }

  const call = (who: SignedIn, method: "GET" | "POST", url: string, payload?: object) =>
    env.t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const tillPage = async (who: SignedIn, branch: string) =>
    (await call(who, "GET", `/api/admin/till?branch=${branch}`)).json();
  const open = (who: SignedIn, branch: string, counts: Count[]) =>
    call(who, "POST", "/api/admin/till", { branch, counts });
  const close = (who: SignedIn, tillId: string, counts: Count[]) =>
    call(who, "POST", `/api/admin/till/${tillId}/close`, { counts });
  const moveCash = (who: SignedIn, tillId: string, move: object) =>
    call(who, "POST", `/api/admin/till/${tillId}/cash`, move);
  const signOff = (who: SignedIn, tillId: string, reason: string) =>
    call(who, "POST", `/api/admin/till/${tillId}/sign-off`, { reason });
  const complete = (who: SignedIn, orderId: string, handover: object) =>
    call(who, "POST", `/api/admin/orders/${orderId}/complete`, handover);
  const amountOf = (amounts: Amount[], currency: string) => amounts.find((a) => a.currency === currency)?.amountMinor;

  /** The branch tracks EUR (so a till there counts it), with notes in stock. */
  const trackEuros = (branchKey: string) => trackCurrency(db(), branchKey, "EUR", [{ valueMinor: 5000, count: 100 }]);

  /** An accepted order at the branch for a whole number of euros (what a till's notes can make). */
  async function acceptedOrder(branchKey: string, way: "Order" | "Sell", gbpMinor: number, euroMinor: number) {
    const order = await createOrder(db(), { branchKey, way, status: "accepted", gbpMinor });
    await db().update(orderLines).set({ foreignMinor: euroMinor }).where(eq(orderLines.orderId, order.id));
    return order;
  }

  it("expects float + movements at close after real completions: cash and notes move the drawer, card does not", async () => {
    await trackEuros("brighton");
    const cashier = await staffMember("cashier", ["brighton"]);
    const page = await tillPage(cashier, "brighton");
    expect(page.till).toBeNull();
    expect(page.currencies.map((c: { currency: string }) => c.currency)).toEqual(["GBP", "EUR"]);
    expect(page.signOffAboveGbpMinor).toBe(1_000);

    // Float: £200 in £20s and £3 in £1 coins; €500 in €50s.
    const float: Count[] = [
      {
        currency: "GBP",
        notes: [
          { valueMinor: 2000, count: 10 },
          { valueMinor: 100, count: 3 },
        ],
      },
      { currency: "EUR", notes: [{ valueMinor: 5000, count: 10 }] },
    ];
    const opened = await open(cashier, "brighton", float);
    expect(opened.statusCode, opened.body).toBe(201);
    const tillId = opened.json().id as string;
    expect(opened.json().float).toEqual([
      { currency: "GBP", amountMinor: 20_300 },
      { currency: "EUR", amountMinor: 50_000 },
    ]);

    // Click & Collect paid in cash: £250 in, €300 out.
    const cash = await acceptedOrder("brighton", "Order", 25_000, 30_000);
    const paidCash = await complete(cashier, cash.id, {
      ...collectHandover,
      payment: { method: "cash", amountMinor: 25_000 },
    });
    expect(paidCash.statusCode, paidCash.body).toBe(200);
    // Click & Collect paid by card: recorded, no sterling in the drawer; €100 out.
    const card = await acceptedOrder("brighton", "Order", 9_000, 10_000);
    expect((await complete(cashier, card.id, { ...collectHandover, payment: { method: "card" } })).statusCode).toBe(
      200,
    );
    // Click & Sell: €200 received in €50s, its sterling paid out in cash.
    const sale = await acceptedOrder("brighton", "Sell", 16_000, 20_000);
    const sold = await complete(
      cashier,
      sale.id,
      saleHandover([{ currency: "EUR", notes: [{ valueMinor: 5000, count: 4 }] }]),
    );
    expect(sold.statusCode, sold.body).toBe(200);

    const movements = await db().select().from(tillMovements).where(eq(tillMovements.tillId, tillId));
    expect(movements).toHaveLength(6);
    expect(movements.every((m) => m.kind === "order" && m.actorEmail === cashier.email)).toBe(true);
    // What moved the drawer: cash only, signed (in positive).
    const moved = (currency: string) =>
      movements
        .filter((m) => m.currencyCode === currency && m.method === "cash")
        .reduce((sum, m) => sum + m.amountMinor, 0);
    expect(moved("GBP")).toBe(25_000 - 16_000);
    expect(moved("EUR")).toBe(-30_000 - 10_000 + 20_000);
    expect(movements.find((m) => m.method === "card")).toMatchObject({ currencyCode: "GBP", amountMinor: 9_000 });

    const during = (await tillPage(cashier, "brighton")).till;
    expect(during.expected).toEqual([
      { currency: "GBP", amountMinor: 20_300 + moved("GBP") },
      { currency: "EUR", amountMinor: 50_000 + moved("EUR") },
    ]);
    expect(during.cardGbpMinor).toBe(9_000);

    // The drawer counted exactly as expected: £293 (14×£20, 13×£1) and €300 (6×€50); no variance, closed.
    expect(amountOf(during.expected, "GBP")).toBe(29_300);
    expect(amountOf(during.expected, "EUR")).toBe(30_000);
    const closed = await close(cashier, tillId, [
      {
        currency: "GBP",
        notes: [
          { valueMinor: 2000, count: 14 },
          { valueMinor: 100, count: 13 },
        ],
      },
      { currency: "EUR", notes: [{ valueMinor: 5000, count: 6 }] },
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", varianceGbpMinor: 0, signOff: null });
    expect(closed.json().variance.every((v: { varianceMinor: number }) => v.varianceMinor === 0)).toBe(true);
    expect((await tillPage(cashier, "brighton")).till).toBeNull();
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, tillId));
    expect(audit.map((a) => a.action).sort()).toEqual(["till.close", "till.open"]);
  });

  it("refuses to close a till whose variance is above the threshold until a manager at its branch, not its cashier, signs off", async () => {
    const cashier = await staffMember("cashier", ["worthing"]);
    const manager = await staffMember("manager", ["worthing"]);
    const elsewhere = await staffMember("manager", ["chichester"]);
    const opened = await open(cashier, "worthing", [{ currency: "GBP", notes: [{ valueMinor: 1000, count: 10 }] }]);
    expect(opened.statusCode, opened.body).toBe(201);
    const tillId = opened.json().id as string;

    // £100 expected, £80 counted: £20 short, above £10.
    const refused = await close(cashier, tillId, [{ currency: "GBP", notes: [{ valueMinor: 1000, count: 8 }] }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "The till is £20.00 out, above £10.00: a manager must sign off the variance with a reason before it closes.",
    );
    expect(refused.json().error.fields).toEqual({ "variance.GBP": "−£20.00" });
    const [waiting] = await db().select().from(tills).where(eq(tills.id, tillId));
    expect(waiting).toMatchObject({ status: "awaiting_signoff", closedAt: null, varianceGbpMinor: 2_000 });

    // Waiting for the sign-off, the till takes nothing more, and cannot be closed again.
    const order = await createOrder(db(), { branchKey: "worthing", status: "accepted" });
    const blocked = await complete(cashier, order.id, collectHandover);
    expect(blocked.statusCode).toBe(409);
    expect((await close(cashier, tillId, [{ currency: "GBP", notes: [] }])).statusCode).toBe(409);

    // The cashier's role does not sign off; a manager elsewhere does not see it nor sign it off.
    expect((await signOff(cashier, tillId, "Counted twice")).statusCode).toBe(403);
    expect((await call(elsewhere, "GET", "/api/admin/till/awaiting-sign-off")).json().tills).toEqual([]);
    const wrongBranch = await signOff(elsewhere, tillId, "Counted twice");
    expect(wrongBranch.statusCode).toBe(403);
    expect(wrongBranch.json().error.message).toBe(NOT_YOUR_BRANCH_MESSAGE);

    // The manager at the branch sees it; a reason is needed; then it closes.
    const awaiting = (await call(manager, "GET", "/api/admin/till/awaiting-sign-off")).json().tills;
    expect(awaiting.map((t: { id: string }) => t.id)).toContain(tillId);
    expect(awaiting.find((t: { id: string }) => t.id === tillId).variance).toEqual([
      { currency: "GBP", expectedMinor: 10_000, countedMinor: 8_000, varianceMinor: -2_000, varianceGbpMinor: -2_000 },
    ]);
    expect((await signOff(manager, tillId, " ")).statusCode).toBe(400);
    const signed = await signOff(manager, tillId, "A £20 note paid out twice; cashier retrained");
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      status: "closed",
      signOff: { by: manager.email, reason: "A £20 note paid out twice; cashier retrained" },
    });
    expect((await signOff(manager, tillId, "Again, twice")).statusCode).toBe(409);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, tillId));
    expect(audit.map((a) => a.action).sort()).toEqual(["till.count-for-sign-off", "till.open", "till.sign-off"]);
    // With the till closed, the cashier may open a new one.
    expect((await open(cashier, "worthing", [{ currency: "GBP", notes: [] }])).statusCode).toBe(201);
  });

  it("records cash dropped to the safe and topped up from it, so a close after a drop balances; refuses taking out more than the drawer holds", async () => {
    await trackEuros("brighton");
    const cashier = await staffMember("cashier", ["brighton"]);
    const opened = await open(cashier, "brighton", [
      { currency: "GBP", notes: [{ valueMinor: 2000, count: 10 }] },
      { currency: "EUR", notes: [{ valueMinor: 5000, count: 2 }] },
    ]);
    const tillId = opened.json().id as string;

    // £150 to the safe (7 × £20 and a £10 note: a denomination the float did not have is still sterling).
    const drop = await moveCash(cashier, tillId, {
      direction: "out",
      currency: "GBP",
      notes: [
        { valueMinor: 2000, count: 7 },
        { valueMinor: 1000, count: 1 },
      ],
      reason: "Midday drop to the safe",
    });
    expect(drop.statusCode, drop.body).toBe(200);
    expect(amountOf(drop.json().expected, "GBP")).toBe(5_000);
    expect(amountOf(drop.json().float, "GBP")).toBe(20_000);

    // More than the drawer should now hold is refused with the figure, and nothing is recorded.
    const movementsBefore = await db().select().from(tillMovements).where(eq(tillMovements.tillId, tillId));
    const tooMuch = await moveCash(cashier, tillId, {
      direction: "out",
      currency: "GBP",
      notes: [{ valueMinor: 2000, count: 3 }],
      reason: "Another drop to the safe",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe("The drawer should hold £50.00: you cannot take out £60.00.");
    const badReason = await moveCash(cashier, tillId, {
      direction: "in",
      currency: "EUR",
      notes: [{ valueMinor: 5000, count: 1 }],
      reason: "ok",
    });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.fields).toEqual({ reason: "Say why the cash moves (at least 5 characters)" });
    const notCounted = await moveCash(cashier, tillId, {
      direction: "in",
      currency: "JPY",
      notes: [{ valueMinor: 1000, count: 1 }],
      reason: "Top-up from the safe",
    });
    expect(notCounted.statusCode).toBe(400);
    expect(notCounted.json().error.fields).toEqual({ currency: "JPY is not counted in this till" });
    expect(await db().select().from(tillMovements).where(eq(tillMovements.tillId, tillId))).toEqual(movementsBefore);

    // €50 topped up from the safe.
    const topUp = await moveCash(cashier, tillId, {
      direction: "in",
      currency: "eur",
      notes: [{ valueMinor: 5000, count: 1 }],
      reason: "Top-up from the safe",
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    expect(amountOf(topUp.json().expected, "EUR")).toBe(15_000);

    // Only the till's cashier moves its cash: not a manager of the branch, not another cashier.
    const manager = await staffMember("manager", ["brighton"]);
    const notTheirs = await moveCash(manager, tillId, {
      direction: "out",
      currency: "GBP",
      notes: [{ valueMinor: 1000, count: 1 }],
      reason: "Taking it to the safe",
    });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error.message).toBe("This is not your till: only its cashier uses it.");

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, tillId), sql`${auditLog.action} like 'till.cash-%'`));
    expect(audits.map((a) => a.action).sort()).toEqual(["till.cash-in", "till.cash-out"]);
    expect(audits.find((a) => a.action === "till.cash-out")?.after).toMatchObject({
      currency: "GBP",
      expectedMinor: 5_000,
      reason: "Midday drop to the safe",
    });

    // The drawer now holds £50 and €150: counting exactly that closes without a variance.
    const closed = await close(cashier, tillId, [
      { currency: "GBP", notes: [{ valueMinor: 5000, count: 1 }] },
      { currency: "EUR", notes: [{ valueMinor: 5000, count: 3 }] },
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", varianceGbpMinor: 0 });
    const afterClose = await moveCash(cashier, tillId, {
      direction: "in",
      currency: "GBP",
      notes: [{ valueMinor: 1000, count: 1 }],
      reason: "Top-up from the safe",
    });
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().error.message).toBe("This till is already closed.");
  });

  it("refuses a manager signing off their own till's variance", async () => {
    const manager = await staffMember("manager", ["chichester"]);
    const opened = await open(manager, "chichester", [{ currency: "GBP", notes: [{ valueMinor: 5000, count: 2 }] }]);
    const tillId = opened.json().id as string;
    expect((await close(manager, tillId, [{ currency: "GBP", notes: [] }])).statusCode).toBe(409);
    const own = await signOff(manager, tillId, "Counted it myself");
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe("A till's variance is signed off by a manager other than its cashier.");
    expect((await db().select().from(tills).where(eq(tills.id, tillId)))[0]?.status).toBe("awaiting_signoff");
  });

  it("closes a till whose variance is within the threshold, showing it, without a sign-off", async () => {
    const cashier = await staffMember("cashier", ["chichester"]);
    const opened = await open(cashier, "chichester", [{ currency: "GBP", notes: [{ valueMinor: 1000, count: 5 }] }]);
    const closed = await close(cashier, opened.json().id, [
      { currency: "GBP", notes: [{ valueMinor: 500, count: 9 }] },
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      status: "closed",
      variance: [
        { currency: "GBP", expectedMinor: 5_000, countedMinor: 4_500, varianceMinor: -500, varianceGbpMinor: -500 },
      ],
      varianceGbpMinor: 500,
      signOff: null,
    });
  });

  it("refuses a cashier at a branch that is not theirs, a second open till, and a count missing a currency", async () => {
    await trackEuros("172");
    const cashier = await staffMember("cashier", ["worthing"]);
    const other = await open(cashier, "brighton", [{ currency: "GBP", notes: [] }]);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(NOT_YOUR_BRANCH_MESSAGE);
    expect((await call(cashier, "GET", "/api/admin/till?branch=brighton")).statusCode).toBe(403);

    expect((await open(cashier, "worthing", [{ currency: "GBP", notes: [] }])).statusCode).toBe(201);
    const second = await open(cashier, "worthing", [{ currency: "GBP", notes: [] }]);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe("You already have a till open at Worthing: close it first.");

    const london = await staffMember("cashier", ["172"]);
    const missing = await open(london, "172", [{ currency: "GBP", notes: [] }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ "counts.EUR": "Count the EUR in the till (0 where there is none)" });
    const badNote = await open(london, "172", [
      { currency: "GBP", notes: [{ valueMinor: 300, count: 1 }] },
      { currency: "EUR", notes: [] },
    ]);
    expect(badNote.statusCode).toBe(400);
    expect(await db().select().from(tills).where(eq(tills.cashierId, london.userId))).toEqual([]);
  });

  it("counts at close a currency the till handed over that the branch does not track, and the sterling given back", async () => {
    const cashier = await staffMember("cashier", ["chichester"]);
    const opened = await open(cashier, "chichester", [{ currency: "GBP", notes: [{ valueMinor: 5000, count: 4 }] }]);
    expect((await tillPage(cashier, "chichester")).currencies.map((c: { currency: string }) => c.currency)).toEqual([
      "GBP",
    ]);
    const order = await acceptedOrder("chichester", "Order", 25_000, 30_000);
    // Whole notes could not make the exact conversion: £1.74 goes back to the customer in cash.
    await db().update(orderLines).set({ sterlingBackMinor: 174 }).where(eq(orderLines.orderId, order.id));
    expect((await complete(cashier, order.id, { ...collectHandover, payment: { method: "card" } })).statusCode).toBe(
      200,
    );
    const page = await tillPage(cashier, "chichester");
    expect(page.currencies.map((c: { currency: string }) => c.currency)).toEqual(["GBP", "EUR"]);
    expect(page.till.expected).toEqual([
      { currency: "GBP", amountMinor: 20_000 - 174 },
      { currency: "EUR", amountMinor: -30_000 },
    ]);
    const withoutEuros = await close(cashier, opened.json().id, [
      { currency: "GBP", notes: [{ valueMinor: 5000, count: 4 }] },
    ]);
    expect(withoutEuros.statusCode).toBe(400);
    expect(withoutEuros.json().error.fields).toEqual({
      "counts.EUR": "Count the EUR in the till (0 where there is none)",
    });
  });

  it("refuses to complete an order without an open till of the acting staff member at the order's branch, changing nothing", async () => {
    const cashier = await staffMember("cashier", ["worthing", "brighton"]);
    await open(cashier, "brighton", [
      { currency: "GBP", notes: [] },
      { currency: "EUR", notes: [] },
    ]);
    const order = await createOrder(db(), { branchKey: "worthing", status: "accepted" });
    const refused = await complete(cashier, order.id, collectHandover);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Open your till at Worthing first.");
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe("accepted");
    const moved = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(tillMovements)
      .where(and(eq(tillMovements.orderId, order.id)));
    expect(moved[0]?.n).toBe(0);
  });
});
