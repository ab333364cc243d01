import type { DisplayDates } from "./dates.ts";

/**
 * How old the rates are, and what may be said of them (docs/decisions/027). "Live", "Today's rates" and
 * similar words are true only while the rates were refreshed within RATES_FRESH_HOURS; older rates are
 * shown as "Rates as of {date and time}", and the offline `fixed` provider's rates are always called
 * reference rates as of its table's date. Every page, the rate board and the e-mails ask this module.
 */

export const RATE_PROVIDERS = ["fixed", "exchangerates", "frankfurter"] as const;
export type RateProviderName = (typeof RATE_PROVIDERS)[number];

export const DEFAULT_RATES_FRESH_HOURS = 26;
export const DEFAULT_RATES_PAUSE_ORDERS_AFTER_HOURS = 72;
export const DEFAULT_SANCTIONS_LIST_STALE_DAYS = 7;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What the site knows of its rates: the public currency list carries it (contracts/reference-data). */
export type RatesStatus = {
  provider: RateProviderName;
  /** RATES_FRESH_HOURS. */
  freshHours: number;
  /** RATES_PAUSE_ORDERS_AFTER_HOURS. */
  pauseOrdersAfterHours: number;
  /** When the newest rate took effect (ISO), or null when no currency is on sale. */
  ratesAsOf: string | null;
  /** The `fixed` provider's table date (ISO); null for a live provider. */
  referenceAsOf: string | null;
  /** Since when every refresh from the live provider has failed (ISO); null while refreshes succeed. */
  refreshFailingSince: string | null;
};

export type RateFreshness =
  /** Refreshed within RATES_FRESH_HOURS: "Live" and "Today's" may be said. */
  | { state: "live"; asOf: string }
  /** Older: say "Rates as of {asOf}". */
  | { state: "stale"; asOf: string }
  /** The offline provider's reference table: say "Reference rates as of {asOf}". */
  | { state: "reference"; asOf: string }
  /** No rate at all (nothing on sale). */
  | { state: "none" };

export function rateFreshness({
  provider,
  ratesAsOf,
  referenceAsOf,
  freshHours,
  now,
}: Pick<RatesStatus, "provider" | "ratesAsOf" | "referenceAsOf" | "freshHours"> & { now: Date }): RateFreshness {
  if (provider === "fixed") {
    const asOf = referenceAsOf ?? ratesAsOf;
    return asOf ? { state: "reference", asOf } : { state: "none" };
  }
  if (!ratesAsOf) return { state: "none" };
  const age = now.getTime() - new Date(ratesAsOf).getTime();
  return age <= freshHours * HOUR_MS ? { state: "live", asOf: ratesAsOf } : { state: "stale", asOf: ratesAsOf };
}

/** True while "Live rate", "Today's rates" and the like may be shown. */
export const isLive = (freshness: RateFreshness) => freshness.state === "live";

/** "Rates as of November 21st, 2026, 14:05": rates of a known time (a page, a board, an e-mail). */
export function ratesAsOfTime(asOf: Date | string, dates: DisplayDates): string {
  return `Rates as of ${dates.longDateTime(asOf)}`;
}

/**
 * The sentence that dates the rates: "Rates as of November 21st, 2026, 14:05" (stale or live, for the
 * pages that always date them), "Reference rates as of November 2nd, 2026" (the fixed provider's table
 * is of a day, not a time), or null when there is nothing to date.
 */
export function ratesAsOfText(freshness: RateFreshness, dates: DisplayDates): string | null {
  switch (freshness.state) {
    case "reference":
      return `Reference rates as of ${dates.longDate(freshness.asOf)}`;
    case "live":
    case "stale":
      return ratesAsOfTime(freshness.asOf, dates);
    case "none":
      return null;
  }
}

/** The message of a quote refused while rates are paused (stable: the widget and tests show it as is). */
export const QUOTES_PAUSED_MESSAGE =
  "Online orders are paused because our exchange rates could not be updated. Please try again later or visit a branch.";

/**
 * Whether online quotes are refused: a live provider whose refreshes have all failed for more than
 * RATES_PAUSE_ORDERS_AFTER_HOURS. A successful refresh clears `refreshFailingSince` and ends the pause.
 * The fixed provider never pauses: its rates say plainly that they are reference rates.
 */
export function quotesPaused({
  provider,
  refreshFailingSince,
  pauseOrdersAfterHours,
  now,
}: Pick<RatesStatus, "provider" | "refreshFailingSince" | "pauseOrdersAfterHours"> & { now: Date }): boolean {
  if (provider === "fixed" || !refreshFailingSince) return false;
  return now.getTime() - new Date(refreshFailingSince).getTime() > pauseOrdersAfterHours * HOUR_MS;
}

/** "45 minutes", "1 hour", "5 hours", "1 day", "25 days": how long ago, in the largest whole unit. */
export function ageText(from: Date | string, now: Date): string {
  const ms = Math.max(0, now.getTime() - new Date(from).getTime());
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? "" : "s"}`;
  if (ms >= DAY_MS) return unit(Math.floor(ms / DAY_MS), "day");
  if (ms >= HOUR_MS) return unit(Math.floor(ms / HOUR_MS), "hour");
  return unit(Math.floor(ms / 60_000), "minute");
}

/** Whether the newest imported UK Sanctions List is missing or older than SANCTIONS_LIST_STALE_DAYS. */
export function sanctionsListState({
  importedAt,
  staleDays,
  now,
}: {
  importedAt: string | null;
  staleDays: number;
  now: Date;
}): "none" | "stale" | "current" {
  if (!importedAt) return "none";
  return now.getTime() - new Date(importedAt).getTime() > staleDays * DAY_MS ? "stale" : "current";
}
