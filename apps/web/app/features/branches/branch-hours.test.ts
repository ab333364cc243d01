import { describe, expect, it } from "vitest";
import { hoursRows, todayLine, weekdayIn } from "./branch-hours.ts";

const week = [
  { day: "Monday", opens: "09:00", closes: "17:00" },
  { day: "Saturday", opens: "09:00", closes: "17:30" },
  { day: "Sunday", opens: "10:00", closes: "15:00" },
];

describe("a branch's hours with today's marked", () => {
  it("takes today from the display zone, not the server's", () => {
    // 23:30 on Saturday in UTC is already Sunday in Tokyo and still Saturday in London (GMT in November).
    const lateSaturday = new Date("2026-11-28T23:30:00Z");
    expect(weekdayIn("Europe/London", lateSaturday)).toBe("Saturday");
    expect(weekdayIn("Asia/Tokyo", lateSaturday)).toBe("Sunday");
    // In British Summer Time 23:30 UTC is already the next day in London.
    expect(weekdayIn("Europe/London", new Date("2026-07-04T23:30:00Z"))).toBe("Sunday");
  });

  it("marks exactly today's row and words its hours", () => {
    const rows = hoursRows(week, "Saturday");
    expect(rows).toEqual([
      { day: "Monday", hours: "9AM to 5PM", today: false },
      { day: "Saturday", hours: "9AM to 5:30PM", today: true },
      { day: "Sunday", hours: "10AM to 3PM", today: false },
    ]);
    expect(todayLine(rows)).toBe("Open today 9AM to 5:30PM");
    expect(todayLine(hoursRows(week, "Tuesday"))).toBe("Closed today");
  });
});
