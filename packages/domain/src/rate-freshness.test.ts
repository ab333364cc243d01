import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayDates } from "./dates.ts";
import { ageText, quotesPaused, rateFreshness, ratesAsOfText, sanctionsListState } from "./rate-freshness.ts";

const HOUR = 3_600_000;
const now = new Date("2026-11-27T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
const london = displayDates("Europe/London");

describe("rate freshness", () => {
  it("is live up to RATES_FRESH_HOURS and stale after, for a live provider", () => {
    const base = { provider: "exchangerates" as const, referenceAsOf: null, freshHours: 26, now };
    expect(rateFreshness({ ...base, ratesAsOf: hoursAgo(26) }).state).toBe("live");
    expect(rateFreshness({ ...base, ratesAsOf: hoursAgo(26.001) }).state).toBe("stale");
    expect(rateFreshness({ ...base, ratesAsOf: hoursAgo(25 * 24) })).toEqual({
      state: "stale",
      asOf: hoursAgo(25 * 24),
    });
    expect(rateFreshness({ ...base, ratesAsOf: null }).state).toBe("none");
  });

  it("calls the fixed provider's rates reference rates as of its table's date, however recent", () => {
    const freshness = rateFreshness({
      provider: "fixed",
      ratesAsOf: hoursAgo(1),
      referenceAsOf: "2026-11-02T00:00:00.000Z",
      freshHours: 26,
      now,
    });
    expect(freshness).toEqual({ state: "reference", asOf: "2026-11-02T00:00:00.000Z" });
    expect(ratesAsOfText(freshness, london)).toBe("Reference rates as of November 2nd, 2026");
  });

  it("dates the rates with the one date formatter", () => {
    expect(ratesAsOfText({ state: "stale", asOf: "2026-11-21T14:05:00Z" }, london)).toBe(
      "Rates as of November 21st, 2026, 14:05",
    );
    expect(ratesAsOfText({ state: "none" }, london)).toBeNull();
  });

  it("is never live past the limit, whatever the limit and the age (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 * 365 }), fc.integer({ min: 0, max: 24 * 400 * 60 }), (fresh, mins) => {
        const state = rateFreshness({
          provider: "frankfurter",
          ratesAsOf: hoursAgo(mins / 60),
          referenceAsOf: null,
          freshHours: fresh,
          now,
        }).state;
        expect(state).toBe(mins <= fresh * 60 ? "live" : "stale");
      }),
    );
  });
});

describe("quotes paused", () => {
  const base = { provider: "exchangerates" as const, pauseOrdersAfterHours: 72, now };
  it("pauses a live provider whose refreshes have failed for more than the limit", () => {
    expect(quotesPaused({ ...base, refreshFailingSince: hoursAgo(72) })).toBe(false);
    expect(quotesPaused({ ...base, refreshFailingSince: hoursAgo(72.01) })).toBe(true);
    expect(quotesPaused({ ...base, refreshFailingSince: null })).toBe(false);
  });
  it("never pauses the fixed provider", () => {
    expect(quotesPaused({ ...base, provider: "fixed", refreshFailingSince: hoursAgo(1000) })).toBe(false);
  });
});

describe("ages and the sanctions list", () => {
  it("says an age in its largest whole unit", () => {
    expect(ageText(hoursAgo(0.5), now)).toBe("30 minutes");
    expect(ageText(hoursAgo(1), now)).toBe("1 hour");
    expect(ageText(hoursAgo(30), now)).toBe("1 day");
    expect(ageText(hoursAgo(72), now)).toBe("3 days");
  });
  it("knows a missing, stale and current list", () => {
    expect(sanctionsListState({ importedAt: null, staleDays: 7, now })).toBe("none");
    expect(sanctionsListState({ importedAt: hoursAgo(7 * 24), staleDays: 7, now })).toBe("current");
    expect(sanctionsListState({ importedAt: hoursAgo(7 * 24 + 1), staleDays: 7, now })).toBe("stale");
  });
});
