import type { CompareRates } from "@bureau/domain/contracts/compare-rates";
import type { Branch } from "@bureau/domain/contracts/reference-data";
import type { DisplayDates } from "@bureau/domain/dates";
import { formatMinor } from "@bureau/domain/money";
import { summariseOpeningHours } from "./branch-format.ts";

/**
 * Display strings computed in loaders (on the server), so that pages which only show money and
 * dates do not ship the decimal and date code to the browser.
 */

export type RatesUpdatedView = { at: string; label: string } | null;

/** "November 2nd, 2026 at 09:30", in the display zone. */
export function ratesUpdatedView(at: string | null, dates: DisplayDates): RatesUpdatedView {
  if (!at) return null;
  return { at, label: `${dates.longDate(at)} at ${dates.time(at)}` };
}

export type CompareTile = { name: string; ours: boolean; amount: string | null; note: string };
export type CompareView = { amount: string; tiles: CompareTile[] };

export function compareView(compare: CompareRates, dates: DisplayDates): CompareView {
  return {
    // "£450" reads better in a sentence than "£450.00".
    amount: formatMinor(compare.amountGbpMinor, "GBP").replace(/\.00$/, ""),
    tiles: compare.providers.map((provider) => ({
      name: provider.name,
      ours: provider.ours,
      // Unknown stays null (a dash on the page), never a made-up 0.00.
      amount: provider.foreignMinor === null ? null : formatMinor(provider.foreignMinor, compare.currency),
      note: provider.ours
        ? provider.rate
          ? `Live rate: 1 GBP = ${provider.rate} ${compare.currency}`
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
