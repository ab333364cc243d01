import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customerRate } from "./pricing.ts";
import { addDays, addMonths, buildRateHistory, chartDays, rangeStart } from "./rate-history.ts";

const own = (day: string, rate: string, sellMargin = "-2", buyMargin = "3") => ({
  day,
  rate,
  ownRate: rate,
  sellMargin,
  buyMargin,
});
const reference = (day: string, rate: string) => ({ day, rate, ownRate: null, sellMargin: null, buyMargin: null });

describe("rate history ranges", () => {
  it("ends every range today and draws a day, a week or a month apart", () => {
    expect(chartDays("1m", "2026-11-23")).toHaveLength(32);
    expect(chartDays("1m", "2026-11-23")[0]).toBe("2026-10-23");
    // A month back counts the days of the month before: 31 from 1 December, 29 from 1 March.
    expect(chartDays("1m", "2026-12-01")).toHaveLength(31);
    expect(chartDays("1m", "2027-03-01")).toHaveLength(29);
    expect(chartDays("1m", "2026-03-31")[0]).toBe("2026-02-28");
    const year = chartDays("1y", "2026-11-23");
    expect(year).toHaveLength(53);
    expect(year.at(-1)).toBe("2026-11-23");
    expect(year.at(-2)).toBe("2026-11-16");
    const five = chartDays("5y", "2026-11-23");
    expect(five).toHaveLength(61);
    expect(five[0]).toBe("2021-11-23");
    expect(rangeStart("5y", "2026-11-23")).toBe("2021-11-23");
  });

  it("keeps month ends inside the month", () => {
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2024-03-31", -1)).toBe("2024-02-29");
    expect(addMonths("2026-01-15", -12)).toBe("2025-01-15");
  });
});

describe("buildRateHistory", () => {
  it("carries the rates in force into the range and draws our rates only where we recorded them", () => {
    const history = buildRateHistory({
      range: "1m",
      today: "2026-11-23",
      days: [
        own("2026-09-01", "1.1000"),
        reference("2026-10-01", "1.1200"),
        reference("2026-11-01", "1.1300"),
        own("2026-11-10", "1.1500", "-2.5"),
      ],
    });
    const first = history.points[0];
    // What was in force on 23 October: the reference rate of 1 October, our prices of 1 September.
    expect(first).toEqual({
      day: "2026-10-23",
      market: "1.1200",
      collect: customerRate("1.1000", "-2"),
      sell: customerRate("1.1000", "3"),
    });
    expect(history.points.find((p) => p.day === "2026-11-09")).toMatchObject({ market: "1.1300", collect: "1.0780" });
    expect(history.points.at(-1)).toEqual({
      day: "2026-11-23",
      market: "1.1500",
      collect: customerRate("1.1500", "-2.5"),
      sell: customerRate("1.1500", "3"),
    });
    expect(history.summary.market).toEqual({
      high: "1.1500",
      low: "1.1200",
      first: "1.1200",
      last: "1.1500",
      change: "0.0300",
      changePercent: "2.68",
    });
    expect(history.summary.collect).toMatchObject({ first: "1.0780", last: "1.1213", change: "0.0433" });
  });

  it("leaves points before anything was known empty, and has no summary without rates", () => {
    const empty = buildRateHistory({ range: "1y", today: "2026-11-23", days: [] });
    expect(empty.points.every((p) => p.market === null && p.collect === null)).toBe(true);
    expect(empty.summary).toEqual({ market: null, collect: null, sell: null });
    const late = buildRateHistory({ range: "1m", today: "2026-11-23", days: [reference("2026-11-20", "2")] });
    expect(late.points.find((p) => p.day === "2026-11-19")?.market).toBeNull();
    expect(late.points.at(-1)).toEqual({ day: "2026-11-23", market: "2.0000", collect: null, sell: null });
    expect(late.summary.market?.change).toBe("0.0000");
  });

  it("counts every daily close in the summary, not only the points drawn", () => {
    // Over a year the points are a week apart; a one-day spike between two points still sets the high.
    const history = buildRateHistory({
      range: "1y",
      today: "2026-11-23",
      days: [reference("2026-06-01", "1.1"), reference("2026-06-02", "1.9"), reference("2026-06-03", "1.1")],
    });
    expect(history.points.some((p) => p.market === "1.9000")).toBe(false);
    expect(history.summary.market?.high).toBe("1.9000");
  });
});

describe("buildRateHistory's high and low", () => {
  it("are the exact extremes of every daily customer rate (against pricing each one)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            rate: fc.integer({ min: 1, max: 99_999_999 }).map((n) => (n / 10_000).toFixed(4)),
            sellMargin: fc.integer({ min: -900, max: 0 }).map((n) => (n / 100).toFixed(2)),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (readings) => {
          const days = readings.map((reading, index) =>
            own(addDays("2026-11-01", index), reading.rate, reading.sellMargin),
          );
          const history = buildRateHistory({ range: "1y", today: "2026-12-31", days });
          const exact = readings.map((r) => Number(customerRate(r.rate, r.sellMargin)));
          expect(Number(history.summary.collect?.high)).toBe(Math.max(...exact));
          expect(Number(history.summary.collect?.low)).toBe(Math.min(...exact));
        },
      ),
    );
  });
});
