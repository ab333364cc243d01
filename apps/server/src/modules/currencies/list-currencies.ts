import { asc, eq } from "drizzle-orm";
import type { Currency, CurrencyList } from "@bureau/domain/contracts/reference-data";
import { customerRate } from "@bureau/domain/pricing";
import type { Db } from "../../db/client.ts";
import { currencies } from "../../db/schema.ts";

/** Postgres returns numerics with their full scale ("1.15200000"); show them without trailing zeros. */
export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

/** A stored customer rate (numeric with any scale) as shown everywhere: exactly 4 decimals. */
export function toRate4(value: string): string {
  const [whole, fraction = ""] = trimDecimal(value).split(".");
  return `${whole}.${fraction.padEnd(4, "0").slice(0, 4)}`;
}

/** A currency row's market rate and margins, and the two customer rates that follow from them. */
export function currencyPrices(row: typeof currencies.$inferSelect) {
  const rate = trimDecimal(row.rate);
  const sell = trimDecimal(row.sellMargin);
  const buy = trimDecimal(row.buyMargin);
  return { rate, sell, buy, collectRate: customerRate(rate, sell), sellRate: customerRate(rate, buy) };
}

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
