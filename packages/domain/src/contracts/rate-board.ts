import { z } from "zod";
import { branchKeys, decimalString } from "./reference-data.ts";

// The board's rules live in ../rate-board.ts (no zod there), so that a page can use them without
// bringing the validation library into the browser.
import { BOARD_MAX_CURRENCIES } from "../rate-board.ts";
export { BOARD_DEFAULT_COUNT, BOARD_DEFAULT_CURRENCIES, BOARD_MAX_CURRENCIES } from "../rate-board.ts";

/** The stored choice: per branch, the currency codes its board features (a branch missing uses the default). */
export const BOARD_FEATURED_SETTING_KEY = "board_featured_currencies";
export const boardFeaturedSettingSchema = z.partialRecord(
  z.enum(branchKeys),
  z.array(z.string().regex(/^[A-Z]{3}$/)).max(BOARD_MAX_CURRENCIES),
);
export type BoardFeaturedSetting = z.infer<typeof boardFeaturedSettingSchema>;

/** The rate board of one branch (public: only what the rates page already shows). */
export const rateBoardSchema = z.object({
  branch: z.object({ key: z.enum(branchKeys), name: z.string() }),
  currencies: z.array(
    z.object({
      code: z.string().length(3),
      label: z.string(),
      /** Click & Collect customer rate (the customer buys), 4 decimals. */
      collectRate: decimalString,
      /** Click & Sell customer rate (the customer sells), 4 decimals. */
      sellRate: decimalString,
    }),
  ),
  /** When the rates took effect (ISO): the newest rate, or the offline provider's table date. */
  ratesAsOf: z.string().nullable(),
  /** How old the rates are (rate-freshness.ts): "Today's rates" only while `live`. */
  freshness: z.enum(["live", "stale", "reference", "none"]),
});
export type RateBoard = z.infer<typeof rateBoardSchema>;

/** The featured currencies of every branch, for the dashboard. */
export const boardFeaturedListSchema = z.object({
  branches: z.array(
    z.object({
      key: z.enum(branchKeys),
      name: z.string(),
      currencies: z.array(z.string()),
      /** False while the branch uses the default (the most traded currencies). */
      chosen: z.boolean(),
    }),
  ),
});
export type BoardFeaturedList = z.infer<typeof boardFeaturedListSchema>;

export const setBoardFeaturedRequestSchema = z
  .object({
    currencies: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
          .transform((code) => code.toUpperCase()),
      )
      .min(1, "Choose at least one currency")
      .max(BOARD_MAX_CURRENCIES, `Choose at most ${BOARD_MAX_CURRENCIES} currencies`)
      .refine((codes) => new Set(codes).size === codes.length, "A currency is chosen twice"),
  })
  .strict();
export type SetBoardFeaturedRequest = z.input<typeof setBoardFeaturedRequestSchema>;
