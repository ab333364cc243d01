/**
 * Dates are shown, and the staff statistics grouped, by the calendar of one display time zone, whatever
 * the server's or the visitor's own zone: the bureau's (DISPLAY_TIME_ZONE, Europe/London unless the
 * operator sets another). The server reads the setting (apps/server/src/config.ts) and hands it to the
 * web app in the page's public settings; both format through displayDates(zone), the one date formatter.
 */
export const DEFAULT_DISPLAY_TIME_ZONE = "Europe/London";

/** The canonical IANA name of a time zone ("europe/london" → "Europe/London"), or undefined if unknown. */
export function canonicalTimeZone(name: string): string | undefined {
  // Named zones only: Intl also takes offsets ("+01:00"), which PostgreSQL reads with the opposite sign.
  if (!/^[A-Za-z]/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export type DisplayDates = {
  timeZone: string;
  /** The calendar day ("2026-11-21") that contains `date`. */
  day(date: Date): string;
  /** "November 21st, 2026". */
  longDate(date: Date | string): string;
  /** "14:05", 24-hour. */
  time(date: Date | string): string;
  /** "November 21st, 2026, 14:05", for timelines. */
  longDateTime(date: Date | string): string;
};

/**
 * A formatter in `timeZone`, made on first use: a time-zone formatter takes tens of milliseconds to
 * build on a phone, and most pages that load this module never show a date.
 */
function lazyFormatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => {
    formatter ??= new Intl.DateTimeFormat(locale, options);
    return formatter;
  };
}

function toDate(date: Date | string): Date {
  const d = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  return d;
}

const byZone = new Map<string, DisplayDates>();

/** The dates of one display time zone (kept per zone: every caller of a zone shares its formatters). */
export function displayDates(timeZone: string): DisplayDates {
  const known = byZone.get(timeZone);
  if (known) return known;
  const canonical = canonicalTimeZone(timeZone);
  if (!canonical) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const dayFormatter = lazyFormatter("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const longDateFormatter = lazyFormatter("en-GB", { timeZone, year: "numeric", month: "long", day: "numeric" });
  const timeFormatter = lazyFormatter("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" });
  const longDate = (date: Date | string) => {
    const parts = longDateFormatter().formatToParts(toDate(date));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
    const day = Number(part("day"));
    return `${part("month")} ${day}${ordinalSuffix(day)}, ${part("year")}`;
  };
  const time = (date: Date | string) => timeFormatter().format(toDate(date));
  const dates: DisplayDates = {
    timeZone: canonical,
    day: (date) => dayFormatter().format(date),
    longDate,
    time,
    longDateTime: (date) => `${longDate(date)}, ${time(date)}`,
  };
  byZone.set(timeZone, dates);
  return dates;
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
