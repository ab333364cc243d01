import { readFileSync } from "node:fs";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateDaily, rateHistory } from "../../db/schema.ts";
import { createTestApp } from "../../test/test-app.ts";
import { importReferenceRates } from "./import-reference-rates.ts";

/** Four days of the ECB's published history in its own format (see fixtures/README.md). */
const sample = readFileSync(new URL("./fixtures/eurofxref-hist-sample.csv", import.meta.url), "utf8");

describe("importReferenceRates (npm run rates:import)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const historyRows = async () => (await t.db.select({ n: count() }).from(rateHistory))[0]?.n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stores each day's rates per £1 for the currencies we carry, once however often it runs", async () => {
    const before = await historyRows();
    const first = await importReferenceRates({ db: t.db, text: sample });
    expect(first).toMatchObject({ from: "2019-04-10", to: "2025-04-25", days: 4, alreadyThere: 0 });
    expect(first.currencies).toContain("EUR");
    expect(first.notCarried).toEqual(["BGN", "HRK", "RUB"]);
    expect(first.added).toBeGreaterThan(60);
    expect(await historyRows()).toBe((before ?? 0) + first.added);

    const [usd] = await t.db
      .select()
      .from(rateHistory)
      .where(and(eq(rateHistory.currencyCode, "USD"), eq(rateHistory.source, "ecb")))
      .orderBy(rateHistory.recordedAt);
    // 2019-04-10: 1.1279 dollars and 0.86083 pounds per euro.
    expect(usd).toMatchObject({ rate: "1.31024709", sellMargin: null, buyMargin: null });
    const [euroDay] = await t.db
      .select()
      .from(rateDaily)
      .where(and(eq(rateDaily.currencyCode, "EUR"), eq(rateDaily.day, "2025-04-25")));
    expect(euroDay).toMatchObject({ rate: "1.17219552", ownRate: null });

    const again = await importReferenceRates({ db: t.db, text: sample });
    expect(again).toMatchObject({ added: 0, alreadyThere: first.added });
    expect(await historyRows()).toBe((before ?? 0) + first.added);
  });

  it("shows the imported days as the market line of the five-year chart", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/currencies/USD/history?range=5y" });
    const history = response.json();
    const dayAfter = history.points.find((p: { day: string }) => p.day >= "2025-04-25");
    expect(dayAfter.market).toBe("1.3313"); // 1.1357 / 0.8531
    expect(dayAfter.collect).toBeNull();
  });

  it("refuses a bad file with the line at fault and changes nothing", async () => {
    const before = await historyRows();
    const broken = sample.replace("2025-04-25,1.1357", "2025-04-25,1.13x7");
    await expect(importReferenceRates({ db: t.db, text: broken })).rejects.toThrow(
      'Line 2: the USD rate "1.13x7" is not a positive number.',
    );
    await expect(importReferenceRates({ db: t.db, text: "<html>not found</html>" })).rejects.toThrow(
      "This is not the ECB's reference rates file",
    );
    expect(await historyRows()).toBe(before);
  });
});
