import { longCalendarDate } from "@bureau/domain/dates";

/** A history day ("2026-11-23", a calendar day of the display zone) in the site's date format. */
export function dayLabel(day: string): string {
  // Already a calendar day, so no zone moves it; written without Intl (decision 040).
  return longCalendarDate(day);
}

/** A signed change of a rate and its percentage: "+0.0300 (+2.68%)". */
export function changeLabel(change: string, percent: string): string {
  const sign = (value: string) => (value.startsWith("-") ? value.replace("-", "−") : `+${value}`);
  return `${sign(change)} (${sign(percent)}%)`;
}
