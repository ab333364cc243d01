import { describe, expect, it } from "vitest";
import { hoursRows } from "./branch-hours.ts";

const week = [
  { day: "Monday", opens: "09:00", closes: "17:00" },
  { day: "Saturday", opens: "09:00", closes: "17:30" },
  { day: "Sunday", opens: "10:00", closes: "15:00" },
];

describe("a branch's hours with today's marked", () => {
  it("marks exactly today's row and words its hours", () => {
    expect(hoursRows(week, "Saturday")).toEqual([
      { day: "Monday", hours: "9AM to 5PM", today: false },
      { day: "Saturday", hours: "9AM to 5:30PM", today: true },
      { day: "Sunday", hours: "10AM to 3PM", today: false },
    ]);
    expect(hoursRows(week, "Tuesday").some((row) => row.today)).toBe(false);
  });
});
