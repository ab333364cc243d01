import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lastDueDay, nextDay } from "./retention.ts";

describe("retention periods", () => {
  it("makes a record due on the anniversary of the day it ended, not the day before", () => {
    // Closed on 10 March 2021: kept on 9 March 2026, due on 10 March 2026.
    expect(lastDueDay("2026-03-09", { years: 5 }) >= "2021-03-10").toBe(false);
    expect(lastDueDay("2026-03-10", { years: 5 }) >= "2021-03-10").toBe(true);
    expect(lastDueDay("2026-03-10", { years: 5 })).toBe("2021-03-10");
    expect(lastDueDay("2026-11-25", { months: 12 })).toBe("2025-11-25");
    expect(lastDueDay("2026-03-01", { days: 30 })).toBe("2026-01-30");
    expect(lastDueDay("2026-01-15", { months: 1 })).toBe("2025-12-15");
  });

  it("never releases a record early across month ends and leap days", () => {
    // 29 February 2024 has its anniversary on 1 March 2029 (2029 has no 29 February).
    expect(lastDueDay("2029-02-28", { years: 5 })).toBe("2024-02-28");
    expect(lastDueDay("2029-03-01", { years: 5 })).toBe("2024-03-01");
    expect(lastDueDay("2026-03-31", { months: 1 })).toBe("2026-02-28");
  });

  it("the due day is at least the whole period before today (property)", () => {
    const day = fc
      .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 24 }), (today, years, months) => {
        const due = lastDueDay(today, { years, months });
        const [y, m, d] = today.split("-").map(Number) as [number, number, number];
        const [dy, dm, dd] = due.split("-").map(Number) as [number, number, number];
        const monthsBetween = (y - dy) * 12 + (m - dm);
        // Exactly the period in months back, on the same day of the month or the last day of a shorter month.
        expect(monthsBetween).toBe(years * 12 + months);
        expect(dd <= d).toBe(true);
        // The day after the due day is not due: records that ended then are still inside their period.
        expect(nextDay(due) > due).toBe(true);
      }),
    );
  });
});
