import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dayReportSchema } from "@bureau/domain/contracts/reports";
import { displayDates } from "@bureau/domain/dates";
import { auditLog, orderHandovers, orderLines, orderNotes, quotes, stockNotes } from "../../db/schema.ts";
import { queryRows } from "../../lib/postgres.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";

const HOUR = 3_600_000;

describe("the end-of-day report", () => {
  const env = appWithStaff();
  const report = (query: string, headers: Record<string, string> = env.staff.headers) =>
    env.t.app.inject({ method: "GET", url: `/api/admin/reports/day?${query}`, headers });
  const zone = () => env.t.config.displayTimeZone;
  /** Noon UTC of a London day is on that day in London, summer or winter. */
  const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

  /** Notes an order moved, written as its stock settlement writes them, with the branch's counts moved to match. */
  async function settle(orderId: string, way: "Order" | "Sell", notes: Record<number, number>) {
    for (const [value, count] of Object.entries(notes)) {
      await env.t.db
        .insert(orderNotes)
        .values({ orderId, currencyCode: "EUR", denominationMinor: Number(value), count });
      await env.t.db
        .update(stockNotes)
        .set({ count: sql`${stockNotes.count} + ${way === "Order" ? -count : count}` })
        .where(
          and(
            eq(stockNotes.branchKey, "chichester"),
            eq(stockNotes.currencyCode, "EUR"),
            eq(stockNotes.denominationMinor, Number(value)),
          ),
        );
    }
  }
  const setEurStock = (counts: Record<number, number>) =>
    env.t.app.inject({
      method: "PUT",
      url: "/api/admin/stock/chichester/EUR",
      headers: env.staff.headers,
      payload: {
        tracked: true,
        counts: Object.entries(counts).map(([value, count]) => ({ valueMinor: Number(value), count })),
        reason: "Counted",
      },
    });

  it("sums exactly the orders completed that day at the branch, and takes later changes back from the stock", async () => {
    const today = displayDates(zone()).day(new Date());
    const day = displayDates(zone()).day(new Date(Date.now() - 30 * HOUR));
    const dayBefore = displayDates(zone()).day(new Date(noonOf(day).getTime() - 24 * HOUR));
    expect(day < today).toBe(true);

    // The count at the start of `day` (its audit entry moved to that morning, as if made then).
    expect((await setEurStock({ 5000: 10, 2000: 10, 1000: 10 })).statusCode).toBe(200);
    await env.t.db
      .update(auditLog)
      .set({ createdAt: new Date(noonOf(day).getTime() - 3 * HOUR) })
      .where(eq(auditLog.entityId, "chichester/EUR"));

    const collect = await createOrder(env.t.db, {
      orderNumber: "31000001",
      branchKey: "chichester",
      status: "completed",
      gbpMinor: 8_910,
      createdAt: noonOf(dayBefore),
      completedAt: noonOf(day),
    });
    await settle(collect.id, "Order", { 5000: 2 });
    const sell = await createOrder(env.t.db, {
      orderNumber: "31000002",
      branchKey: "chichester",
      way: "Sell",
      status: "completed",
      gbpMinor: 1_733,
      createdAt: noonOf(day),
      completedAt: new Date(noonOf(day).getTime() + HOUR),
    });
    await settle(sell.id, "Sell", { 2000: 1 });
    // Not in the day's report: completed the day before, at another branch, still open, or completed later.
    await createOrder(env.t.db, {
      orderNumber: "31000003",
      branchKey: "chichester",
      status: "completed",
      completedAt: noonOf(dayBefore),
    });
    await createOrder(env.t.db, {
      orderNumber: "31000004",
      branchKey: "worthing",
      status: "completed",
      completedAt: noonOf(day),
    });
    await createOrder(env.t.db, {
      orderNumber: "31000005",
      branchKey: "chichester",
      status: "accepted",
      createdAt: noonOf(day),
    });
    const laterCollect = await createOrder(env.t.db, {
      orderNumber: "31000006",
      branchKey: "chichester",
      status: "completed",
      gbpMinor: 1_000,
      createdAt: noonOf(day),
      completedAt: new Date(),
    });
    await settle(laterCollect.id, "Order", { 1000: 1 });
    const laterSell = await createOrder(env.t.db, {
      orderNumber: "31000007",
      branchKey: "chichester",
      way: "Sell",
      status: "completed",
      gbpMinor: 4_500,
      completedAt: new Date(),
    });
    await settle(laterSell.id, "Sell", { 5000: 1 });
    // Today staff count the €20 notes again: 11 → 15.
    expect((await setEurStock({ 2000: 15 })).statusCode).toBe(200);

    const past = await report(`branch=chichester&date=${day}`);
    expect(past.statusCode).toBe(200);
    const dayReport = dayReportSchema.parse(past.json());
    expect(dayReport.branch).toEqual({ key: "chichester", name: "Chichester" });
    expect(dayReport.today).toBe(false);
    expect(dayReport.orders.map((o) => o.orderNumber)).toEqual(["31000001", "31000002"]);
    expect(dayReport.sterling).toEqual({ inMinor: 8_910, outMinor: 1_733, backMinor: 0 });
    expect(dayReport.currencies).toEqual([
      {
        currency: "EUR",
        outMinor: Math.floor((8_910 * 11232) / 10000),
        inMinor: Math.floor((1_733 * 11232) / 10000),
        notesOut: [{ valueMinor: 5000, count: 2 }],
        notesIn: [{ valueMinor: 2000, count: 1 }],
      },
    ]);
    const closeOf = (r: typeof dayReport) =>
      Object.fromEntries(r.stockAtClose.find((s) => s.currency === "EUR")!.notes.map((n) => [n.valueMinor, n.count]));
    expect(closeOf(dayReport)).toMatchObject({ 5000: 8, 2000: 11, 1000: 10, 500: 0, 10000: 0, 20000: 0 });
    expect(dayReport.stockAtClose[0]!.totalMinor).toBe(8 * 5000 + 11 * 2000 + 10 * 1000);

    // Today's report: today's orders, and the stock as it is now.
    const now = dayReportSchema.parse((await report("branch=chichester")).json());
    expect(now.date).toBe(today);
    expect(now.today).toBe(true);
    expect(now.orders.map((o) => o.orderNumber)).toEqual(["31000006", "31000007"]);
    expect(now.sterling).toEqual({ inMinor: 1_000, outMinor: 4_500, backMinor: 0 });
    expect(closeOf(now)).toMatchObject({ 5000: 9, 2000: 15, 1000: 9 });
  });

  it("lists an order of several currencies once, with its lines in their order", async () => {
    const day = displayDates(zone()).day(new Date(Date.now() - 30 * HOUR));
    const order = await createOrder(env.t.db, {
      orderNumber: "31000011",
      branchKey: "brighton",
      status: "completed",
      gbpMinor: 10_000,
      completedAt: noonOf(day),
    });
    // The order's EUR line becomes its second; a USD line is its first.
    await env.t.db.update(orderLines).set({ position: 2 }).where(eq(orderLines.orderId, order.id));
    const [usdQuote] = await env.t.db
      .insert(quotes)
      .values({
        currencyCode: "USD",
        way: "Order",
        rate: "1.2500",
        marketRate: "1.3000",
        margin: "-3.8",
        gbpMinor: 4_000,
        foreignMinor: 5_000,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      })
      .returning();
    await env.t.db.insert(orderLines).values({
      orderId: order.id,
      position: 1,
      quoteId: usdQuote!.id,
      currencyCode: "USD",
      rate: "1.2500",
      marketRate: "1.3000",
      gbpMinor: 4_000,
      foreignMinor: 5_000,
    });

    const dayReport = dayReportSchema.parse((await report(`branch=brighton&date=${day}`)).json());
    expect(dayReport.orders.map((o) => [o.orderNumber, o.fx])).toEqual([
      [
        "31000011",
        [
          { currency: "USD", foreignMinor: 5_000 },
          { currency: "EUR", foreignMinor: Math.floor((10_000 * 11232) / 10000) },
        ],
      ],
    ]);
    expect(dayReport.currencies.map((c) => [c.currency, c.outMinor])).toEqual([
      ["EUR", Math.floor((10_000 * 11232) / 10000)],
      ["USD", 5_000],
    ]);
  });

  it("counts a sale at what its handover settled when the customer brought less than ordered", async () => {
    const sale = await createOrder(env.t.db, {
      orderNumber: "31000101",
      branchKey: "brighton",
      way: "Sell",
      status: "completed",
      gbpMinor: 4_500,
      completedAt: new Date(),
    });
    const [line] = await queryRows<{ foreign_minor: string }>(
      env.t.db,
      sql`select foreign_minor::text from order_lines where order_id = ${sale.id}`,
    );
    const orderedMinor = Number(line!.foreign_minor);
    // €20 fewer came in than ordered; the sterling paid was recomputed at the order's locked rate.
    await env.t.db.insert(orderHandovers).values({
      orderId: sale.id,
      idType: "passport",
      idNumberLast4: "1234",
      idExpiresOn: "2099-12-31",
      received: [
        {
          currency: "EUR",
          orderedMinor,
          receivedMinor: orderedMinor - 2_000,
          notes: [],
          gbpOrderedMinor: 4_500,
          gbpPaidMinor: 2_719,
        },
      ],
      differenceReason: "One note fewer",
      gbpMinor: 2_719,
      recordedAt: new Date(),
      recordedBy: "staff@example.com",
    });
    const today = dayReportSchema.parse((await report("branch=brighton")).json());
    expect(today.orders.map((o) => [o.orderNumber, o.totalGbpMinor])).toEqual([["31000101", 2_719]]);
    expect(today.sterling).toEqual({ inMinor: 0, outMinor: 2_719, backMinor: 0 });
    expect(today.currencies.find((c) => c.currency === "EUR")?.inMinor).toBe(orderedMinor - 2_000);
  });

  it("refuses bad days and branches in words, and anyone who is not staff", async () => {
    expect((await report("date=2026-02-30")).statusCode).toBe(400);
    expect((await report("branch=paris")).statusCode).toBe(400);
    const future = await report(`date=${displayDates(zone()).day(new Date(Date.now() + 48 * HOUR))}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe("There is no report for a day that has not begun.");
    expect((await report("", { origin: env.t.app.config.publicUrl })).statusCode).toBe(401);
    const customer = await signUpAndSignIn(env.t.app);
    expect((await report("", customer.headers)).statusCode).toBe(403);
  });
});
