import type { CurrencyList } from "@bureau/domain/contracts/reference-data";
import type { StaffWarnings } from "@bureau/domain/contracts/staff-warnings";
import { quotesPaused, rateFreshness, sanctionsListState } from "@bureau/domain/rate-freshness";
import type { Db } from "../../db/client.ts";
import { getSanctionsListImportedAt } from "../sanctions/index.ts";
import type { RateProvider } from "./rate-provider.ts";
import { getRefreshState } from "./refresh-rates.ts";

/**
 * What the dashboard's banner warns of (docs/decisions/027): the rates' age as the public pages judge it
 * (from the same cached list), how the refreshes go, and the age of the imported UK Sanctions List.
 */
export async function getStaffWarnings({
  db,
  provider,
  currencyList,
  sanctionsListStaleDays,
  now = new Date(),
}: {
  db: Db;
  provider: RateProvider;
  currencyList: CurrencyList;
  sanctionsListStaleDays: number;
  now?: Date;
}): Promise<StaffWarnings> {
  const [refresh, importedAt] = await Promise.all([getRefreshState({ db, provider }), getSanctionsListImportedAt(db)]);
  const freshness = rateFreshness({ ...currencyList.rates, now });
  const listImportedAt = importedAt ? importedAt.toISOString() : null;
  return {
    rates: {
      provider: currencyList.rates.provider,
      freshness: freshness.state,
      asOf: freshness.state === "none" ? null : freshness.asOf,
      refreshEnabled: refresh.enabled,
      failingSince: currencyList.rates.refreshFailingSince,
      lastError: refresh.lastError,
      quotesPaused: quotesPaused({ ...currencyList.rates, now }),
    },
    sanctions: {
      importedAt: listImportedAt,
      state: sanctionsListState({ importedAt: listImportedAt, staleDays: sanctionsListStaleDays, now }),
      staleDays: sanctionsListStaleDays,
    },
    now: now.toISOString(),
  };
}
