import {
  COMPETITOR_RATES_SETTING_KEY,
  type CompetitorRateSetting,
  competitorRatesSettingSchema,
} from "@bureau/domain/contracts/compare-rates";
import type { SettingDefinition } from "../../lib/settings-store.ts";

/** What staff last entered for the competitors on the compare-rates page (none until then). */
export const competitorRatesSetting: SettingDefinition<CompetitorRateSetting[]> = {
  key: COMPETITOR_RATES_SETTING_KEY,
  schema: competitorRatesSettingSchema,
  fallback: [],
};
