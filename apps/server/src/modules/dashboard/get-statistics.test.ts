import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transitionOrder } from "../orders/index.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { collectHandover, createOrder, openTillsFor, uniqueCustomer } from "../../test/factories.ts";
import { placeThroughApi } from "../../test/place-through-api.ts";
import { createTestApp } from "../../test/test-app.ts";
import { queryRows } from "../../lib/postgres.ts";
import type { Statistics } from "@bureau/domain/contracts/dashboard";
import { DEFAULT_DISPLAY_TIME_ZONE, displayDates } from "@bureau/domain/dates";
import { applyDisplayTimeZone } from "../../db/display-time-zone.ts";
import { orders, rateHistory } from "../../db/schema.ts";
import { getStatistics, lastDays } from "./get-statistics.ts";

const LONDON = DEFAULT_DISPLAY_TIME_ZONE;
const london = displayDates(LONDON);

describe("statistics from the rollups", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  // A real member of staff with a till open at every branch: completing an order moves their till.
  let actor = { id: "", email: "" };
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await signUpAndSignIn(t.app, { role: "admin" });
    await openTillsFor(t.db, staff);
    actor = { id: staff.userId, email: staff.email };
  });
  afterAll(() => t.close());

  it("counts by status and follows every transition", async () => {
    const a = await createOrder(t.db, { branchKey: "brighton", gbpMinor: 10_000 });
    const b = await createOrder(t.db, { branchKey: "brighton", gbpMinor: 20_000, currency: "USD" });
    const c = await createOrder(t.db, { way: "Sell", gbpMinor: 5_000 });
    await createOrder(t.db, { status: "completed", createdAt: new Date(Date.now() - 90 * 86_400_000) });
    await transitionOrder({ db: t.db, orderId: a.id, transition: "accept", actor });
    await transitionOrder({ db: t.db, orderId: b.id, transition: "accept", actor });
    await transitionOrder({ db: t.db, orderId: b.id, transition: "complete", actor, handover: collectHandover });
    await transitionOrder({ db: t.db, orderId: c.id, transition: "cancel", actor });

    const stats = await getStatistics({ db: t.db, timeZone: LONDON });
    expect(stats.counts).toEqual({
      pending: 0,
      accepted: 1,
      completed: 2,
      cancelled: 1,
      expired: 0,
      onHold: 0,
      reversed: 0,
    });
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

  it("counts each line of an order placed through the API once (its order and lines are one statement)", async () => {
    const volume = (stats: Statistics, currency: string) => {
      const found = stats.volumeByCurrency.find((entry) => entry.currency === currency);
      return { gbpMinor: found?.gbpMinor ?? 0, orders: found?.orders ?? 0 };
    };
    const before = await getStatistics({ db: t.db, timeZone: LONDON });
    const response = await placeThroughApi(t.app, {
      lines: [
        { currency: "EUR", gbpMinor: 300_00 },
        { currency: "USD", gbpMinor: 200_00 },
      ],
      customer: { ...uniqueCustomer(), firstName: "Ann", lastName: "Lee" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const placed = await getStatistics({ db: t.db, timeZone: LONDON });
    expect(volume(placed, "EUR")).toEqual({
      gbpMinor: volume(before, "EUR").gbpMinor + 300_00,
      orders: volume(before, "EUR").orders + 1,
    });
    expect(volume(placed, "USD")).toEqual({
      gbpMinor: volume(before, "USD").gbpMinor + 200_00,
      orders: volume(before, "USD").orders + 1,
    });
    await t.db.execute(sql`select bureau_rebuild_stats()`);
    expect(await getStatistics({ db: t.db, timeZone: LONDON })).toEqual(placed);

    // Cancelled, its lines leave the volumes whole.
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, response.json().orderNumber));
    await transitionOrder({ db: t.db, orderId: order!.id, transition: "cancel", actor });
    const cancelled = await getStatistics({ db: t.db, timeZone: LONDON });
    expect(volume(cancelled, "EUR")).toEqual(volume(before, "EUR"));
    expect(volume(cancelled, "USD")).toEqual(volume(before, "USD"));
  });

  it("counts the open orders on hold, Pending or Accepted, and not a cleared or closed one", async () => {
    const before = (await getStatistics({ db: t.db, timeZone: LONDON })).counts.onHold;
    const held = { holdReason: "Sanctions screening: a match to check.", heldAt: new Date() };
    await createOrder(t.db, { ...held });
    await createOrder(t.db, { status: "accepted", ...held });
    await createOrder(t.db, { status: "accepted", ...held, holdClearedAt: new Date(), holdClearReason: "Checked" });
    await createOrder(t.db, { status: "cancelled", ...held });
    expect((await getStatistics({ db: t.db, timeZone: LONDON })).counts.onHold).toBe(before + 2);
  });

  it("agrees with a full recount of the orders", async () => {
    const recount = await queryRows<{ status: keyof Statistics["counts"]; n: number }>(
      t.db,
      sql`select status, count(*)::int as n from orders group by status`,
    );
    const stats = await getStatistics({ db: t.db, timeZone: LONDON });
    for (const row of recount) {
      expect(stats.counts[row.status]).toBe(row.n);
    }
    await t.db.execute(sql`select bureau_rebuild_stats()`);
    expect(await getStatistics({ db: t.db, timeZone: LONDON })).toEqual(stats);
  });

  it("lists 30 London days ending today, across a clock change", () => {
    const autumn = lastDays(new Date("2026-11-21T23:30:00Z"), 30, london);
    expect(new Set(autumn).size).toBe(30);
    expect(autumn[0]).toBe("2026-10-23");
    const days = lastDays(new Date("2026-03-29T12:00:00Z"), 30, london);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe("2026-03-29");
    expect(days[0]).toBe("2026-02-28");
  });

  it("buckets orders by the same calendar day in the database as DISPLAY_TIME_ZONE gives (bureau_display_day)", async () => {
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
        sql`select bureau_display_day(${instant}::timestamptz)::text as day`,
      );
      expect(row?.day, instant).toBe(london.day(new Date(instant)));
    }
  });
});

describe("statistics in another display time zone (DISPLAY_TIME_ZONE)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { DISPLAY_TIME_ZONE: "Pacific/Auckland" } });
  });
  afterAll(() => t.close());

  // Noon UTC two days ago: still that day in London, already the next one in Auckland (UTC+12/13).
  const today = new Date();
  const placedAt = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 2, 12));
  const auckland = displayDates("Pacific/Auckland");
  const perDayOf = (stats: Statistics, day: string) => stats.perDay.find((entry) => entry.day === day);

  it("groups the orders by the calendar days of the configured zone", async () => {
    expect(auckland.day(placedAt)).not.toBe(london.day(placedAt));
    await createOrder(t.db, { createdAt: placedAt });
    const stats = await getStatistics({ db: t.db, timeZone: t.app.config.displayTimeZone });
    expect(stats.perDay.at(-1)?.day).toBe(auckland.day(new Date()));
    expect(perDayOf(stats, auckland.day(placedAt))).toMatchObject({ Order: 1 });
    expect(perDayOf(stats, london.day(placedAt))).toMatchObject({ Order: 0 });
    const [row] = await queryRows<{ day: string }>(
      t.db,
      sql`select bureau_display_day(${placedAt.toISOString()}::timestamptz)::text as day`,
    );
    expect(row?.day).toBe(auckland.day(placedAt));
  });

  it("regroups the existing orders when a start brings another zone, and only then", async () => {
    expect(await applyDisplayTimeZone(t.db, LONDON)).toEqual({ rebuilt: true });
    expect(await applyDisplayTimeZone(t.db, LONDON)).toEqual({ rebuilt: false });
    const inLondon = await getStatistics({ db: t.db, timeZone: LONDON });
    expect(perDayOf(inLondon, london.day(placedAt))).toMatchObject({ Order: 1 });
    expect(perDayOf(inLondon, auckland.day(placedAt))).toMatchObject({ Order: 0 });
    await createOrder(t.db, { createdAt: placedAt });
    expect(perDayOf(await getStatistics({ db: t.db, timeZone: LONDON }), london.day(placedAt))).toMatchObject({
      Order: 2,
    });
    expect(await applyDisplayTimeZone(t.db, "Pacific/Auckland")).toEqual({ rebuilt: true });
    const back = await getStatistics({ db: t.db, timeZone: "Pacific/Auckland" });
    expect(perDayOf(back, auckland.day(placedAt))).toMatchObject({ Order: 2 });
  });

  it("regroups the daily rates (rate_daily) by the new zone's days too", async () => {
    const days = async () =>
      (
        await queryRows<{ day: string }>(
          t.db,
          sql`select day::text as day from rate_daily where currency_code = 'NZD' and rate_at = ${placedAt.toISOString()}::timestamptz`,
        )
      ).map((row) => row.day);
    await t.db.insert(rateHistory).values({ currencyCode: "NZD", rate: "2.1", source: "ecb", recordedAt: placedAt });
    expect(await days()).toEqual([auckland.day(placedAt)]);
    await applyDisplayTimeZone(t.db, LONDON);
    expect(await days()).toEqual([london.day(placedAt)]);
    await applyDisplayTimeZone(t.db, "Pacific/Auckland");
    expect(await days()).toEqual([auckland.day(placedAt)]);
  });

  it("refuses a zone PostgreSQL does not know, changing nothing", async () => {
    await expect(applyDisplayTimeZone(t.db, "Europe/Atlantis")).rejects.toThrow(/DISPLAY_TIME_ZONE/);
    expect(await applyDisplayTimeZone(t.db, "Pacific/Auckland")).toEqual({ rebuilt: false });
  });
});
