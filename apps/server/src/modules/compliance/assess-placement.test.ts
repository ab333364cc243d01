import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_DUE_DILIGENCE_TIERS } from "@bureau/domain/due-diligence";
import { DEFAULT_RISK_RULES } from "@bureau/domain/risk-flags";
import { auditLog, orderRiskFlags, orders } from "../../db/schema.ts";
import { createOrder, uniqueCustomer } from "../../test/factories.ts";
import { placeThroughApi } from "../../test/place-through-api.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { assessDueDiligence, decideDueDiligence } from "../../test/oracles/assess-due-diligence.ts";
import { assessRiskFlags } from "../../test/oracles/assess-risk-flags.ts";
import { linkedTotals } from "./linked-totals.ts";
import { previousDayEurRate } from "../../test/oracles/previous-day-eur-rate.ts";

/**
 * A placement decides its due diligence and risk flags from its read, before its write
 * (assess-placement.ts). Checked against the assessment of the written order from the database as it then
 * stands (assessDueDiligence, assessRiskFlags: what placement ran after its write before), and against
 * concurrent placements by one customer.
 */
describe("the assessment a placement makes before its write", () => {
  const env = appWithStaff();
  const db = () => env.t.db;
  const tiers = DEFAULT_DUE_DILIGENCE_TIERS;
  const rules = DEFAULT_RISK_RULES;

  async function placedRow(response: { statusCode: number; body: string; json(): { orderNumber: string } }) {
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, response.json().orderNumber));
    return row!;
  }

  it("stores what the assessment of the written order finds, neither more nor less, over a customer's orders", async () => {
    const me = uniqueCustomer();
    const other = uniqueCustomer();
    // Linked by e-mail, then by phone only; another name; past the enhanced tier; past the threshold;
    // frequent orders; high-value notes (Worthing tracks no stock); near a tier.
    const placements = [
      {
        way: "Order",
        lines: [{ currency: "EUR", gbpMinor: 1_000_00 }],
        customer: { ...me, firstName: "Ann", lastName: "Lee" },
      },
      {
        way: "Sell",
        lines: [
          { currency: "USD", gbpMinor: 4_900_00 },
          { currency: "EUR", gbpMinor: 400_00 },
        ],
        customer: { email: me.email, phone: other.phone, firstName: "Anne", lastName: "Lee" },
      },
      {
        way: "Order",
        lines: [{ currency: "EUR", gbpMinor: 300_00 }],
        customer: { email: other.email, phone: other.phone, firstName: "Ann", lastName: "Lee" },
      },
      {
        way: "Sell",
        lines: ["EUR", "USD", "CHF"].map((currency) => ({ currency, gbpMinor: 2_500_00 })),
        customer: { ...me, firstName: "Ann", lastName: "Lee" },
      },
      {
        way: "Order",
        lines: [{ currency: "USD", gbpMinor: 2_500_00 }],
        customer: { ...me, firstName: "A", lastName: "Lee" },
      },
    ] as const;
    const seen = { held: 0, enhanced: 0, flagged: new Set<string>() };
    for (const placement of placements) {
      const row = await placedRow(await placeThroughApi(env.t.app, { ...placement, lines: [...placement.lines] }));
      const stored = await db().select().from(orderRiskFlags).where(eq(orderRiskFlags.orderId, row.id));
      const entriesBefore = await db().select().from(auditLog).where(eq(auditLog.entityId, row.id));

      // The risk flags of the written order, from the database: the same, and nothing more to store.
      const flags = await assessRiskFlags({ db: db(), orderId: row.id, placedAt: row.createdAt, rules, tiers });
      expect(Object.fromEntries(stored.map((f) => [f.rule, f.detail]))).toEqual(
        Object.fromEntries(flags.map((f) => [f.rule, f.detail])),
      );
      for (const flag of flags) seen.flagged.add(flag.rule);

      // The due diligence of the written order, from the database: the same flag and hold, nothing added.
      const totals = await linkedTotals(db(), { orderId: row.id, throughOrder: false });
      const rate = await previousDayEurRate(db(), row.createdAt);
      const decided = decideDueDiligence(totals, rate, tiers);
      expect(row.enhancedDueDiligence).toBe(decided.enhanced);
      expect(row.holdReason).toBe(decided.holdReason);
      expect(row.heldAt).toEqual(decided.holdReason === null ? null : row.createdAt);
      const again = await assessDueDiligence({ db: db(), orderId: row.id, placedAt: row.createdAt, tiers });
      expect(again.held).toBe(false);
      const [after] = await db().select().from(orders).where(eq(orders.id, row.id));
      expect(after).toEqual(row);
      expect(await db().select().from(auditLog).where(eq(auditLog.entityId, row.id))).toEqual(entriesBefore);

      // Its audit entries: the hold, then the flags.
      expect(entriesBefore.map((e) => e.action)).toEqual([
        ...(row.holdReason ? ["order.hold"] : []),
        ...(flags.length > 0 ? ["order.risk_flags"] : []),
      ]);
      if (row.holdReason) {
        expect(entriesBefore[0]).toMatchObject({
          actorId: null,
          before: { onHold: false },
          after: { onHold: true, reason: row.holdReason },
        });
        seen.held += 1;
      }
      if (flags.length > 0) expect(entriesBefore.at(-1)!.after).toEqual({ flags });
      if (row.enhancedDueDiligence) seen.enhanced += 1;
    }
    // The orders above reached every tier and rule they were made for.
    expect(seen.held).toBeGreaterThan(0);
    expect(seen.enhanced).toBeGreaterThan(seen.held);
    expect([...seen.flagged].sort()).toEqual(["frequent_orders", "high_value_notes", "names_differ", "near_tier"]);
  });

  it("reads a long history as the assessment of the written order does: which orders count, which names are looked at", async () => {
    const now = new Date("2026-10-05T10:00:00Z");
    const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      const me = uniqueCustomer();
      // Another name exactly 12 months before (out of the window, and £1,000 that would reach the enhanced
      // tier), and another 60 days before that is the 26th newest order by each link.
      await createOrder(db(), {
        ...me,
        firstName: "Old",
        lastName: "Name",
        gbpMinor: 1_000_00,
        createdAt: new Date("2025-10-05T10:00:00Z"),
      });
      await createOrder(db(), {
        ...me,
        firstName: "Other",
        lastName: "Person",
        gbpMinor: 250_00,
        createdAt: daysBefore(60),
      });
      // 25 orders of £200 over the last 25 days, every fifth cancelled: £4,000 count (£5,000 with the cancelled).
      for (let day = 1; day <= 25; day++) {
        await createOrder(db(), {
          ...me,
          firstName: "Ada",
          lastName: "Lovelace",
          gbpMinor: 200_00,
          createdAt: daysBefore(day),
          status: day % 5 === 0 ? "cancelled" : "pending",
        });
      }
      const asWrittenOrderAssessed = async (row: typeof orders.$inferSelect) => {
        const flags = await assessRiskFlags({ db: db(), orderId: row.id, placedAt: row.createdAt, rules, tiers });
        const stored = await db().select().from(orderRiskFlags).where(eq(orderRiskFlags.orderId, row.id));
        expect(Object.fromEntries(stored.map((f) => [f.rule, f.detail]))).toEqual(
          Object.fromEntries(flags.map((f) => [f.rule, f.detail])),
        );
        const totals = await linkedTotals(db(), { orderId: row.id, throughOrder: false });
        expect(row.enhancedDueDiligence).toBe(
          decideDueDiligence(totals, await previousDayEurRate(db(), row.createdAt), tiers).enhanced,
        );
        return { rules: stored.map((f) => f.rule).sort(), totals };
      };

      // £4,000 + £250 + this £200: under the £5,000 tier; frequent; no other name within reach.
      const same = await placedRow(
        await placeThroughApi(env.t.app, {
          lines: [{ currency: "EUR", gbpMinor: 200_00 }],
          customer: { ...me, firstName: "Ada", lastName: "Lovelace" },
        }),
      );
      const sameAssessed = await asWrittenOrderAssessed(same);
      expect(sameAssessed.totals.yearOrderGbpMinor).toBe(4_450_00);
      expect(same.enhancedDueDiligence).toBe(false);
      expect(sameAssessed.rules).toEqual(["frequent_orders"]);

      // Another name now: the 25 newest orders by each link differ from it (£600 more reaches the tier).
      const other = await placedRow(
        await placeThroughApi(env.t.app, {
          lines: [{ currency: "EUR", gbpMinor: 600_00 }],
          customer: { ...me, firstName: "Ada", lastName: "King" },
        }),
      );
      const otherAssessed = await asWrittenOrderAssessed(other);
      expect(otherAssessed.totals.yearOrderGbpMinor).toBe(5_050_00);
      expect(other.enhancedDueDiligence).toBe(true);
      expect(otherAssessed.rules).toEqual(["frequent_orders", "names_differ"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("of orders one customer places at once, each is assessed with every order written before it", async () => {
    const me = uniqueCustomer();
    const customer = { ...me, firstName: "Con", lastName: "Current" };
    // Eight Click & Sell orders of £2,000 at once: past the enhanced tier from the third, past the euro
    // threshold (€15,000) from the seventh or so, counting the orders in the order they were written.
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        placeThroughApi(env.t.app, { way: "Sell", lines: [{ currency: "EUR", gbpMinor: 2_000_00 }], customer }),
      ),
    );
    const rows = await db()
      .select()
      .from(orders)
      .where(
        inArray(
          orders.orderNumber,
          responses.map((response) => {
            expect(response.statusCode, response.body).toBe(201);
            return response.json().orderNumber as string;
          }),
        ),
      )
      .orderBy(asc(orders.emailSeq));
    expect(rows.map((row) => row.emailSeq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.map((row) => row.phoneSeq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const rate = await previousDayEurRate(db(), rows[0]!.createdAt);
    let written = 0;
    const decisions = rows.map((row) => {
      written += row.totalGbpMinor;
      return decideDueDiligence(
        { yearOrderGbpMinor: 0, yearSellGbpMinor: written, monthOrderGbpMinor: 0, monthSellGbpMinor: written },
        rate,
        tiers,
      );
    });
    // The first order to cross holds the open orders written before it with its reason (docs/features/linked-series-and-customer-due-diligence.md).
    const crossing = decisions.find((decided) => decided.holdReason !== null)?.holdReason ?? null;
    rows.forEach((row, i) => {
      const decided = decisions[i]!;
      expect({ seq: row.emailSeq, enhanced: row.enhancedDueDiligence, hold: row.holdReason }).toEqual({
        seq: row.emailSeq,
        enhanced: decided.enhanced,
        hold: decided.holdReason ?? crossing,
      });
    });
    expect(decisions.filter((decided) => decided.holdReason !== null).length).toBeGreaterThan(0);
    expect(decisions.filter((decided) => decided.holdReason === null).length).toBeGreaterThan(0);
    // The frequent-orders flag from the third order written on, each counting the orders before it.
    const frequent = await db()
      .select({ orderId: orderRiskFlags.orderId, detail: orderRiskFlags.detail })
      .from(orderRiskFlags)
      .where(
        and(
          eq(orderRiskFlags.rule, "frequent_orders"),
          inArray(
            orderRiskFlags.orderId,
            rows.map((row) => row.id),
          ),
        ),
      );
    expect(frequent.map((f) => rows.find((row) => row.id === f.orderId)!.emailSeq).sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });
});
