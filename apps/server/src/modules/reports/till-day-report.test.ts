import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type DayReport, dayReportSchema } from "@bureau/domain/contracts/reports";
import { DEFAULT_DISPLAY_TIME_ZONE, displayDates } from "@bureau/domain/dates";
import { orderLines, orderNotes, orderReversals, orders, stockNotes, tills } from "../../db/schema.ts";
import { queryRows } from "../../lib/postgres.ts";
import { type SignedIn, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { parseCsv } from "../../test/csv-parse.ts";
import { collectHandover, createOrder, saleHandover, uniqueCustomer, trackCurrency } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { recordTillMovement } from "../till/index.ts";
import { DAY_REPORT_CSV_HEADER } from "./index.ts";

type Count = { currency: string; notes: { valueMinor: number; count: number }[] };

/**
 * The day's report of the tills (issue 33 item 5): a day built through the real till and completion
 * endpoints (two tills, cash and card, a Click & Collect and a counter purchase, a reversal, a close
 * with a variance signed off), then every figure of the report checked against a recount of the
 * database with plain SQL — on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
describe("the day's report of the tills", () => {
  const env = appWithStaff();
  const db = () => env.t.db;
  const call = (who: SignedIn, method: "GET" | "POST", url: string, payload?: object) =>
    env.t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const staff = (role: "cashier" | "manager", branches: string[]) =>
    signUpAndSignIn(env.t.app, { role, branches, staffVerified: true });

  const trackEuros = (branchKey: string) =>
    trackCurrency(db(), branchKey, "EUR", [
      { valueMinor: 5000, count: 100 },
      { valueMinor: 2000, count: 100 },
    ]);

  /** An accepted order for whole euros; a Click & Collect has its notes reserved as placement reserves them. */
  async function acceptedOrder(options: {
    way: "Order" | "Sell";
    gbpMinor: number;
    euroMinor: number;
    channel?: "online" | "counter";
    reserve?: Record<number, number>;
  }) {
    const order = await createOrder(db(), {
      branchKey: "worthing",
      way: options.way,
      status: "accepted",
      gbpMinor: options.gbpMinor,
      channel: options.channel ?? "online",
      ...uniqueCustomer(),
    });
    await db().update(orderLines).set({ foreignMinor: options.euroMinor }).where(eq(orderLines.orderId, order.id));
    for (const [value, count] of Object.entries(options.reserve ?? {})) {
      await db()
        .insert(orderNotes)
        .values({ orderId: order.id, currencyCode: "EUR", denominationMinor: Number(value), count });
      await db()
        .update(stockNotes)
        .set({ reserved: sql`${stockNotes.reserved} + ${count}` })
        .where(
          and(
            eq(stockNotes.branchKey, "worthing"),
            eq(stockNotes.currencyCode, "EUR"),
            eq(stockNotes.denominationMinor, Number(value)),
          ),
        );
    }
    return order;
  }

  /** What the day did, with the ids the recount needs. */
  async function buildDay() {
    await trackEuros("worthing");
    const [alice, bob] = [await staff("cashier", ["worthing"]), await staff("cashier", ["worthing"])];
    const manager = await staff("manager", ["worthing"]);
    const floatA: Count[] = [
      { currency: "GBP", notes: [{ valueMinor: 2000, count: 10 }] },
      { currency: "EUR", notes: [{ valueMinor: 5000, count: 10 }] },
    ];
    const tillA = (await call(alice, "POST", "/api/admin/till", { branch: "worthing", counts: floatA })).json().id;
    const tillB = (
      await call(bob, "POST", "/api/admin/till", {
        branch: "worthing",
        counts: [
          { currency: "GBP", notes: [{ valueMinor: 1000, count: 5 }] },
          { currency: "EUR", notes: [] },
        ],
      })
    ).json().id;

    // Alice: a Click & Collect of €200 (4 × €50) paid £178.06 in cash; a counter purchase of €40 (2 × €20) paid out in cash.
    const collect = await acceptedOrder({ way: "Order", gbpMinor: 17_806, euroMinor: 20_000, reserve: { 5000: 4 } });
    const done = await call(alice, "POST", `/api/admin/orders/${collect.id}/complete`, {
      ...collectHandover,
      payment: { method: "cash" },
    });
    expect(done.statusCode, done.body).toBe(200);
    const purchase = await acceptedOrder({ way: "Sell", gbpMinor: 3_400, euroMinor: 4_000, channel: "counter" });
    const bought = await call(
      alice,
      "POST",
      `/api/admin/orders/${purchase.id}/complete`,
      saleHandover([{ currency: "EUR", notes: [{ valueMinor: 2000, count: 2 }] }]),
    );
    expect(bought.statusCode, bought.body).toBe(200);
    // Bob: a Click & Collect of €100 (2 × €50) paid £89.03 by card.
    const byCard = await acceptedOrder({ way: "Order", gbpMinor: 8_903, euroMinor: 10_000, reserve: { 5000: 2 } });
    expect((await call(bob, "POST", `/api/admin/orders/${byCard.id}/complete`, collectHandover)).statusCode).toBe(200);

    // Alice's Click & Collect is reversed, approved by the manager, through Bob's till: the negation of its movements.
    await db().transaction(async (tx) => {
      const now = new Date();
      await tx.insert(orderReversals).values({
        orderId: collect.id,
        reason: "Customer changed their mind at the counter",
        status: "approved",
        requestedById: alice.userId,
        requestedBy: alice.email,
        requestedAt: now,
        decidedById: manager.userId,
        decidedBy: manager.email,
        decidedAt: now,
      });
      await tx.update(orders).set({ reversedAt: now }).where(eq(orders.id, collect.id));
      await recordTillMovement(tx, {
        tillId: tillB,
        kind: "reversal",
        orderId: collect.id,
        actor: { id: manager.userId, email: manager.email },
        movements: [
          { currency: "GBP", amountMinor: -17_806, method: "cash" },
          { currency: "EUR", amountMinor: 20_000, method: "cash" },
        ],
      });
    });

    // Alice counts £20 short in sterling: above £10, so the manager signs it off.
    const counted: Count[] = [
      {
        currency: "GBP",
        notes: [
          { valueMinor: 5000, count: 6 },
          { valueMinor: 2000, count: 1 },
          { valueMinor: 200, count: 2 },
          { valueMinor: 5, count: 1 },
          { valueMinor: 1, count: 1 },
        ],
      },
      {
        currency: "EUR",
        notes: [
          { valueMinor: 5000, count: 6 },
          { valueMinor: 2000, count: 2 },
        ],
      },
    ];
    expect((await call(alice, "POST", `/api/admin/till/${tillA}/close`, { counts: counted })).statusCode).toBe(409);
    const signed = await call(manager, "POST", `/api/admin/till/${tillA}/sign-off`, {
      reason: "A £20 note given as change twice",
    });
    expect(signed.statusCode, signed.body).toBe(200);
    return { alice, bob, manager, tillA, tillB, collect, purchase, byCard };
  }

  /** The recount: plain SQL over the tables, per till and currency, of what the report says. */
  async function recount(tillIds: string[]) {
    const ids = sql.join(
      tillIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const counts = await queryRows<{ till_id: string; stage: string; currency_code: string; amount: string }>(
      db(),
      sql`select till_id, stage, currency_code, sum(denomination_minor * count)::text as amount
          from till_counts where till_id in (${ids}) group by 1, 2, 3`,
    );
    const flows = await queryRows<{
      till_id: string;
      currency_code: string;
      method: string;
      in_minor: string;
      out_minor: string;
      cash: string;
      float_moved: string;
    }>(
      db(),
      sql`select till_id, currency_code, method,
            sum(case when kind in ('order', 'trade') and amount_minor > 0 then amount_minor
                     when kind = 'reversal' and amount_minor < 0 then amount_minor else 0 end)::text as in_minor,
            sum(case when kind in ('order', 'trade') and amount_minor < 0 then -amount_minor
                     when kind = 'reversal' and amount_minor > 0 then -amount_minor else 0 end)::text as out_minor,
            sum(case when method = 'cash' then amount_minor else 0 end)::text as cash,
            sum(case when kind = 'float' and method = 'cash' then amount_minor else 0 end)::text as float_moved
          from till_movements where till_id in (${ids}) group by 1, 2, 3`,
    );
    const notes = await queryRows<{ till_id: string; side: string; currency: string; value: string; count: string }>(
      db(),
      sql`select m.till_id, 'out' as side, n.currency_code as currency, n.denomination_minor::text as value,
            sum(n.count * case when m.kind = 'reversal' then -1 else 1 end)::text as count
          from (select distinct till_id, order_id, kind from till_movements where till_id in (${ids}) and order_id is not null) m
          join orders o on o.id = m.order_id and o.way = 'Order' join order_notes n on n.order_id = m.order_id
          group by 1, 2, 3, 4
          union all
          select m.till_id, 'in', r ->> 'currency', note ->> 'valueMinor',
            sum((note ->> 'count')::int * case when m.kind = 'reversal' then -1 else 1 end)::text
          from (select distinct till_id, order_id, kind from till_movements where till_id in (${ids}) and order_id is not null) m
          join orders o on o.id = m.order_id and o.way = 'Sell' join order_handovers h on h.order_id = m.order_id,
            jsonb_array_elements(h.received) r, jsonb_array_elements(r -> 'notes') note
          group by 1, 2, 3, 4`,
    );
    return { counts, flows, notes };
  }

  /** Every till's figures in the report equal the recount; the branch's totals equal the recount over all of them. */
  function expectReportEqualsRecount(report: DayReport, again: Awaited<ReturnType<typeof recount>>) {
    const amountOf = (rows: { amount: string }[]) => rows.reduce((sum, row) => sum + Number(row.amount), 0);
    for (const till of report.tills) {
      const currencies = new Set([
        ...again.counts.filter((c) => c.till_id === till.id).map((c) => c.currency_code),
        ...again.flows.filter((f) => f.till_id === till.id).map((f) => f.currency_code),
      ]);
      expect(till.currencies.map((c) => c.currency).sort()).toEqual([...currencies].sort());
      for (const day of till.currencies) {
        const count = (stage: string) =>
          amountOf(
            again.counts.filter((c) => c.till_id === till.id && c.stage === stage && c.currency_code === day.currency),
          );
        const flow = (method: string, pick: (f: (typeof again.flows)[number]) => string) =>
          again.flows
            .filter((f) => f.till_id === till.id && f.currency_code === day.currency && f.method === method)
            .reduce((sum, f) => sum + Number(pick(f)), 0);
        const cashMoved = flow("cash", (f) => f.cash);
        expect(day.floatMinor, `${till.cashierEmail} ${day.currency} float`).toBe(count("open"));
        expect(day.cash).toEqual({
          inMinor: flow("cash", (f) => f.in_minor),
          outMinor: flow("cash", (f) => f.out_minor),
        });
        expect(day.card).toEqual({
          inMinor: flow("card", (f) => f.in_minor),
          outMinor: flow("card", (f) => f.out_minor),
        });
        expect(day.floatMovedMinor).toBe(flow("cash", (f) => f.float_moved));
        expect(day.expectedMinor).toBe(count("open") + cashMoved);
        expect(day.countedMinor).toBe(till.countedAt ? count("close") : null);
        expect(day.varianceMinor).toBe(till.countedAt ? count("close") - count("open") - cashMoved : null);
        for (const [side, notes] of [
          ["out", day.notesOut],
          ["in", day.notesIn],
        ] as const) {
          const expected = again.notes
            .filter(
              (n) => n.till_id === till.id && n.side === side && n.currency === day.currency && Number(n.count) !== 0,
            )
            .map((n) => ({ valueMinor: Number(n.value), count: Number(n.count) }))
            .sort((a, b) => b.valueMinor - a.valueMinor);
          expect(notes, `${till.cashierEmail} ${day.currency} notes ${side}`).toEqual(expected);
        }
      }
    }
    for (const total of report.tillTotals) {
      const ofTills = report.tills.flatMap((t) => t.currencies.filter((c) => c.currency === total.currency));
      const add = (pick: (c: (typeof ofTills)[number]) => number) => ofTills.reduce((sum, c) => sum + pick(c), 0);
      expect(total.floatMinor).toBe(
        amountOf(again.counts.filter((c) => c.stage === "open" && c.currency_code === total.currency)),
      );
      expect(total.countedMinor).toBe(
        amountOf(again.counts.filter((c) => c.stage === "close" && c.currency_code === total.currency)),
      );
      expect(total.cash.inMinor - total.cash.outMinor + total.floatMovedMinor).toBe(
        again.flows.filter((f) => f.currency_code === total.currency).reduce((sum, f) => sum + Number(f.cash), 0),
      );
      expect(total.card).toEqual({ inMinor: add((c) => c.card.inMinor), outMinor: add((c) => c.card.outMinor) });
      expect(total.expectedMinor).toBe(add((c) => c.expectedMinor));
      expect(total.varianceMinor).toBe(add((c) => c.varianceMinor ?? 0));
    }
  }

  it("gives each till and the branch exactly what a recount of the database gives, and the same as CSV", async () => {
    const day = await buildDay();
    const response = await call(day.manager, "GET", "/api/admin/reports/day?branch=worthing");
    expect(response.statusCode, response.body).toBe(200);
    const report = dayReportSchema.parse(response.json());
    expectReportEqualsRecount(report, await recount(report.tills.map((t) => t.id)));

    // And the figures are the ones the day made, not only the same as the recount.
    const tillA = report.tills.find((t) => t.id === day.tillA)!;
    const tillB = report.tills.find((t) => t.id === day.tillB)!;
    expect(tillA).toMatchObject({
      cashierEmail: day.alice.email,
      status: "closed",
      varianceGbpMinor: 2_000,
      signOff: { by: day.manager.email, reason: "A £20 note given as change twice" },
    });
    expect(tillA.currencies).toEqual([
      {
        currency: "GBP",
        floatMinor: 20_000,
        cash: { inMinor: 17_806, outMinor: 3_400 },
        card: { inMinor: 0, outMinor: 0 },
        floatMovedMinor: 0,
        expectedMinor: 20_000 + 17_806 - 3_400,
        countedMinor: 32_406,
        varianceMinor: -2_000,
        notesOut: [],
        notesIn: [],
      },
      {
        currency: "EUR",
        floatMinor: 50_000,
        cash: { inMinor: 4_000, outMinor: 20_000 },
        card: { inMinor: 0, outMinor: 0 },
        floatMovedMinor: 0,
        expectedMinor: 34_000,
        countedMinor: 34_000,
        varianceMinor: 0,
        notesOut: [{ valueMinor: 5000, count: 4 }],
        notesIn: [{ valueMinor: 2000, count: 2 }],
      },
    ]);
    expect(tillB).toMatchObject({ status: "open", countedAt: null, signOff: null });
    expect(tillB.currencies.find((c) => c.currency === "GBP")).toMatchObject({
      floatMinor: 5_000,
      cash: { inMinor: -17_806, outMinor: 0 },
      card: { inMinor: 8_903, outMinor: 0 },
      expectedMinor: 5_000 - 17_806,
      countedMinor: null,
    });
    // The reversal takes back the notes Alice's till handed over, in Bob's till where it went through.
    expect(tillB.currencies.find((c) => c.currency === "EUR")?.notesOut).toEqual([{ valueMinor: 5000, count: -2 }]);
    const eur = report.tillTotals.find((t) => t.currency === "EUR")!;
    expect(eur.notesOut).toEqual([{ valueMinor: 5000, count: 2 }]);
    expect(eur.notesIn).toEqual([{ valueMinor: 2000, count: 2 }]);

    expect(report.reversals).toEqual([
      expect.objectContaining({
        orderNumber: day.collect.orderNumber,
        channel: "online",
        reason: "Customer changed their mind at the counter",
        requestedBy: day.alice.email,
        approvedBy: day.manager.email,
      }),
    ]);
    const channelOf = (id: string) => report.orders.find((o) => o.id === id);
    expect(channelOf(day.purchase.id)).toMatchObject({ channel: "counter", reversed: false });
    expect(channelOf(day.collect.id)).toMatchObject({ channel: "online", reversed: true });

    // The CSV says the same.
    const csv = await call(day.manager, "GET", "/api/admin/reports/day.csv?branch=worthing");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="day-report-worthing-${report.date}.csv"`);
    const records = parseCsv(csv.body.replace(/^\uFEFF/, ""));
    expect(records[0]).toEqual([...DAY_REPORT_CSV_HEADER]);
    const tillNumber = `Till ${report.tills.findIndex((t) => t.id === day.tillA) + 1}`;
    const figure = (till: string, currency: string, name: string, method = "") =>
      records.find((r) => r[2] === till && r[5] === currency && r[6] === name && r[7] === method)?.[10];
    expect(figure(tillNumber, "GBP", "In", "Cash")).toBe("178.06");
    expect(figure(tillNumber, "GBP", "Out", "Cash")).toBe("34.00");
    expect(figure(tillNumber, "GBP", "Variance")).toBe("-20.00");
    expect(figure("All tills", "GBP", "In", "Card")).toBe("89.03");
    expect(records.find((r) => r[2] === tillNumber && r[6] === "Sign-off")?.[11]).toContain(
      "A £20 note given as change twice",
    );
    expect(records.find((r) => r[6] === "Reversal")?.[11]).toContain(day.collect.orderNumber);
    expect(records.find((r) => r[6] === "Order" && r[11]?.startsWith(day.purchase.orderNumber))?.[7]).toBe("Counter");
  });

  it("keeps a till left open overnight in each day it is open, and a till closed the day before out of today's", async () => {
    const [carol, dave] = [await staff("cashier", ["brighton"]), await staff("cashier", ["brighton"])];
    const manager = await staff("manager", ["brighton"]);
    const open = async (who: SignedIn) => {
      const opened = await call(who, "POST", "/api/admin/till", {
        branch: "brighton",
        counts: [{ currency: "GBP", notes: [{ valueMinor: 1000, count: 5 }] }],
      });
      expect(opened.statusCode, opened.body).toBe(201);
      return opened.json().id as string;
    };
    const leftOpen = await open(carol);
    const closedBefore = await open(dave);
    // Both were opened a day and two hours ago; Dave's was closed an hour later, Carol's never was.
    const openedAt = new Date(Date.now() - 26 * 3_600_000);
    await db().update(tills).set({ openedAt }).where(eq(tills.id, leftOpen));
    await db()
      .update(tills)
      .set({
        openedAt,
        status: "closed",
        countedAt: new Date(openedAt.getTime() + 3_600_000),
        closedAt: new Date(openedAt.getTime() + 3_600_000),
      })
      .where(eq(tills.id, closedBefore));
    // Carol takes £20 into her till today.
    await db().transaction((tx) =>
      recordTillMovement(tx, {
        tillId: leftOpen,
        kind: "float",
        actor: { id: carol.userId, email: carol.email },
        movements: [{ currency: "GBP", amountMinor: 2_000, method: "cash" }],
      }),
    );

    const today = dayReportSchema.parse((await call(manager, "GET", "/api/admin/reports/day?branch=brighton")).json());
    // (The shared staff member's till, open at every branch, is there too.)
    const todaysIds = today.tills.map((till) => till.id);
    expect(todaysIds).toContain(leftOpen);
    expect(todaysIds).not.toContain(closedBefore);
    const carols = today.tills.find((till) => till.id === leftOpen);
    expect(carols?.currencies.find((c) => c.currency === "GBP")).toMatchObject({
      floatMinor: 5_000,
      floatMovedMinor: 2_000,
      expectedMinor: 7_000,
    });
    const expectedOf = (till: DayReport["tills"][number]) =>
      till.currencies.find((c) => c.currency === "GBP")?.expectedMinor ?? 0;
    expect(today.tillTotals.find((t) => t.currency === "GBP")?.expectedMinor).toBe(
      today.tills.reduce((sum, till) => sum + expectedOf(till), 0),
    );

    // The day they were opened shows both.
    const openedDay = displayDates(DEFAULT_DISPLAY_TIME_ZONE).day(openedAt);
    expect(openedDay < today.date).toBe(true);
    const before = dayReportSchema.parse(
      (await call(manager, "GET", `/api/admin/reports/day?branch=brighton&date=${openedDay}`)).json(),
    );
    expect(before.tills.map((till) => till.id)).toEqual(expect.arrayContaining([leftOpen, closedBefore]));
  });

  it("keeps a manager or a cashier to what they may see: reports for managers, at their branches", async () => {
    const elsewhere = await staff("manager", ["chichester"]);
    const cashier = await staff("cashier", ["worthing"]);
    for (const url of ["/api/admin/reports/day?branch=worthing", "/api/admin/reports/day.csv?branch=worthing"]) {
      const refused = await call(elsewhere, "GET", url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe("This is for a branch you do not work at.");
      expect((await call(cashier, "GET", url)).statusCode).toBe(403);
    }
    const own = dayReportSchema.parse((await call(elsewhere, "GET", "/api/admin/reports/day")).json());
    expect(own.branch.key).toBe("chichester");
    expect(own.branches).toEqual([{ key: "chichester", name: "Chichester" }]);
  });
});
