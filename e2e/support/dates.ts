import { DEFAULT_DISPLAY_TIME_ZONE, displayDates } from "../../packages/domain/src/dates.ts";

/** Today's calendar day in the bureau's zone (YYYY-MM-DD), as the server and the date fields take it. */
export function londonToday(): string {
  return displayDates(DEFAULT_DISPLAY_TIME_ZONE).day(new Date());
}
