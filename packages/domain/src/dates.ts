/**
 * Dates are shown, and the staff statistics grouped, by the calendar of one display time zone, whatever
 * the server's or the visitor's own zone: the bureau's (DISPLAY_TIME_ZONE, Europe/London unless the
 * operator sets another). The server reads the setting (apps/server/src/config.ts) and hands it to the
 * web app in the page's public settings, with the zone's offsets around today. Every date is written by one
 * writer (datesFrom below): displayDates(zone) reads the offsets through Intl, displayDatesOf(table) from the
 * table the page carries, so a page need not load Intl's zone data (decision 040).
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

function toDate(date: Date | string): Date {
  const d = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  return d;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/** An instant's offset from UTC in a zone, in milliseconds. */
type OffsetAt = (at: number) => number;

/**
 * A zone's offsets read through Intl, from a formatter made on first use: a time-zone formatter takes tens of
 * milliseconds to build on a phone, and most pages that load this module never show a date.
 */
function offsetsThroughIntl(timeZone: string): OffsetAt {
  let wallClock: Intl.DateTimeFormat | undefined;
  return (at) => {
    wallClock ??= new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    const parts = wallClock.formatToParts(at);
    const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
    return wall - Math.floor(at / SECOND_MS) * SECOND_MS;
  };
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** "November 21st, 2026" from a calendar day's parts (month counted from 0). */
function longDateOfParts(year: number, month: number, day: number): string {
  return `${MONTH_NAMES[month]} ${day}${ordinalSuffix(day)}, ${year}`;
}

/**
 * The dates of a zone, written by arithmetic on its wall clock (the instant moved by the zone's offset, read
 * through a Date's UTC fields): the site's one way of writing a date, whatever tells it the offsets.
 */
function datesFrom(timeZone: string, offsetAt: OffsetAt): DisplayDates {
  const wallClock = (date: Date | string) => {
    const at = toDate(date).getTime();
    return new Date(at + offsetAt(at));
  };
  const longDate = (date: Date | string) => {
    const wall = wallClock(date);
    return longDateOfParts(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  };
  const time = (date: Date | string) => {
    const wall = wallClock(date);
    return `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
  };
  return {
    timeZone,
    day: (date) => {
      const wall = wallClock(date);
      return `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())}`;
    },
    longDate,
    time,
    longDateTime: (date) => `${longDate(date)}, ${time(date)}`,
  };
}

const byZone = new Map<string, DisplayDates>();

/** The dates of one display time zone (kept per zone: every caller of a zone shares its formatter). */
export function displayDates(timeZone: string): DisplayDates {
  const known = byZone.get(timeZone);
  if (known) return known;
  const canonical = canonicalTimeZone(timeZone);
  if (!canonical) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const dates = datesFrom(canonical, offsetsThroughIntl(canonical));
  byZone.set(timeZone, dates);
  return dates;
}

/**
 * A display zone's offsets from UTC over a span of time, worked out once through Intl (by the server) so that
 * a page can write its dates without Intl: the first `Intl.DateTimeFormat` with a time zone a page creates
 * costs it 17-22 ms of main thread on a quiet machine (ICU loads its zone data), in the middle of hydration.
 */
export type ZoneOffsets = {
  /** The canonical IANA name ("Europe/London"). */
  timeZone: string;
  /** The span the table covers: milliseconds since the epoch, `from` included, `until` not. */
  from: number;
  until: number;
  /** `[start, offset in minutes]`, in order; the first starts at `from`, each lasts until the next. */
  spans: [number, number][];
};

/**
 * How far apart the table's probes are. No zone has changed its offset twice within a week since the IANA
 * database's modern era; a probe a week apart and a search between probes that differ find every change.
 */
const PROBE_MS = 7 * 24 * 60 * MINUTE_MS;

/** The offsets of `timeZone` between `from` and `until` (see ZoneOffsets). Throws for an unknown zone. */
export function zoneOffsets(timeZone: string, from: Date, until: Date): ZoneOffsets {
  const canonical = canonicalTimeZone(timeZone);
  if (!canonical) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const start = from.getTime();
  const end = until.getTime();
  if (!(start < end)) throw new RangeError("A zone's table needs a span that ends after it starts");
  const offsetAt = offsetsThroughIntl(canonical);
  const minutesAt = (at: number) => Math.round(offsetAt(at) / MINUTE_MS);
  const spans: [number, number][] = [[start, minutesAt(start)]];
  for (let probe = start; probe < end; probe += PROBE_MS) {
    const next = Math.min(probe + PROBE_MS, end - 1);
    const before = spans[spans.length - 1]?.[1];
    const after = minutesAt(next);
    if (after === before) continue;
    // Offsets change on a whole second: narrow down to the first second of the new offset.
    let low = Math.floor(probe / SECOND_MS);
    let high = Math.ceil(next / SECOND_MS);
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (minutesAt(middle * SECOND_MS) === before) low = middle;
      else high = middle;
    }
    spans.push([high * SECOND_MS, after]);
  }
  return { timeZone: canonical, from: start, until: end, spans };
}

const YEAR_MS = 366 * 24 * 60 * MINUTE_MS;

/**
 * The table a page's settings carry: two years either side of `now`, which holds the dates the public pages
 * show (an order's timeline, its collect-by date); a date further away is written through Intl.
 */
export function zoneOffsetsAround(timeZone: string, now: Date): ZoneOffsets {
  return zoneOffsets(timeZone, new Date(now.getTime() - 2 * YEAR_MS), new Date(now.getTime() + 2 * YEAR_MS));
}

const byTable = new WeakMap<ZoneOffsets, DisplayDates>();

/**
 * The dates of a display zone with its offsets read from its table (the same text as displayDates(zone),
 * without Intl); an instant outside the table's span is read through Intl.
 */
export function displayDatesOf(table: ZoneOffsets): DisplayDates {
  const known = byTable.get(table);
  if (known) return known;
  let throughIntl: OffsetAt | undefined;
  const dates = datesFrom(table.timeZone, (at) => {
    if (at < table.from || at >= table.until) {
      throughIntl ??= offsetsThroughIntl(table.timeZone);
      return throughIntl(at);
    }
    let minutes = 0;
    for (const [start, offset] of table.spans) {
      if (start > at) break;
      minutes = offset;
    }
    return minutes * MINUTE_MS;
  });
  byTable.set(table, dates);
  return dates;
}

/** A calendar day ("2026-11-23") in the site's long form ("November 23rd, 2026"); no zone moves it. */
export function longCalendarDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!match || !date || date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1) {
    throw new RangeError(`Invalid calendar day: ${day}`);
  }
  return longDateOfParts(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
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
