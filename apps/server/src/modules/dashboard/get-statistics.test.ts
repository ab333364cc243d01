import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transitionOrder } from "../orders/transition-order.ts";
import { createOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { queryRows } from "../../lib/postgres.ts";
import type { Statistics } from "@bureau/domain/contracts/dashboard";
import { displayDay } from "@bureau/domain/dates";
import { getStatistics, lastDays } from "./get-statistics.ts";

describe("statistics from the rollups", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const actor = { id: "staff", email: "staff@example.com" };

  it("counts by status and follows every transition", async () => {
    const a = await createOrder(t.db, { branchKey: "brighton", gbpMinor: 10_000 });
    const b = await createOrder(t.db, { branchKey: "brighton", gbpMinor: 20_000, currency: "USD" });
    const c = await createOrder(t.db, { way: "Sell", gbpMinor: 5_000 });
    await createOrder(t.db, { status: "completed", createdAt: new Date(Date.now() - 90 * 86_400_000) });
    await transitionOrder({ db: t.db, orderId: a.id, transition: "accept", actor });
    await transitionOrder({ db: t.db, orderId: b.id, transition: "accept", actor });
    await transitionOrder({ db: t.db, orderId: b.id, transition: "complete", actor });
    await transitionOrder({ db: t.db, orderId: c.id, transition: "cancel", actor });

    const stats = await getStatistics({ db: t.db });
    expect(stats.counts).toEqual({ pending: 0, accepted: 1, completed: 2, cancelled: 1, expired: 0 });
    const today = stats.perDay.at(-1);
    expect(today).toMatchObject({ Order: 2, Sell: 0 });
    expect(stats.perDay).toHaveLength(30);
    expect(stats.volumeByCurrency).toEqual([
      { currency: "USD", gbpMinor: 20_000, orders: 1 },
      { currency: "EUR", gbpMinor: 10_000, orders: 1 },
    ]);
    expect(stats.byBranch.find((b) => b.branch === "brighton")?.orders).toBe(2);
    expect(stats.byBranch.map((b) => b.branch).sort()).toEqual(["172", "brighton", "chichester", "worthing"]);
  });

  it("agrees with a full recount of the orders", async () => {
    const recount = await queryRows<{ status: keyof Statistics["counts"]; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from orders group by status`,
    );
    const stats = await getStatistics({ db: t.db });
    for (const row of recount) {
      expect(stats.counts[row.status]).toBe(row.n);
    }
    await t.db.execute(sql`select bureau_rebuild_stats()`);
    expect(await getStatistics({ db: t.db })).toEqual(stats);
  });

  it("lists 30 London days ending today, across a clock change", () => {
    const autumn = lastDays(new Date("2026-11-21T23:30:00Z"), 30);
    expect(new Set(autumn).size).toBe(30);
    expect(autumn[0]).toBe("2026-10-23");
    const days = lastDays(new Date("2026-03-29T12:00:00Z"), 30);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe("2026-03-29");
    expect(days[0]).toBe("2026-02-28");
  });

  it("buckets orders by the same calendar day in the database as DISPLAY_TIME_ZONE gives (bureau_london_day)", async () => {
    const instants = [
      "2026-07-01T22:59:59Z",
      "2026-07-01T23:00:00Z",
      "2026-12-31T23:59:59Z",
      "2026-03-29T00:59:59Z",
      "2026-03-29T01:00:00Z",
      "2026-10-24T23:30:00Z",
      "2026-10-25T00:30:00Z",
      "2026-10-25T01:30:00Z",
    ];
    for (const instant of instants) {
      const [row] = await queryRows<{ day: string }>(
        t.db,
        sql`select bureau_london_day(${instant}::timestamptz)::text as day`,
      );
      expect(row?.day, instant).toBe(displayDay(new Date(instant)));
    }
  });
});
