/**
 * The bureau trades in the UK, so dates are London calendar dates whatever the server's zone. Not a
 * setting: the statistics rollups in the database are bucketed by this zone (bureau_london_day in the
 * 0002 migration, checked against this constant by get-statistics.test.ts), so changing it would
 * need a migration that rebuilds them.
 */
export const DISPLAY_TIME_ZONE = "Europe/London";

/**
 * A formatter in DISPLAY_TIME_ZONE, made on first use: a time-zone formatter takes tens of
 * milliseconds to build on a phone, and most pages that load this module never show a date.
 */
function displayZoneFormatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => {
    formatter ??= new Intl.DateTimeFormat(locale, { timeZone: DISPLAY_TIME_ZONE, ...options });
    return formatter;
  };
}

const dayFormatter = displayZoneFormatter("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });
const longDateFormatter = displayZoneFormatter("en-GB", { year: "numeric", month: "long", day: "numeric" });
const timeFormatter = displayZoneFormatter("en-GB", { hour: "2-digit", minute: "2-digit" });

/** The calendar day ("2026-11-21") in DISPLAY_TIME_ZONE that contains `date`. */
export function displayDay(date: Date): string {
  return dayFormatter().format(date);
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
  const parts = longDateFormatter().formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = Number(part("day"));
  return `${part("month")} ${day}${ordinalSuffix(day)}, ${part("year")}`;
}

/** "November 21st, 2026, 14:05": a London date and 24-hour time, for timelines. */
export function formatLongDateTime(date: Date | string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  return `${formatLongDate(d)}, ${timeFormatter().format(d)}`;
}
