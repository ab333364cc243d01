import type { Db } from "./client.ts";
import { branches, currencies, rateHistory } from "./schema.ts";
import { seedBranches } from "./seed-data/branches.ts";
import { SEED_RATES_AS_OF, seedCurrencies } from "./seed-data/currencies.ts";

/**
 * Idempotent: inserts what is missing and never overwrites what staff have changed since.
 * Safe to run at every start.
 */
export async function seedDatabase(db: Db): Promise<{ currenciesAdded: number; branchesAdded: number }> {
  const asOf = new Date(`${SEED_RATES_AS_OF}T00:00:00Z`);
  return db.transaction(async (tx) => {
    const addedCurrencies = await tx
      .insert(currencies)
      .values(
        seedCurrencies.map((c, index) => ({
          code: c.code,
          label: c.label,
          rate: c.rate,
          sellMargin: c.sell,
          buyMargin: c.buy,
          displayOrder: (index + 1) * 10,
          source: "seed",
          ratesAsOf: asOf,
          updatedAt: asOf,
        })),
      )
      .onConflictDoNothing({ target: currencies.code })
      .returning({
        code: currencies.code,
        rate: currencies.rate,
        sellMargin: currencies.sellMargin,
        buyMargin: currencies.buyMargin,
      });
    if (addedCurrencies.length > 0) {
      await tx.insert(rateHistory).values(
        addedCurrencies.map((c) => ({
          currencyCode: c.code,
          rate: c.rate,
          sellMargin: c.sellMargin,
          buyMargin: c.buyMargin,
          source: "seed",
          recordedAt: asOf,
        })),
      );
    }
    const addedBranches = await tx
      .insert(branches)
      .values(seedBranches.map((b) => ({ ...b, addressLines: [...b.addressLines], hours: [...b.hours] })))
      .onConflictDoNothing({ target: branches.key })
      .returning({ key: branches.key });
    return { currenciesAdded: addedCurrencies.length, branchesAdded: addedBranches.length };
  });
}
