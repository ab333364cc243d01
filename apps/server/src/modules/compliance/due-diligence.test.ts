import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_DUE_DILIGENCE_TIERS } from "@bureau/domain/due-diligence";
import { expectedNotes } from "@bureau/domain/handover";
import { auditLog, orderLines, orders, rateHistory } from "../../db/schema.ts";
import { createOrder, saleHandover, uniqueCustomer } from "../../test/factories.ts";
import { placeThroughApi } from "../../test/place-through-api.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { createTestApp } from "../../test/test-app.ts";
import { getStatistics } from "../dashboard/index.ts";
import { assessDueDiligence } from "../../test/oracles/assess-due-diligence.ts";
import { linkedTotals } from "./linked-totals.ts";
import { previousDayEurRate } from "../../test/oracles/previous-day-eur-rate.ts";

const DAY = 24 * 60 * 60 * 1000;
const tiers = DEFAULT_DUE_DILIGENCE_TIERS;

describe("customer identity, linked totals and due-diligence tiers (controlled clock)", () => {
  const env = appWithStaff();
  const db = () => env.t.db;

  /** A placed order at `at` for the customer, assessed as placement assesses it. */
  async function placed(
    at: Date,
    who: { email: string; phone: string },
    gbpMinor: number,
    extra: Partial<typeof orders.$inferInsert> = {},
  ) {
    const order = await createOrder(db(), { ...who, gbpMinor, createdAt: at, ...extra });
    const assessed = await assessDueDiligence({ db: db(), orderId: order.id, placedAt: at, tiers, now: at });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    return { order: row!, assessed };
  }

  /** The EUR market rate of a day as the rollup keeps it (a reading at noon, London). */
  const eurRate = (day: string, rate: string) =>
    db()
      .insert(rateHistory)
      .values({ currencyCode: "EUR", rate, source: "test", recordedAt: new Date(`${day}T12:00:00Z`) });

  it("links orders by e-mail in any case or spacing and by phone in any UK spelling, not by plus-address", async () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const me = uniqueCustomer();
    const digits = me.phone.replace(/\D/g, "").slice(1); // 7700900NNN
    const a = await createOrder(db(), {
      email: `  ${me.email.toUpperCase()} `,
      phone: "01234 567890",
      gbpMinor: 100_00,
      createdAt: new Date(now.getTime() - 40 * DAY),
    });
    const b = await createOrder(db(), {
      email: "other1@example.com",
      phone: `+44 ${digits}`,
      gbpMinor: 200_00,
      createdAt: new Date(now.getTime() - 10 * DAY),
    });
    const c = await createOrder(db(), {
      email: "other2@example.com",
      phone: `0044 (0)${digits}`,
      way: "Sell",
      gbpMinor: 400_00,
      createdAt: new Date(now.getTime() - 5 * DAY),
    });
    const plus = await createOrder(db(), {
      email: me.email.replace("@", "+fx@"),
      phone: "01234 000000",
      gbpMinor: 800_00,
      createdAt: new Date(now.getTime() - 1 * DAY),
    });
    const cancelled = await createOrder(db(), {
      ...me,
      status: "cancelled",
      gbpMinor: 1_600_00,
      createdAt: new Date(now.getTime() - 2 * DAY),
    });
    const self = await createOrder(db(), { ...me, gbpMinor: 50_00, createdAt: now });

    const keys = await db()
      .select({ id: orders.id, email: orders.emailKey, phone: orders.phoneKey })
      .from(orders)
      .where(eq(orders.id, c.id));
    expect(keys[0]).toEqual({ id: c.id, email: "other2@example.com", phone: `44${digits}` });

    expect(await linkedTotals(db(), { orderId: self.id, throughOrder: true })).toEqual({
      yearOrderGbpMinor: 100_00 + 200_00 + 50_00,
      yearSellGbpMinor: 400_00,
      monthOrderGbpMinor: 200_00 + 50_00,
      monthSellGbpMinor: 400_00,
      orders: 4,
    });
    // Not linked: the plus-address (a different mailbox), nor the cancelled order; linked both ways round.
    expect((await linkedTotals(db(), { orderId: plus.id, throughOrder: true })).orders).toBe(1);
    expect((await linkedTotals(db(), { orderId: a.id, throughOrder: false })).orders).toBe(2); // a and self (by e-mail)
    expect((await linkedTotals(db(), { orderId: a.id, throughOrder: true })).orders).toBe(1);
    expect((await linkedTotals(db(), { orderId: b.id, throughOrder: true })).orders).toBe(1);
    // A cancelled order still shows its own totals.
    expect((await linkedTotals(db(), { orderId: cancelled.id, throughOrder: true })).yearOrderGbpMinor).toBe(
      1_600_00 + 100_00 + 200_00,
    );
  });

  it("counts an order linked by e-mail and by phone at once once, and a later order only without throughOrder", async () => {
    const now = new Date("2026-03-12T12:00:00Z");
    const me = uniqueCustomer();
    await createOrder(db(), { ...me, gbpMinor: 100_00, createdAt: new Date(now.getTime() - 10 * DAY) });
    const self = await createOrder(db(), { ...me, gbpMinor: 50_00, createdAt: now });
    await createOrder(db(), { ...me, way: "Sell", gbpMinor: 20_00, createdAt: new Date(now.getTime() + DAY) });
    expect(await linkedTotals(db(), { orderId: self.id, throughOrder: true })).toEqual({
      yearOrderGbpMinor: 150_00,
      yearSellGbpMinor: 0,
      monthOrderGbpMinor: 150_00,
      monthSellGbpMinor: 0,
      orders: 2,
    });
    expect(await linkedTotals(db(), { orderId: self.id, throughOrder: false })).toEqual({
      yearOrderGbpMinor: 150_00,
      yearSellGbpMinor: 20_00,
      monthOrderGbpMinor: 150_00,
      monthSellGbpMinor: 20_00,
      orders: 3,
    });
  });

  it("counts 12 months and 30 days back from the order: an order exactly 12 months (or 30 days) before is out", async () => {
    const now = new Date("2026-05-20T09:30:00Z");
    const me = uniqueCustomer();
    await createOrder(db(), { ...me, gbpMinor: 1_00, createdAt: new Date("2025-05-20T09:30:00Z") }); // exactly 12 months
    await createOrder(db(), { ...me, gbpMinor: 2_00, createdAt: new Date("2025-05-20T09:30:01Z") });
    await createOrder(db(), { ...me, gbpMinor: 4_00, createdAt: new Date(now.getTime() - 30 * DAY) }); // exactly 30 days
    await createOrder(db(), { ...me, gbpMinor: 8_00, createdAt: new Date(now.getTime() - 30 * DAY + 1000) });
    const self = await createOrder(db(), { ...me, gbpMinor: 16_00, createdAt: now });
    const totals = await linkedTotals(db(), { orderId: self.id, throughOrder: true });
    expect(totals.yearOrderGbpMinor).toBe(2_00 + 4_00 + 8_00 + 16_00);
    expect(totals.monthOrderGbpMinor).toBe(8_00 + 16_00);
  });

  it("flags Enhanced due diligence at exactly £5,000 linked over 12 months, not one penny below", async () => {
    const now = new Date("2026-04-01T10:00:00Z");
    await eurRate("2026-03-31", "1.15");
    const below = uniqueCustomer();
    await createOrder(db(), { ...below, gbpMinor: 2_500_00, createdAt: new Date(now.getTime() - 200 * DAY) });
    const under = await placed(now, below, 2_499_99);
    expect(under.order.enhancedDueDiligence).toBe(false);
    expect(under.assessed.outcome?.enhanced).toBe(false);

    const at = uniqueCustomer();
    await createOrder(db(), { ...at, way: "Sell", gbpMinor: 2_500_00, createdAt: new Date(now.getTime() - 200 * DAY) });
    const reached = await placed(now, at, 2_500_00);
    expect(reached.order.enhancedDueDiligence).toBe(true);
    expect(reached.order.holdReason).toBeNull();
  });

  it("holds at €15,000 converted at the previous day's EUR rate, not one penny below, nor at today's rate", async () => {
    const now = new Date("2026-06-10T08:00:00Z");
    await eurRate("2026-06-08", "1.5");
    await eurRate("2026-06-09", "1.2"); // the previous day: €15,000 = £12,500.00 exactly
    await eurRate("2026-06-10", "2.0"); // today's: never used
    expect(await previousDayEurRate(db(), now)).toEqual({ eurPerGbp: "1.20000000", day: "2026-06-09" });

    const below = uniqueCustomer();
    await createOrder(db(), {
      ...below,
      way: "Sell",
      gbpMinor: 10_000_00,
      createdAt: new Date(now.getTime() - 3 * DAY),
    });
    const under = await placed(now, below, 2_499_99);
    expect(under.assessed.outcome).toMatchObject({ threshold: false, yearEurMinor: "1499998.8" });
    expect(under.order.holdReason).toBeNull();
    expect(under.order.enhancedDueDiligence).toBe(true);

    const at = uniqueCustomer();
    await createOrder(db(), { ...at, way: "Sell", gbpMinor: 10_000_00, createdAt: new Date(now.getTime() - 3 * DAY) });
    const reached = await placed(now, at, 2_500_00);
    expect(reached.assessed).toMatchObject({ held: true, outcome: { threshold: true, yearEurMinor: "1500000" } });
    expect(reached.order.holdReason).toBe(
      "Linked 12-month total £12,500.00 is €15,000.00 at the EUR rate of 2026-06-09 (1.2), at or above the €15,000.00 threshold (MLR 2017 reg. 27): customer due diligence before the order proceeds.",
    );
    expect(reached.order.heldAt).toEqual(now);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reached.order.id), eq(auditLog.action, "order.hold")));
    expect(audit).toMatchObject([{ actorId: null, before: { onHold: false }, after: { onHold: true } }]);

    // Over a weekend without readings, the last working day's rate stands.
    expect(await previousDayEurRate(db(), new Date("2026-06-14T10:00:00Z"))).toEqual({
      eurPerGbp: "2.00000000",
      day: "2026-06-10",
    });

    // The day before the order's day in the bureau's zone (DISPLAY_TIME_ZONE): 22:30 UTC on 9 June is
    // still the 9th in London, already the 10th in Auckland.
    const lateEvening = new Date("2026-06-09T22:30:00Z");
    expect(await previousDayEurRate(db(), lateEvening)).toEqual({ eurPerGbp: "1.50000000", day: "2026-06-08" });
    expect(await previousDayEurRate(db(), lateEvening, "Pacific/Auckland")).toEqual({
      eurPerGbp: "1.20000000",
      day: "2026-06-09",
    });
  });

  it("holds and releases: Accept and Complete refused while held, clearing needs a reason and is audited", async () => {
    const now = new Date("2026-07-01T10:00:00Z");
    await eurRate("2026-06-30", "1.2");
    const me = uniqueCustomer();
    const { order } = await placed(now, me, 13_000_00, { way: "Sell" });
    expect(order.holdReason).not.toBeNull();
    const headers = env.staff.headers;
    const act = (transition: string, payload?: object) =>
      env.t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/${transition}`, headers, payload });

    // Listed in Pending Orders with its reason; counted apart in Statics.
    const listed = (
      await env.t.app.inject({
        method: "GET",
        url: `/api/admin/orders?status=pending&q=${encodeURIComponent(me.email)}`,
        headers,
      })
    ).json();
    expect(listed.orders).toMatchObject([{ id: order.id, holdReason: order.holdReason, enhancedDueDiligence: true }]);
    const stats = await getStatistics({ db: db(), timeZone: env.t.config.displayTimeZone });
    expect(stats.counts.onHold).toBeGreaterThanOrEqual(1);

    const refused = await act("accept");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "This order is on hold for compliance checks (the reason is on its page), so it cannot be accepted. Clear the hold on the order's page, writing a reason, first.",
    );
    const clear = (payload: object) =>
      env.t.app.inject({ method: "POST", url: `/api/admin/orders/${order.id}/hold/clear`, headers, payload });
    // No MLRO named here: any admin clears, recording the customer due diligence (docs/features/linked-series-and-customer-due-diligence.md).
    const withoutRecord = await clear({ reason: "Passport and payslips checked" });
    expect(withoutRecord.statusCode).toBe(400);
    const noSource = await clear({ idType: "driving_licence", idNumberLast4: "7Q2Z", idExpiresOn: "2030-01-01" });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().error.fields).toEqual({ sourceOfFunds: "Choose the source of funds" });
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]?.holdClearedAt).toBeNull();

    const dueDiligence = {
      idType: "driving_licence",
      idNumberLast4: "7Q2Z",
      idExpiresOn: "2030-01-01",
      sourceOfFunds: "salary",
      note: "Payslips seen",
    };
    const reason =
      "Customer due diligence: UK or EU photo driving licence valid until January 1st, 2030 verified; source of funds: Salary.";
    const cleared = await clear(dueDiligence);
    expect(cleared.statusCode).toBe(200);
    expect((await clear(dueDiligence)).statusCode).toBe(409);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.hold_clear")));
    expect(audit).toMatchObject([
      {
        actorEmail: env.staff.email,
        before: { onHold: true, reason: order.holdReason },
        after: { onHold: false, reason, dueDiligence: { idType: "driving_licence", sourceOfFunds: "salary" } },
      },
    ]);
    const statsAfter = await getStatistics({ db: db(), timeZone: env.t.config.displayTimeZone });
    expect(statsAfter.counts.onHold).toBe(stats.counts.onHold - 1);

    expect((await act("accept")).statusCode).toBe(200);
    // Enhanced due diligence: completing needs the address and date of birth beside the ID and what was
    // received; missing or bad ones change nothing.
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    // The notes the order's amount makes; the cents left over are coins, not taken.
    const notes = expectedNotes("EUR", line!.foreignMinor);
    const exactSale = saleHandover([{ currency: "EUR", notes }], "The cents in coins, not taken");
    const bare = await act("complete", exactSale);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({
      address: "Enter the customer's full address, with the postcode",
      dateOfBirth: "Enter the customer's date of birth (a real date, not in the future)",
    });
    const future = await act("complete", {
      ...exactSale,
      address: "1 High Street, Worthing BN11 1AA",
      dateOfBirth: "2999-01-01",
    });
    expect(future.statusCode).toBe(400);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe("accepted");
    const done = await act("complete", {
      ...exactSale,
      address: "1 High Street, Worthing BN11 1AA",
      dateOfBirth: "1980-02-29",
    });
    expect(done.statusCode).toBe(200);

    const details = (await env.t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}`, headers })).json();
    expect(details.compliance).toMatchObject({
      enhancedDueDiligence: true,
      linkedTotals: { yearSellGbpMinor: 13_000_00, yearOrderGbpMinor: 0, orders: 1 },
      hold: {
        reason: order.holdReason,
        clearedBy: env.staff.email,
        clearReason: reason,
        dueDiligence: { ...dueDiligence, checkedBy: env.staff.email },
      },
      handover: { address: "1 High Street, Worthing BN11 1AA", dateOfBirth: "1980-02-29" },
    });
  });

  it("adds the threshold's reason to a hold the placement itself started (a sanctions match), audited once", async () => {
    const at = new Date("2026-04-15T10:00:00Z");
    const sanctions = "Sanctions screening: the customer's name matches a list entry.";
    const order = await createOrder(db(), { ...uniqueCustomer(), gbpMinor: 2_000_00, createdAt: at });
    await db().update(orders).set({ holdReason: sanctions, heldAt: at }).where(eq(orders.id, order.id));
    const assess = () =>
      assessDueDiligence({
        db: db(),
        orderId: order.id,
        placedAt: at,
        tiers: { enhancedGbpMinor: 1_000_00, thresholdEurMinor: 1_000_00 },
        now: new Date(at.getTime() + 1000),
        eurRate: { eurPerGbp: "1.1500", day: "2026-04-14" },
      });
    expect((await assess()).held).toBe(true);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    const reasons = row!.holdReason!.split("\n");
    expect(reasons[0]).toBe(sanctions);
    expect(reasons).toHaveLength(2);
    expect(row!.heldAt).toEqual(at);
    // Assessed again (a retry): nothing added, no second entry.
    expect((await assess()).held).toBe(false);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.hold")));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toEqual({ onHold: true, reason: sanctions });
    expect(entries[0]!.after).toEqual({ onHold: true, reason: row!.holdReason });
  });

  it("assesses an order placed through the API: a Click & Sell over the threshold is on hold at once", async () => {
    const me = uniqueCustomer();
    // Online, at most £5,000 a currency: three currencies of £4,900 make £14,700, over €15,000 at any usual rate.
    const response = await placeThroughApi(env.t.app, {
      way: "Sell",
      lines: ["EUR", "USD", "CHF"].map((currency) => ({ currency, gbpMinor: 4_900_00 })),
      customer: { firstName: "Hal", lastName: "Held", ...me },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, response.json().orderNumber));
    expect(row?.holdReason).toMatch(/^Linked 12-month total £[\d,.]+ is €[\d,.]+ at the EUR rate of /);
    expect(row?.enhancedDueDiligence).toBe(true);
  });
});

describe("a placement's EUR rate in another display time zone (DISPLAY_TIME_ZONE)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { DISPLAY_TIME_ZONE: "Pacific/Auckland" } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("converts at the rate of the day before the order's day in the configured zone, not London's", async () => {
    // Readings at midnight UTC: the same calendar day in London and in Auckland.
    for (const [day, rate] of [
      ["2026-06-08", "1.5"],
      ["2026-06-09", "1.2"],
    ] as const) {
      await t.db
        .insert(rateHistory)
        .values({ currencyCode: "EUR", rate, source: "test", recordedAt: new Date(`${day}T00:00:00Z`) });
    }
    // 22:30 UTC on 9 June: the 9th in London (previous day the 8th, 1.5), the 10th in Auckland (the 9th, 1.2).
    const now = new Date("2026-06-09T22:30:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now });
    const me = uniqueCustomer();
    await createOrder(t.db, { ...me, way: "Sell", gbpMinor: 10_000_00, createdAt: new Date(now.getTime() - 3 * DAY) });
    const response = await placeThroughApi(t.app, {
      way: "Sell",
      lines: [{ currency: "USD", gbpMinor: 2_500_00 }],
      customer: { ...me, firstName: "Ann", lastName: "Lee" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNumber, response.json().orderNumber));
    // The sale of £2,500 is priced at the whole dollars covering it: $3,387, paying £2,500.55.
    expect(row?.holdReason).toBe(
      "Linked 12-month total £12,500.55 is €15,000.66 at the EUR rate of 2026-06-09 (1.2), at or above the €15,000.00 threshold (MLR 2017 reg. 27): customer due diligence before the order proceeds.",
    );
  });
});
