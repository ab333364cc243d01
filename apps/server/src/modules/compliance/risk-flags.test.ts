import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderDetails, OrderList } from "@bureau/domain/contracts/dashboard";
import { DEFAULT_DUE_DILIGENCE_TIERS } from "@bureau/domain/due-diligence";
import { DEFAULT_RISK_RULES } from "@bureau/domain/risk-flags";
import { auditLog, orderNotes, orderRiskFlags, orders, rateHistory } from "../../db/schema.ts";
import { createOrder, uniqueCustomer } from "../../test/factories.ts";
import { placeThroughApi } from "../../test/place-through-api.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { assessRiskFlags } from "../../test/oracles/assess-risk-flags.ts";
import { linkedTotals } from "./linked-totals.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("risk flags computed at placement (controlled clock)", () => {
  const env = appWithStaff();
  const db = () => env.t.db;
  const rules = DEFAULT_RISK_RULES;
  const tiers = DEFAULT_DUE_DILIGENCE_TIERS;

  async function flagsOf(order: { id: string; createdAt: Date }) {
    await assessRiskFlags({ db: db(), orderId: order.id, placedAt: order.createdAt, rules, tiers });
    const rows = await db().select().from(orderRiskFlags).where(eq(orderRiskFlags.orderId, order.id));
    return Object.fromEntries(rows.map((row) => [row.rule, row.detail]));
  }

  /** An order of this customer under a name, placed `daysBefore` days before `at`. */
  function orderAs(
    customer: ReturnType<typeof uniqueCustomer>,
    firstName: string,
    lastName: string,
    at: Date,
    daysBefore = 0,
  ) {
    return createOrder(db(), {
      ...customer,
      firstName,
      lastName,
      createdAt: new Date(at.getTime() - daysBefore * DAY),
    });
  }

  it("high-value notes: where no stock is tracked, the notes a collection is handed over in; a sale's amount; not CHF", async () => {
    const at = new Date("2026-08-03T10:00:00Z");
    // £1,200.00 buys €1,347.84 at 1.1232, handed over as six €200, one €100, two €20 and a €5: the €1,300 of
    // high-value notes are £1,157.40 at the order's rate.
    const big = await createOrder(db(), { ...uniqueCustomer(), gbpMinor: 1_200_00, createdAt: at });
    expect((await flagsOf(big)).high_value_notes).toBe(
      "EUR notes to hand over: 6 × €200.00, 1 × €100.00 (£1,157.40), at or above £1,000.00",
    );
    // £1,000.00 buys €1,123.20: its €1,100 of high-value notes are £979.34, under £1,000 (the amount alone fired).
    const at1000 = await createOrder(db(), { ...uniqueCustomer(), gbpMinor: 1_000_00, createdAt: at });
    expect((await flagsOf(at1000)).high_value_notes).toBeUndefined();
    const usd = await createOrder(db(), {
      ...uniqueCustomer(),
      currency: "USD",
      way: "Sell",
      gbpMinor: 1_000_00,
      createdAt: at,
    });
    expect((await flagsOf(usd)).high_value_notes).toContain("(US$100)");
    const francs = await createOrder(db(), { ...uniqueCustomer(), currency: "CHF", gbpMinor: 4_000_00, createdAt: at });
    expect((await flagsOf(francs)).high_value_notes).toBeUndefined();
  });

  it("high-value notes: where stock chose the notes, the €100/€200 notes reserved must be worth £1,000 or more", async () => {
    const at = new Date("2026-08-04T10:00:00Z");
    // £1,200.00 buys €1,347.84 at 1.1232: six €200 and one €100 reserved are €1,300, £1,157.40 at the order's rate.
    const big = await createOrder(db(), { ...uniqueCustomer(), gbpMinor: 1_200_00, createdAt: at });
    await db()
      .insert(orderNotes)
      .values([
        { orderId: big.id, currencyCode: "EUR", denominationMinor: 200_00, count: 6 },
        { orderId: big.id, currencyCode: "EUR", denominationMinor: 100_00, count: 1 },
        { orderId: big.id, currencyCode: "EUR", denominationMinor: 20_00, count: 2 },
      ]);
    expect((await flagsOf(big)).high_value_notes).toBe(
      "EUR notes reserved: 6 × €200.00, 1 × €100.00 (£1,157.40), at or above £1,000.00",
    );
    // The same amount in €50 notes: nothing high-value was asked for.
    const small = await createOrder(db(), { ...uniqueCustomer(), gbpMinor: 1_200_00, createdAt: at });
    await db()
      .insert(orderNotes)
      .values({ orderId: small.id, currencyCode: "EUR", denominationMinor: 50_00, count: 26 });
    expect((await flagsOf(small)).high_value_notes).toBeUndefined();
    // €1,100 in €100 notes is £979.34 at the order's rate: just under £1,000.
    const under = await createOrder(db(), { ...uniqueCustomer(), gbpMinor: 1_100_00, createdAt: at });
    await db()
      .insert(orderNotes)
      .values({ orderId: under.id, currencyCode: "EUR", denominationMinor: 100_00, count: 11 });
    expect((await flagsOf(under)).high_value_notes).toBeUndefined();
  });

  it("just under a tier: a line at 90% of the £5,000 tier fires, one penny below 90% and the tier itself do not", async () => {
    const at = new Date("2026-08-05T10:00:00Z");
    await db()
      .insert(rateHistory)
      .values({ currencyCode: "EUR", rate: "1.2", source: "test", recordedAt: new Date("2026-08-04T12:00:00Z") });
    const near = await createOrder(db(), { ...uniqueCustomer(), way: "Sell", gbpMinor: 4_500_00, createdAt: at });
    expect((await flagsOf(near)).near_tier).toBe(
      "Line 1 (£4,500.00) is within 10% under the £5,000.00 enhanced due-diligence tier",
    );
    const below = await createOrder(db(), { ...uniqueCustomer(), way: "Sell", gbpMinor: 4_499_99, createdAt: at });
    expect((await flagsOf(below)).near_tier).toBeUndefined();
    const atTier = await createOrder(db(), { ...uniqueCustomer(), way: "Sell", gbpMinor: 5_000_00, createdAt: at });
    expect((await flagsOf(atTier)).near_tier).toBeUndefined();
  });

  it("frequent orders: a third linked order within 7 days fires; one exactly 7 days before is out", async () => {
    const now = new Date("2026-08-10T10:00:00Z");
    const me = uniqueCustomer();
    await createOrder(db(), { ...me, createdAt: new Date(now.getTime() - 7 * DAY + 1000) });
    // Linked by phone alone, written another way, and cancelled: it was still placed.
    await createOrder(db(), {
      email: "another@example.com",
      phone: me.phone.replace(/^0/, "+44 "),
      status: "cancelled",
      createdAt: new Date(now.getTime() - DAY),
    });
    const third = await createOrder(db(), { ...me, createdAt: now });
    expect((await flagsOf(third)).frequent_orders).toBe(
      "3 orders in 7 days by this customer (linked by e-mail, phone or account), this one included",
    );

    const other = uniqueCustomer();
    await createOrder(db(), { ...other, createdAt: new Date(now.getTime() - 7 * DAY) });
    await createOrder(db(), { ...other, createdAt: new Date(now.getTime() - DAY) });
    const notThird = await createOrder(db(), { ...other, createdAt: now });
    expect((await flagsOf(notThird)).frequent_orders).toBeUndefined();
  });

  it("frequent orders: an order linked by e-mail and phone at once counts once; a window past 12 months reaches back", async () => {
    const now = new Date("2026-08-12T10:00:00Z");
    const twice = uniqueCustomer();
    await createOrder(db(), { ...twice, createdAt: new Date(now.getTime() - DAY) }); // same e-mail and phone
    const second = await createOrder(db(), { ...twice, createdAt: now });
    expect((await flagsOf(second)).frequent_orders).toBeUndefined(); // two orders, not three

    // A rule over 400 days counts a linked order of 380 days ago, which the linked totals' 12 months leave out.
    const me = uniqueCustomer();
    await createOrder(db(), { ...me, gbpMinor: 1_000_00, createdAt: new Date(now.getTime() - 380 * DAY) });
    await createOrder(db(), { ...me, gbpMinor: 100_00, createdAt: new Date(now.getTime() - 2 * DAY) });
    const third = await createOrder(db(), { ...me, gbpMinor: 10_00, createdAt: now });
    const flags = await assessRiskFlags({
      db: db(),
      orderId: third.id,
      placedAt: now,
      rules: { ...rules, frequentDays: 400 },
      tiers,
    });
    expect(flags.find((flag) => flag.rule === "frequent_orders")?.detail).toBe(
      "3 orders in 400 days by this customer (linked by e-mail, phone or account), this one included",
    );
    expect((await linkedTotals(db(), { orderId: third.id, throughOrder: true })).yearOrderGbpMinor).toBe(110_00);
    // The window is written into the statement as a literal: only a whole number of days is taken.
    await expect(
      assessRiskFlags({ db: db(), orderId: third.id, placedAt: now, rules: { ...rules, frequentDays: 1.5 }, tiers }),
    ).rejects.toThrow(/whole number/);
  });

  it("names differ: the 25 newest orders by each link are looked at, those with this order's very name among them", async () => {
    const now = new Date("2026-08-20T10:00:00Z");
    const me = uniqueCustomer();
    await orderAs(me, "Other", "Person", now, 60);
    for (let i = 1; i <= 25; i++) await orderAs(me, "Ada", "Lovelace", now, i);
    const self = await orderAs(me, "Ada", "Lovelace", now);
    expect((await flagsOf(self)).names_differ).toBeUndefined(); // the other name is the 26th newest by each link

    // Among the 25 newest, the other name is found; the ones spelt as this order's are not listed.
    const shared = uniqueCustomer();
    const first = await orderAs(shared, "Other", "Person", now, 3);
    await orderAs(shared, "Ada", "Lovelace", now, 1);
    const later = await orderAs(shared, "Ada", "Lovelace", now);
    expect((await flagsOf(later)).names_differ).toBe(
      `The same contact details were given with other names: Other Person (order ${first.orderNumber}, same e-mail), Other Person (order ${first.orderNumber}, same phone)`,
    );
  });

  it("names differ: the same e-mail or phone with another name fires; case, accents and order do not", async () => {
    const now = new Date("2026-09-01T10:00:00Z");
    const me = uniqueCustomer();
    await orderAs(me, "GARCIA", "Jose", now, 30);
    const same = await orderAs(me, "José", "García", now);
    expect((await flagsOf(same)).names_differ).toBeUndefined();

    const shared = uniqueCustomer();
    const first = await createOrder(db(), {
      email: shared.email,
      phone: "01632 960001",
      firstName: "Anna",
      lastName: "Smith",
      createdAt: new Date(now.getTime() - 10 * DAY),
    });
    const differs = await orderAs(shared, "Maria", "Jones", now);
    expect((await flagsOf(differs)).names_differ).toBe(
      `The same contact details were given with other names: Anna Smith (order ${first.orderNumber}, same e-mail)`,
    );

    // An order exactly 12 months before is out of the window.
    const old = uniqueCustomer();
    await createOrder(db(), {
      ...old,
      firstName: "Old",
      lastName: "Name",
      createdAt: new Date("2025-09-01T10:00:00Z"),
    });
    const fresh = await orderAs(old, "New", "Name", now);
    expect((await flagsOf(fresh)).names_differ).toBeUndefined();
  });

  it("stores each rule once, audited by the system; staff see the badges in the lists and the rules on the page", async () => {
    const at = new Date("2026-09-02T10:00:00Z");
    const me = uniqueCustomer();
    const order = await createOrder(db(), { ...me, way: "Sell", gbpMinor: 4_600_00, createdAt: at });
    await flagsOf(order);
    await flagsOf(order); // a second run stores nothing twice
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.risk_flags")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null });

    const headers = env.staff.headers;
    const list = (
      await env.t.app.inject({
        method: "GET",
        url: `/api/admin/orders?status=pending&q=${encodeURIComponent(me.email)}`,
        headers,
      })
    ).json() as OrderList;
    expect(list.orders).toMatchObject([{ id: order.id, riskFlags: ["High-value notes", "Just under a tier"] }]);
    const details = (
      await env.t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}`, headers })
    ).json() as OrderDetails;
    expect(details.compliance.riskFlags.map((f) => [f.rule, f.label])).toEqual([
      ["high_value_notes", "High-value notes"],
      ["near_tier", "Just under a tier"],
    ]);
    // An admin holds every permission, the MLRO's included: the order has no report.
    expect(details.compliance.suspicionReports).toEqual([]);
    const flagged = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/compliance/flagged-orders?limit=100",
      headers,
    });
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json().orders.map((o: { id: string }) => o.id)).toContain(order.id);
  });

  it("lists the flagged orders newest first, a page at a time, from the flags alone", async () => {
    const placed = [];
    for (const day of ["01", "02", "03"]) {
      // £1,200 of euros: €1,300 of them in high-value notes (£1,157.40).
      const order = await createOrder(db(), {
        ...uniqueCustomer(),
        gbpMinor: 1_200_00,
        createdAt: new Date(`2031-01-${day}T10:00:00Z`),
      });
      await flagsOf(order);
      placed.push(order);
    }
    const unflagged = await createOrder(db(), {
      ...uniqueCustomer(),
      gbpMinor: 10_00,
      createdAt: new Date("2031-01-04T10:00:00Z"),
    });
    expect(await flagsOf(unflagged)).toEqual({});
    const page = async (query: string) =>
      (
        await env.t.app.inject({
          method: "GET",
          url: `/api/admin/compliance/flagged-orders?${query}`,
          headers: env.staff.headers,
        })
      ).json();
    const first = await page("limit=2");
    expect(first.orders.map((o: { id: string }) => o.id)).toEqual([placed[2]!.id, placed[1]!.id]);
    expect(first.orders[0]).toMatchObject({
      name: "Grace Hopper",
      status: "pending",
      flags: [{ rule: "high_value_notes" }],
    });
    const second = await page(`limit=2&after=${first.nextCursor}`);
    expect(second.orders[0].id).toBe(placed[0]!.id);
    expect((await page("limit=2&after=not-a-cursor")).error.message).toBe("The page cursor is not valid.");
  });

  it("flags an order placed through the API", async () => {
    const me = uniqueCustomer();
    const response = await placeThroughApi(env.t.app, {
      way: "Sell",
      lines: [{ currency: "EUR", gbpMinor: 4_700_00 }],
      customer: { firstName: "Nia", lastName: "Near", ...me },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, response.json().orderNumber));
    const rows = await db().select().from(orderRiskFlags).where(eq(orderRiskFlags.orderId, row!.id));
    expect(rows.map((r) => r.rule).sort()).toEqual(["high_value_notes", "near_tier"]);
    expect(row?.holdReason).toBeNull();
  });
});
