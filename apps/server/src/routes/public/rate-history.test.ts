import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateHistoryResponseSchema } from "@bureau/domain/contracts/rate-history";
import { DEFAULT_DISPLAY_TIME_ZONE, displayDates } from "@bureau/domain/dates";
import { customerRate } from "@bureau/domain/pricing";
import { addDays, rangeStart } from "@bureau/domain/rate-history";
import { currencies, rateDaily, rateHistory } from "../../db/schema.ts";
import { recordCurrentRate } from "../../modules/rates/index.ts";
import { createTestApp } from "../../test/test-app.ts";

describe("GET /api/currencies/:code/history", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode, response.body).toBe(200);
    return rateHistoryResponseSchema.parse(response.json());
  };
  const today = () => displayDates(DEFAULT_DISPLAY_TIME_ZONE).day(new Date());
  const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("shows the seeded prices as our rates and the market rate, over a month by default", async () => {
    const [eur] = await t.db.select().from(currencies).where(eq(currencies.code, "EUR"));
    if (!eur) throw new Error("EUR not seeded");
    const history = await get("/api/currencies/eur/history");
    expect(history).toMatchObject({ code: "EUR", label: eur.label, range: "1m", to: today() });
    expect(history.points).toHaveLength(history.points.length);
    expect(history.points.at(-1)).toEqual({
      day: today(),
      market: customerRate(eur.rate, "0"),
      collect: customerRate(eur.rate, eur.sellMargin),
      sell: customerRate(eur.rate, eur.buyMargin),
    });
  });

  it("records a margin change by staff and a live refresh as new customer rates of the day", async () => {
    await t.db.update(currencies).set({ rate: "1.20000000", sellMargin: "-3.00" }).where(eq(currencies.code, "USD"));
    await recordCurrentRate(t.db, "USD");
    await t.db.update(currencies).set({ rate: "1.25000000" }).where(eq(currencies.code, "USD"));
    await recordCurrentRate(t.db, "USD");
    const [day] = await t.db
      .select()
      .from(rateDaily)
      .where(and(eq(rateDaily.currencyCode, "USD"), eq(rateDaily.day, today())));
    // The day keeps its last reading.
    expect(day).toMatchObject({ rate: "1.25000000", ownRate: "1.25000000", sellMargin: "-3.00" });
    const history = await get("/api/currencies/USD/history?range=1m");
    expect(history.points.at(-1)?.collect).toBe(customerRate("1.25", "-3"));
  });

  it("never lets an imported reference rate hide what we charged that day", async () => {
    const day = addDays(today(), -3);
    await t.db.insert(rateHistory).values([
      { currencyCode: "JPY", rate: "190", sellMargin: "-4", buyMargin: "5", source: "live", recordedAt: atNoon(day) },
      { currencyCode: "JPY", rate: "191", source: "ecb", recordedAt: new Date(`${day}T15:00:00Z`) },
    ]);
    const [row] = await t.db
      .select()
      .from(rateDaily)
      .where(and(eq(rateDaily.currencyCode, "JPY"), eq(rateDaily.day, day)));
    expect(row).toMatchObject({ rate: "191.00000000", ownRate: "190.00000000", sellMargin: "-4.00" });
    const history = await get("/api/currencies/JPY/history");
    expect(history.points.find((p) => p.day === day)).toEqual({
      day,
      market: "191.0000",
      collect: customerRate("190", "-4"),
      sell: customerRate("190", "5"),
    });
  });

  it("charts five years of imported rates with high, low and change, a point a month", async () => {
    // From the day before the range: that rate is the one in force when it begins.
    const start = addDays(rangeStart("5y", today()), -1);
    const rows = [];
    for (let k = 0; k < 5 * 365; k += 5) {
      rows.push({
        currencyCode: "CHF",
        rate: (1 + k / 10_000).toFixed(4),
        source: "ecb",
        recordedAt: atNoon(addDays(start, k)),
      });
    }
    await t.db.insert(rateHistory).values(rows);
    const five = await get("/api/currencies/CHF/history?range=5y");
    expect(five.points).toHaveLength(61);
    // The imported rates rise steadily to about 1.18; the seeded rate of this month is the last.
    expect(five.points[0]?.market).toBe("1.0000");
    expect(five.summary.market?.first).toBe("1.0000");
    expect(five.summary.market?.high).toMatch(/^1\.18/);
    expect(five.summary.market?.last).toBe(five.points.at(-1)?.market);
    const year = await get("/api/currencies/CHF/history?range=1y");
    expect(year.points).toHaveLength(53);
    expect(year.summary.market?.first).toBe(year.points[0]?.market);
    expect(year.points[0]?.market).not.toBe("1.0000");
  });

  it("refuses an unknown currency and range with clear messages", async () => {
    const unknown = await t.app.inject({ method: "GET", url: "/api/currencies/XXX/history" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("We do not sell XXX.");
    const badRange = await t.app.inject({ method: "GET", url: "/api/currencies/EUR/history?range=2w" });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.body).toContain("The range is one of 1m, 1y, 5y");
  });
});
