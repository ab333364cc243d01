/** A branch's opening hours, day by day, with today's marked: the branch pages' hours table. */
import type { Branch } from "@bureau/domain/contracts/reference-data";
import { formatHour } from "../public/branch-format.ts";

/**
 * The weekday ("Saturday") `now` falls on in the bureau's display zone (DISPLAY_TIME_ZONE), whatever the
 * server's own zone: the branches keep that zone's hours. Worked out by the loader, so that the page the
 * server sends and the page the browser hydrates mark the same day.
 */
export function weekdayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long" }).format(now);
}

export type HoursRow = { day: string; hours: string; today: boolean };

/** "Monday", "9AM to 5PM", and whether it is today, for each day the branch lists. */
export function hoursRows(hours: Branch["hours"], today: string): HoursRow[] {
  return hours.map((line) => ({
    day: line.day,
    hours: `${formatHour(line.opens)} to ${formatHour(line.closes)}`,
    today: line.day === today,
  }));
}

/** Today's hours in a sentence ("Open today 9AM to 5PM"), or that the branch lists none for today. */
export function todayLine(rows: readonly HoursRow[]): string {
  const today = rows.find((row) => row.today);
  return today ? `Open today ${today.hours}` : "Closed today";
}
