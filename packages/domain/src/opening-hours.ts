/**
 * A branch's opening hours in words, one way for the pages and the e-mails. The branches table keeps them
 * day by day in week order ("Monday", "09:00", "17:00"), in the bureau's display zone (DISPLAY_TIME_ZONE).
 */
export type OpeningHours = readonly { day: string; opens: string; closes: string }[];

/** "09:00" → "9AM", "17:30" → "5:30PM": the way the footer and the spec write opening hours. */
export function formatHour(time: string): string {
  const [hourText = "0", minuteText = "00"] = time.split(":");
  const hour = Number(hourText);
  const suffix = hour >= 12 ? "PM" : "AM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return minuteText === "00" ? `${hour12}${suffix}` : `${hour12}:${minuteText}${suffix}`;
}

/** Consecutive days with the same hours grouped: "Monday to Saturday 9AM to 5PM", "Sunday 10AM to 3PM". */
export function summariseOpeningHours(hours: OpeningHours): string[] {
  const groups: { first: string; last: string; opens: string; closes: string }[] = [];
  for (const day of hours) {
    const previous = groups.at(-1);
    if (previous && previous.opens === day.opens && previous.closes === day.closes) previous.last = day.day;
    else groups.push({ first: day.day, last: day.day, opens: day.opens, closes: day.closes });
  }
  return groups.map((group) => {
    const days = group.first === group.last ? group.first : `${group.first} to ${group.last}`;
    return `${days} ${formatHour(group.opens)} to ${formatHour(group.closes)}`;
  });
}

/** The weekday ("Saturday") `now` falls on in `timeZone`, whatever the machine's own zone. */
export function weekdayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long" }).format(now);
}

/** Today's hours in a sentence ("Open today 9AM to 5PM"), or that the branch lists none for `weekday`. */
export function todaysHoursText(hours: OpeningHours, weekday: string): string {
  const today = hours.find((line) => line.day === weekday);
  return today ? `Open today ${formatHour(today.opens)} to ${formatHour(today.closes)}` : "Closed today";
}
