import { asc, eq } from "drizzle-orm";
import type { Currency, CurrencyList } from "@bureau/domain/contracts/reference-data";
import { currencyPrices } from "@bureau/domain/pricing";
import { defaultSmallestNoteMinor } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { currencies } from "../../db/schema.ts";

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

export async function listCurrencies({ db }: { db: Db }): Promise<CurrencyList> {
  const rows = await db
    .select()
    .from(currencies)
    .where(eq(currencies.active, true))
    .orderBy(asc(currencies.displayOrder), asc(currencies.code));
  let newest: Date | null = null;
  for (const row of rows) if (!newest || row.ratesAsOf > newest) newest = row.ratesAsOf;
  return { currencies: rows.map(toCurrency), ratesUpdatedAt: newest ? newest.toISOString() : null };
}
