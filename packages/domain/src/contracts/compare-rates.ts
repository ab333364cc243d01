import { z } from "zod";

/** The competitors on the home page's compare-rates block, in display order (PRODUCT.md decision 10). */
export const COMPETITOR_NAMES = ["Post Office", "Travelex", "Marks & Spencer"] as const;
export const OUR_PROVIDER_NAME = "Harbour FX";

/** Settings key under which staff keep the competitor figures they checked. */
export const COMPETITOR_RATES_SETTING_KEY = "competitor_rates";

/** One competitor figure as staff enter it: euros for £450 ("512.30") and the day they checked it. */
export const competitorRateSettingSchema = z.object({
  name: z.string().trim().min(1),
  eurFor450: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, "must be an amount in euros, like 512.30")
    .nullable(),
  checkedOn: z.iso.date().nullable(),
});
export const competitorRatesSettingSchema = z.array(competitorRateSettingSchema);
export type CompetitorRateSetting = z.infer<typeof competitorRateSettingSchema>;

export const compareRatesSchema = z.object({
  amountGbpMinor: z.number().int(),
  currency: z.literal("EUR"),
  providers: z.array(
    z.object({
      name: z.string(),
      ours: z.boolean(),
      /** Euro cents for the amount; null when unknown (never a made-up 0.00). */
      foreignMinor: z.number().int().nullable(),
      /** Our live customer rate (4 decimals); null for competitors. */
      rate: z.string().nullable(),
      /** ISO date the figure was checked; null for ours (live) or when never checked. */
      checkedOn: z.string().nullable(),
    }),
  ),
});
export type CompareRates = z.infer<typeof compareRatesSchema>;
