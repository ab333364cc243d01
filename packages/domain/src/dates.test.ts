import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  DEFAULT_DISPLAY_TIME_ZONE,
  displayDates,
  displayDatesOf,
  longCalendarDate,
  ordinalSuffix,
  type ZoneOffsets,
  zoneOffsets,
} from "./dates.ts";

const london = displayDates(DEFAULT_DISPLAY_TIME_ZONE);
const { day: displayDay, longDate: formatLongDate, longDateTime: formatLongDateTime } = london;

describe("formatLongDate", () => {
  it.each([
    ["2026-11-21T12:00:00Z", "November 21st, 2026"],
    ["2026-01-01T12:00:00Z", "January 1st, 2026"],
    ["2026-01-02T12:00:00Z", "January 2nd, 2026"],
    ["2026-01-03T12:00:00Z", "January 3rd, 2026"],
    ["2026-01-04T12:00:00Z", "January 4th, 2026"],
    ["2026-01-11T12:00:00Z", "January 11th, 2026"],
    ["2026-01-12T12:00:00Z", "January 12th, 2026"],
    ["2026-01-13T12:00:00Z", "January 13th, 2026"],
    ["2026-01-21T12:00:00Z", "January 21st, 2026"],
    ["2026-01-22T12:00:00Z", "January 22nd, 2026"],
    ["2026-01-23T12:00:00Z", "January 23rd, 2026"],
    ["2026-01-31T12:00:00Z", "January 31st, 2026"],
  ])("%s → %s", (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
    expect(formatLongDate(new Date(iso))).toBe(expected);
  });

  it("uses the London calendar day, in summer and winter", () => {
    // BST (UTC+1): 23:30Z is already the next day in London.
    expect(formatLongDate("2026-07-01T23:30:00Z")).toBe("July 2nd, 2026");
    expect(formatLongDate("2026-06-30T23:00:00Z")).toBe("July 1st, 2026");
    // GMT: London equals UTC.
    expect(formatLongDate("2026-01-31T23:30:00Z")).toBe("January 31st, 2026");
    expect(formatLongDate("2026-12-31T23:59:59Z")).toBe("December 31st, 2026");
  });

  it("handles the clock-change days", () => {
    // Clocks go forward at 01:00Z on 2026-03-29.
    expect(formatLongDate("2026-03-29T00:30:00Z")).toBe("March 29th, 2026");
    expect(formatLongDate("2026-03-29T23:30:00Z")).toBe("March 30th, 2026");
    // Clocks go back at 01:00Z on 2026-10-25.
    expect(formatLongDate("2026-10-24T23:30:00Z")).toBe("October 25th, 2026");
    expect(formatLongDate("2026-10-25T23:30:00Z")).toBe("October 25th, 2026");
    expect(formatLongDate("2026-10-31T23:30:00Z")).toBe("October 31st, 2026");
  });

  it("rejects invalid dates", () => {
    expect(() => formatLongDate("not a date")).toThrow(RangeError);
    expect(() => formatLongDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("property: always 'Month Dth, YYYY' with the right suffix", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }), (d) => {
        const m = /^([A-Z][a-z]+) (\d{1,2})(st|nd|rd|th), (\d{4})$/.exec(formatLongDate(d));
        expect(m).not.toBeNull();
        const day = Number(m?.[2]);
        expect(m?.[3]).toBe(ordinalSuffix(day));
      }),
    );
  });
});

describe("ordinalSuffix", () => {
  it("handles teens", () => {
    expect(
      [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 30, 31, 101, 111, 112].map((n) => `${n}${ordinalSuffix(n)}`),
    ).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "24th",
      "30th",
      "31st",
      "101st",
      "111th",
      "112th",
    ]);
  });
});

describe("formatLongDateTime", () => {
  it("adds the London time of day, in winter and in summer", () => {
    expect(formatLongDateTime("2026-11-21T14:05:00Z")).toBe("November 21st, 2026, 14:05");
    expect(formatLongDateTime("2026-07-01T23:30:00Z")).toBe("July 2nd, 2026, 00:30");
  });
});

describe("displayDay", () => {
  it.each([
    ["2026-07-01T22:59:59Z", "2026-07-01"], // 23:59:59 BST
    ["2026-07-01T23:00:00Z", "2026-07-02"], // midnight BST
    ["2026-12-31T23:59:59Z", "2026-12-31"], // GMT: UTC and London agree
    ["2026-03-29T00:59:59Z", "2026-03-29"], // the spring change
    ["2026-10-24T23:30:00Z", "2026-10-25"], // 00:30 BST on the autumn change day
  ])("%s is the London day %s", (instant, day) => {
    expect(displayDay(new Date(instant))).toBe(day);
  });
});

describe("displayDates in another zone", () => {
  it("shows the calendar day and time of that zone", () => {
    const auckland = displayDates("Pacific/Auckland"); // UTC+13 in the southern summer
    expect(auckland.day(new Date("2026-11-21T12:00:00Z"))).toBe("2026-11-22");
    expect(auckland.longDate("2026-11-21T12:00:00Z")).toBe("November 22nd, 2026");
    expect(auckland.longDateTime("2026-11-21T12:00:00Z")).toBe("November 22nd, 2026, 01:00");
    expect(london.longDateTime("2026-11-21T12:00:00Z")).toBe("November 21st, 2026, 12:00");
    const newYork = displayDates("America/New_York");
    expect(newYork.day(new Date("2026-11-21T03:00:00Z"))).toBe("2026-11-20");
    expect(london.day(new Date("2026-11-21T03:00:00Z"))).toBe("2026-11-21");
  });

  it("refuses an unknown zone", () => {
    expect(() => displayDates("Europe/Atlantis")).toThrow(RangeError);
  });
});

describe("canonicalTimeZone", () => {
  it("gives the IANA spelling of a known zone and nothing for an unknown one", () => {
    expect(canonicalTimeZone("europe/london")).toBe("Europe/London");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Europe/Atlantis")).toBeUndefined();
    expect(canonicalTimeZone("")).toBeUndefined();
    expect(canonicalTimeZone("+01:00")).toBeUndefined();
  });
});

describe("displayDates and displayDatesOf (a zone's table of offsets, no Intl) write what Intl writes", () => {
  const from = new Date("2024-01-01T00:00:00Z");
  const until = new Date("2028-01-01T00:00:00Z");
  // Zones with a summer time, a half-hour or 45-minute offset, a 30-minute summer shift, one in the southern
  // hemisphere, one that moves its clocks around Ramadan, and none at all.
  const zones = [
    "Europe/London",
    "America/New_York",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Pacific/Chatham",
    "America/Santiago",
    "Africa/Casablanca",
    "UTC",
  ];
  const tables = new Map(zones.map((zone) => [zone, zoneOffsets(zone, from, until)]));
  /** What Intl itself writes, the oracle both ways of reading a zone's offsets are held to. */
  const intlText = (timeZone: string, instant: Date) => {
    const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "long", day: "numeric" })
      .formatToParts(instant)
      .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
    const longDate = `${parts.month} ${Number(parts.day)}${ordinalSuffix(Number(parts.day))}, ${parts.year}`;
    const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(instant);
    return {
      day: new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
        instant,
      ),
      longDate,
      time,
      longDateTime: `${longDate}, ${time}`,
    };
  };
  const sameAsIntl = (zone: string, instant: Date) => {
    const expected = intlText(zone, instant);
    for (const dates of [displayDatesOf(tables.get(zone) as ZoneOffsets), displayDates(zone)]) {
      expect(dates.day(instant)).toBe(expected.day);
      expect(dates.longDate(instant)).toBe(expected.longDate);
      expect(dates.longDate(instant.toISOString())).toBe(expected.longDate);
      expect(dates.time(instant)).toBe(expected.time);
      expect(dates.longDateTime(instant)).toBe(expected.longDateTime);
    }
  };

  it("property: writes every instant of its span as Intl does, in every zone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // The table's span, a day either side of it (read through Intl), and the years the bureau's records reach.
        fc.oneof(
          fc.integer({ min: from.getTime() - 86_400_000, max: until.getTime() + 86_400_000 }),
          fc.integer({ min: Date.UTC(1990, 0), max: Date.UTC(2099, 11, 31) }),
        ),
        (zone, at) => sameAsIntl(zone, new Date(at)),
      ),
      { numRuns: 4000 },
    );
  });

  it("changes offset on the second the zone does", () => {
    for (const zone of zones) {
      const table = tables.get(zone) as ZoneOffsets;
      for (const [start] of table.spans.slice(1)) {
        for (const delta of [-60_000, -1000, -1, 0, 1, 1000, 60_000]) sameAsIntl(zone, new Date(start + delta));
      }
    }
    // London: the clocks went forward at 01:00Z on 2026-03-29 and back at 01:00Z on 2026-10-25.
    const london = tables.get("Europe/London") as ZoneOffsets;
    expect(london.spans.map(([start, minutes]) => [new Date(start).toISOString(), minutes])).toContainEqual([
      "2026-03-29T01:00:00.000Z",
      60,
    ]);
    expect(london.spans.filter(([start]) => start >= Date.UTC(2026, 0) && start < Date.UTC(2027, 0))).toEqual([
      [Date.UTC(2026, 2, 29, 1), 60],
      [Date.UTC(2026, 9, 25, 1), 0],
    ]);
    expect(tables.get("UTC")?.spans).toHaveLength(1);
  });

  it("names the zone canonically and refuses an unknown zone, an empty span and an invalid date", () => {
    expect(zoneOffsets("europe/london", from, until).timeZone).toBe("Europe/London");
    expect(() => zoneOffsets("Mars/Olympus_Mons", from, until)).toThrow(RangeError);
    expect(() => zoneOffsets("Europe/London", until, from)).toThrow(RangeError);
    expect(() => displayDatesOf(tables.get("UTC") as ZoneOffsets).longDate("not a date")).toThrow(RangeError);
    expect(() => displayDates("UTC").time(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("longCalendarDate", () => {
  it("property: writes a calendar day as the UTC long date of its midnight", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01Z"), max: new Date("2999-12-31Z"), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          expect(longCalendarDate(day)).toBe(displayDates("UTC").longDate(`${day}T00:00:00Z`));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not a calendar day", () => {
    for (const day of ["2026-02-30", "2026-13-01", "2026-00-10", "26-01-01", "2026-1-01", "", "2026-01-01T00:00:00Z"]) {
      expect(() => longCalendarDate(day)).toThrow(RangeError);
    }
  });
});
