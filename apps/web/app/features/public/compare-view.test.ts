import { describe, expect, it } from "vitest";
import type { CompareRates } from "@bureau/domain/contracts/compare-rates";
import { displayDates } from "@bureau/domain/dates";
import { compareView, type RatesView } from "./display-format.ts";

const dates = displayDates("Europe/London");
const liveRates: RatesView = { live: true, at: "2026-11-27T09:00:00Z", asOf: null, paused: null };
const ours = { name: "Harbour FX", ours: true, foreignMinor: 50_544, rate: "1.1232", checkedOn: null };
const unchecked = (name: string) => ({ name, ours: false, foreignMinor: null, rate: null, checkedOn: null });

function compare(providers: CompareRates["providers"]): CompareRates {
  return { amountGbpMinor: 450_00, currency: "EUR", providers };
}

describe("the compare-rates block", () => {
  it("shows only our tile, and speaks of no others, while staff have entered no competitor's figure", () => {
    const view = compareView(
      compare([ours, unchecked("Post Office"), unchecked("Travelex"), unchecked("Marks & Spencer")]),
      dates,
      liveRates,
    );
    expect(view.tiles.map((tile) => tile.name)).toEqual(["Harbour FX"]);
    expect(view.tiles[0]).toMatchObject({ amount: "€505.44", note: "Live rate: 1 GBP = 1.1232 EUR" });
    expect(view.intro).toBe("What £450 buys you in euros today. Our figure uses our live Click & Collect rate.");
  });

  it("adds a competitor's tile once its figure is entered, with the day it was checked", () => {
    const postOffice = { ...unchecked("Post Office"), foreignMinor: 49_820, checkedOn: "2026-11-20" };
    const view = compareView(compare([ours, postOffice, unchecked("Travelex")]), dates, liveRates);
    expect(view.tiles.map((tile) => tile.name)).toEqual(["Harbour FX", "Post Office"]);
    expect(view.tiles[1]).toMatchObject({ amount: "€498.20", note: "Checked on November 20th, 2026" });
    expect(view.intro).toMatch(/; the others are what our staff found when they last checked\.$/);
  });

  it("keeps our tile, with a dash, while euros are not on sale", () => {
    const view = compareView(compare([{ ...ours, foreignMinor: null, rate: null }]), dates, liveRates);
    expect(view.tiles).toEqual([
      { name: "Harbour FX", ours: true, amount: null, note: "Euros are not on sale right now" },
    ]);
  });
});
