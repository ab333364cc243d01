import {
  BOARD_FEATURED_SETTING_KEY,
  type BoardFeaturedSetting,
  boardFeaturedSettingSchema,
} from "@bureau/domain/contracts/rate-board";
import type { SettingDefinition } from "../../lib/settings-store.ts";

/** The currencies staff chose for each branch's rate board (none chosen: the default of the domain rule). */
export const boardFeaturedSetting: SettingDefinition<BoardFeaturedSetting> = {
  key: BOARD_FEATURED_SETTING_KEY,
  schema: boardFeaturedSettingSchema,
  fallback: {},
};
