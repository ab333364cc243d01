import { and, eq } from "drizzle-orm";
import { COMPETITOR_NAMES, type CompareRates, OUR_PROVIDER_NAME } from "@bureau/domain/contracts/compare-rates";
import { COMPARE_AMOUNT_GBP_MINOR } from "@bureau/domain/constants";
import { parseMajorToMinor } from "@bureau/domain/money";
import { currencyPrices, priceForWay, quote } from "@bureau/domain/pricing";
import type { Db } from "../../db/client.ts";
import { currencies } from "../../db/schema.ts";
import { readSetting } from "../../lib/settings-store.ts";
import { competitorRatesSetting } from "./competitor-rates-setting.ts";

const COMPARE_CURRENCY = "EUR";

/**
 * What £450 buys in euros: ours from the live EUR Click & Collect rate (the same pricing rules as an
 * order), competitors from the figures staff checked and entered. A competitor without a figure
 * stays null so the page shows a dash, never a made-up 0.00.
 */
export async function getCompareRates({
  db,
  onInvalidSetting,
}: {
  db: Db;
  /** Called when the stored competitor figures are malformed; they are then shown as unknown. */
  onInvalidSetting?: (problem: string) => void;
}): Promise<CompareRates> {
  const [eur] = await db
    .select({ rate: currencies.rate, sellMargin: currencies.sellMargin, buyMargin: currencies.buyMargin })
    .from(currencies)
    .where(and(eq(currencies.code, COMPARE_CURRENCY), eq(currencies.active, true)));
  const figures = await readSetting(db, competitorRatesSetting, onInvalidSetting);

  let ours: { rate: string; foreignMinor: number } | null = null;
  if (eur) {
    const { rate } = priceForWay("Order", currencyPrices(eur));
    const result = quote({ way: "Order", rate, currency: COMPARE_CURRENCY, gbpMinor: COMPARE_AMOUNT_GBP_MINOR });
    if (result.ok) ours = { rate: result.rate, foreignMinor: result.foreignMinor };
  }

  return {
    amountGbpMinor: COMPARE_AMOUNT_GBP_MINOR,
    currency: COMPARE_CURRENCY,
    providers: [
      {
        name: OUR_PROVIDER_NAME,
        ours: true,
        foreignMinor: ours?.foreignMinor ?? null,
        rate: ours?.rate ?? null,
        checkedOn: null,
      },
      ...COMPETITOR_NAMES.map((name) => {
        const figure = figures.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
        const foreignMinor = figure?.eurFor450 ? parseMajorToMinor(figure.eurFor450, COMPARE_CURRENCY) : null;
        // A zero or unreadable figure is no figure: show the dash rather than "0.00".
        const known = foreignMinor !== null && foreignMinor > 0;
        return {
          name,
          ours: false,
          foreignMinor: known ? foreignMinor : null,
          rate: null,
          checkedOn: known ? (figure?.checkedOn ?? null) : null,
        };
      }),
    ],
  };
}
