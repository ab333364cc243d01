/**
 * The bureau trades in the UK, so dates are London calendar dates whatever the server's zone. Not a
 * setting: the statistics rollups in the database are bucketed by this zone (bureau_london_day in the
 * 0002 migration, checked against this constant by get-statistics.test.ts), so changing it would
 * need a migration that rebuilds them.
 */
export const DISPLAY_TIME_ZONE = "Europe/London";

let dayFormatter: Intl.DateTimeFormat | undefined;
/** The calendar day ("2026-11-21") in DISPLAY_TIME_ZONE that contains `date`. */
export function displayDay(date: Date): string {
  dayFormatter ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return dayFormatter.format(date);
}

// Made on first use: a time-zone formatter takes tens of milliseconds to build on a phone, and most
// pages that load this module never show a date.
let partsFormatter: Intl.DateTimeFormat | undefined;
function londonDateParts(date: Date): Intl.DateTimeFormatPart[] {
  partsFormatter ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: DISPLAY_TIME_ZONE,
    year: "numeric",
    month: "long",
    day: "numeric",
  });
  return partsFormatter.formatToParts(date);
}

export function ordinalSuffix(day: number): "st" | "nd" | "rd" | "th" {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  switch (day % 10) {
    case 1:
      return "st";
    case 2:
      return "nd";
    case 3:
      return "rd";
    default:
      return "th";
  }
}

/** "November 21st, 2026" for the London calendar day containing `date`. */
export function formatLongDate(date: Date | string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  const parts = londonDateParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = Number(part("day"));
  return `${part("month")} ${day}${ordinalSuffix(day)}, ${part("year")}`;
}

let timeFormatter: Intl.DateTimeFormat | undefined;
/** "November 21st, 2026, 14:05": a London date and 24-hour time, for timelines. */
export function formatLongDateTime(date: Date | string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  timeFormatter ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: DISPLAY_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
  });
  return `${formatLongDate(d)}, ${timeFormatter.format(d)}`;
}
