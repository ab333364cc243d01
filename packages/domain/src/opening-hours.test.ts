import { describe, expect, it } from "vitest";
import { summariseOpeningHours, todaysHoursText, weekdayIn } from "./opening-hours.ts";

const week = [
  { day: "Monday", opens: "09:00", closes: "17:00" },
  { day: "Tuesday", opens: "09:00", closes: "17:00" },
  { day: "Saturday", opens: "09:00", closes: "17:30" },
  { day: "Sunday", opens: "10:00", closes: "15:00" },
];

describe("opening hours in words", () => {
  it("groups consecutive days with the same hours", () => {
    expect(summariseOpeningHours(week)).toEqual([
      "Monday to Tuesday 9AM to 5PM",
      "Saturday 9AM to 5:30PM",
      "Sunday 10AM to 3PM",
    ]);
  });

  it("takes today from the display zone and words its hours", () => {
    // 23:30 on Saturday in UTC is already Sunday in Tokyo and still Saturday in London (GMT in November).
    const lateSaturday = new Date("2026-11-28T23:30:00Z");
    expect(weekdayIn("Europe/London", lateSaturday)).toBe("Saturday");
    expect(weekdayIn("Asia/Tokyo", lateSaturday)).toBe("Sunday");
    // In British Summer Time 23:30 UTC is already the next day in London.
    expect(weekdayIn("Europe/London", new Date("2026-07-04T23:30:00Z"))).toBe("Sunday");
    expect(todaysHoursText(week, "Saturday")).toBe("Open today 9AM to 5:30PM");
    expect(todaysHoursText(week, "Wednesday")).toBe("Closed today");
  });
});
