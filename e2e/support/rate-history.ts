import { type RateHistoryRange, chartDays } from "../../packages/domain/src/rate-history.ts";
import { londonToday } from "./dates.ts";

/**
 * How many days a rate history chart draws today, as the server works it out (the seed records a rate for
 * every day). A month is 29 to 32 points depending on the calendar, so the tests never write the count down.
 */
export function chartDayCount(range: RateHistoryRange): number {
  return chartDays(range, londonToday()).length;
}
