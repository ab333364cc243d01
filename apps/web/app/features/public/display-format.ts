import type { CompareRates } from "@bureau/domain/contracts/compare-rates";
import type { Branch, CurrencyList } from "@bureau/domain/contracts/reference-data";
import type { DisplayDates } from "@bureau/domain/dates";
import { formatMinor } from "@bureau/domain/money";
import {
  isLive,
  QUOTES_PAUSED_MESSAGE,
  quotesPaused,
  rateFreshness,
  ratesAsOfText,
} from "@bureau/domain/rate-freshness";
import { summariseOpeningHours } from "@bureau/domain/opening-hours";

/**
 * Display strings computed in loaders (on the server), so that pages which only show money and
 * dates do not ship the decimal and date code to the browser.
 */

/**
 * What the pages may say of the rates' age (packages/domain/src/rate-freshness.ts): `live` allows
 * "Today's" and "Live"; `asOf` is the dating sentence ("Rates as of November 21st, 2026, 14:05" or, for
 * the offline provider, "Reference rates as of November 2nd, 2026"); `paused` is the message shown while
 * online quotes are refused. Worked out in the loader, at the time of the request.
 */
export type RatesView = { live: boolean; at: string | null; asOf: string | null; paused: string | null };

export function ratesView(rates: CurrencyList["rates"], dates: DisplayDates, now = new Date()): RatesView {
  const freshness = rateFreshness({ ...rates, now });
  return {
    live: isLive(freshness),
    at: freshness.state === "none" ? null : freshness.asOf,
    asOf: ratesAsOfText(freshness, dates),
    paused: quotesPaused({ ...rates, now }) ? QUOTES_PAUSED_MESSAGE : null,
  };
}

export type CompareTile = { name: string; ours: boolean; amount: string | null; note: string };
export type CompareView = { intro: string; tiles: CompareTile[] };

/**
 * The compare-rates block: our tile, and a competitor's only once staff have entered its figure (a tile
 * with nothing in it compares nothing). The sentence above says what the figures are, and mentions
 * competitors only when there are some.
 */
export function compareView(compare: CompareRates, dates: DisplayDates, rates: RatesView): CompareView {
  // "£450" reads better in a sentence than "£450.00".
  const amount = formatMinor(compare.amountGbpMinor, "GBP").replace(/\.00$/, "");
  const shown = compare.providers.filter((provider) => provider.ours || provider.foreignMinor !== null);
  const ours = rates.live
    ? `What ${amount} buys you in euros today. Our figure uses our live Click & Collect rate`
    : `What ${amount} buys you in euros. Our figure uses our Click & Collect rate of the date shown`;
  const others = shown.some((provider) => !provider.ours)
    ? "; the others are what our staff found when they last checked."
    : ".";
  return {
    intro: ours + others,
    tiles: shown.map((provider) => ({
      name: provider.name,
      ours: provider.ours,
      // Unknown stays null (a dash on the page), never a made-up 0.00.
      amount: provider.foreignMinor === null ? null : formatMinor(provider.foreignMinor, compare.currency),
      note: provider.ours
        ? provider.rate
          ? rates.live
            ? `Live rate: 1 GBP = ${provider.rate} ${compare.currency}`
            : `1 GBP = ${provider.rate} ${compare.currency}. ${rates.asOf}.`
          : "Euros are not on sale right now"
        : provider.checkedOn
          ? `Checked on ${dates.longDate(provider.checkedOn)}`
          : "not checked yet",
    })),
  };
}

/** A branch as its card shows it: opening hours already summarised ("Monday to Saturday 9AM to 5PM"). */
export type BranchView = Omit<Branch, "hours"> & { hours: string[] };

export function branchViews(branches: readonly Branch[]): BranchView[] {
  return branches.map((branch) => ({ ...branch, hours: summariseOpeningHours(branch.hours) }));
}
