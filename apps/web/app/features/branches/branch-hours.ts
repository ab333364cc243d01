/**
 * A branch's opening hours, day by day, with today's marked: the branch page's hours table. Today is the
 * weekday in the bureau's display zone (`weekdayIn` in packages/domain/src/opening-hours.ts), worked out by
 * the loader, so that the page the server sends and the page the browser hydrates mark the same day.
 */
import type { Branch } from "@bureau/domain/contracts/reference-data";
import { formatHour } from "@bureau/domain/opening-hours";

export type HoursRow = { day: string; hours: string; today: boolean };

/** "Monday", "9AM to 5PM", and whether it is today, for each day the branch lists. */
export function hoursRows(hours: Branch["hours"], today: string): HoursRow[] {
  return hours.map((line) => ({
    day: line.day,
    hours: `${formatHour(line.opens)} to ${formatHour(line.closes)}`,
    today: line.day === today,
  }));
}
