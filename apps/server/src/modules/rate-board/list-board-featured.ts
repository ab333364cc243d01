import { asc } from "drizzle-orm";
import type { BoardFeaturedList } from "@bureau/domain/contracts/rate-board";
import type { BranchKey, CurrencyList } from "@bureau/domain/contracts/reference-data";
import { boardCurrencyCodes } from "@bureau/domain/rate-board";
import type { Db } from "../../db/client.ts";
import { branches } from "../../db/schema.ts";
import { readSetting } from "../../lib/settings-store.ts";
import { boardFeaturedSetting } from "./board-featured-setting.ts";

/** For the dashboard: every branch with the currencies its board shows now, and whether staff chose them. */
export async function listBoardFeatured({
  db,
  currencyList,
}: {
  db: Db;
  currencyList: CurrencyList;
}): Promise<BoardFeaturedList> {
  const rows = await db
    .select({ key: branches.key, name: branches.name })
    .from(branches)
    .orderBy(asc(branches.displayOrder));
  const stored = await readSetting(db, boardFeaturedSetting);
  const onSale = new Set(currencyList.currencies.map((currency) => currency.code));
  return {
    branches: rows.map((row) => {
      const chosen = stored[row.key as BranchKey];
      return {
        key: row.key as BranchKey,
        name: row.name,
        currencies: boardCurrencyCodes(chosen, onSale),
        chosen: Boolean(chosen && chosen.length > 0),
      };
    }),
  };
}
