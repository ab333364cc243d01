import { eq } from "drizzle-orm";
import type { RateBoard } from "@bureau/domain/contracts/rate-board";
import type { BranchKey, CurrencyList } from "@bureau/domain/contracts/reference-data";
import { boardCurrencyCodes } from "@bureau/domain/rate-board";
import { rateFreshness } from "@bureau/domain/rate-freshness";
import type { Db } from "../../db/client.ts";
import { branches } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { readSetting } from "../../lib/settings-store.ts";
import { boardFeaturedSetting } from "./board-featured-setting.ts";

/**
 * The rate board of a branch: its name and, for each featured currency on sale, the two customer
 * rates of the public currency list (the cached one the rates page shows), and when the newest of them
 * took effect, and whether they are fresh enough to be called today's (docs/decisions/027). Nothing else:
 * the board hangs in a shop window.
 */
export async function getRateBoard({
  db,
  branchKey,
  currencyList,
  now = new Date(),
}: {
  db: Db;
  branchKey: string;
  currencyList: CurrencyList;
  now?: Date;
}): Promise<RateBoard> {
  const [branch] = await db
    .select({ key: branches.key, name: branches.name })
    .from(branches)
    .where(eq(branches.key, branchKey));
  if (!branch) throw new AppError("not_found", "There is no such branch.");
  const chosen = (await readSetting(db, boardFeaturedSetting))[branch.key as BranchKey];
  const byCode = new Map(currencyList.currencies.map((currency) => [currency.code, currency]));
  const shown = boardCurrencyCodes(chosen, new Set(byCode.keys())).flatMap((code) => {
    const currency = byCode.get(code);
    return currency ? [currency] : [];
  });
  const freshness = rateFreshness({ ...currencyList.rates, now });
  return {
    branch: { key: branch.key as BranchKey, name: branch.name },
    currencies: shown.map(({ code, label, collectRate, sellRate }) => ({ code, label, collectRate, sellRate })),
    ratesAsOf: freshness.state === "none" ? null : freshness.asOf,
    freshness: freshness.state,
  };
}
