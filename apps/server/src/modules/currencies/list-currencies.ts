import { asc, eq } from "drizzle-orm";
import type { Currency, CurrencyList } from "@bureau/domain/contracts/reference-data";
import { currencyPrices } from "@bureau/domain/pricing";
import type { RateProviderName } from "@bureau/domain/rate-freshness";
import { defaultSmallestNoteMinor } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { currencies } from "../../db/schema.ts";
import { REFERENCE_AS_OF } from "../rates/index.ts";
import { readRefreshFailingSince } from "../rates/index.ts";

export function toCurrency(row: typeof currencies.$inferSelect): Currency {
  const { rate, sell, buy, collectRate, sellRate } = currencyPrices(row);
  return {
    code: row.code,
    label: row.label,
    rate,
    sell,
    buy,
    collectRate,
    sellRate,
    smallestNoteMinor: row.smallestNoteMinor ?? defaultSmallestNoteMinor(row.code),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type RatesSettings = { provider: RateProviderName; freshHours: number; pauseOrdersAfterHours: number };

/**
 * The public list, with what is known of the rates' age (docs/decisions/027): it is cached, so the quote
 * path and every page read the refresh's failing streak from here, not with a query of their own.
 */
export async function listCurrencies({ db, rates }: { db: Db; rates: RatesSettings }): Promise<CurrencyList> {
  const rows = await db
    .select()
    .from(currencies)
    .where(eq(currencies.active, true))
    .orderBy(asc(currencies.displayOrder), asc(currencies.code));
  let newest: Date | null = null;
  for (const row of rows) if (!newest || row.ratesAsOf > newest) newest = row.ratesAsOf;
  const ratesAsOf = newest ? newest.toISOString() : null;
  return {
    currencies: rows.map(toCurrency),
    ratesUpdatedAt: ratesAsOf,
    rates: {
      ...rates,
      ratesAsOf,
      referenceAsOf: rates.provider === "fixed" ? new Date(`${REFERENCE_AS_OF}T00:00:00Z`).toISOString() : null,
      refreshFailingSince: rates.provider === "fixed" ? null : await readRefreshFailingSince(db),
    },
  };
}
