import { formatLongDate } from "@bureau/domain/dates";

/** A history day ("2026-11-23", a London calendar day) in the site's date format. */
export function dayLabel(day: string): string {
  // Noon UTC falls on the same calendar day in London in every season.
  return formatLongDate(`${day}T12:00:00Z`);
}

/** A signed change of a rate and its percentage: "+0.0300 (+2.68%)". */
export function changeLabel(change: string, percent: string): string {
  const sign = (value: string) => (value.startsWith("-") ? value.replace("-", "−") : `+${value}`);
  return `${sign(change)} (${sign(percent)}%)`;
}
