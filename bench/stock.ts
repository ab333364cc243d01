import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { noteDenominations } from "@bureau/domain/denominations";
import { regularCustomer, runPlacements, startPlacementProduct } from "./orders.ts";
import { type LoadResult, openSeededScratchDatabase } from "./support.ts";

export type StockBenchResult = {
  concurrency: number;
  /** Seconds of each of the rounds per kind (the kinds take turns). */
  roundSeconds: number;
  rounds: number;
  withoutStock: LoadResult;
  withStock: LoadResult;
  /** Placements per second with the reservation, over those without. */
  ratio: number;
  loadAverage: number;
};

/**
 * Order placements with a stock reservation beside placements without, through the same product process
 * on PostgreSQL: Worthing tracks nothing (placement as before stock existed); Brighton tracks EUR with
 * notes enough for every order of the run, so each placement reads the free notes and reserves four
 * denominations (€280.80: 200 + 50 + 20 + 10) of the same four rows every concurrent placement also
 * reserves: the hottest case, one branch and one currency. The two kinds take turns so that the machine's
 * other load falls on both alike.
 */
export async function benchStockPlacements({
  serverUrl,
  concurrency = 32,
  roundMs = 5_000,
  rounds = 3,
}: {
  serverUrl: string;
  concurrency?: number;
  roundMs?: number;
  rounds?: number;
}): Promise<StockBenchResult> {
  const loadAverage = Number(loadavg()[0]?.toFixed(2));
  const { url: scratchUrl, database, dispose } = await openSeededScratchDatabase(serverUrl, 2);
  try {
    await database.db.execute(sql`insert into stock_currencies (branch_key, currency_code, tracked)
      values ('brighton', 'EUR', true)`);
    for (const valueMinor of noteDenominations("EUR") ?? []) {
      await database.db.execute(sql`insert into stock_notes (branch_key, currency_code, denomination_minor, count)
        values ('brighton', 'EUR', ${valueMinor}, 1000000)`);
    }
    const product = await startPlacementProduct(scratchUrl);
    const without: LoadResult[] = [];
    const withStock: LoadResult[] = [];
    try {
      for (let round = 0; round < rounds; round++) {
        without.push(
          await runPlacements(product.url, {
            branch: "worthing",
            concurrency,
            durationMs: roundMs,
            customers: regularCustomer,
          }),
        );
        withStock.push(
          await runPlacements(product.url, {
            branch: "brighton",
            concurrency,
            durationMs: roundMs,
            customers: regularCustomer,
          }),
        );
      }
    } finally {
      await product.stop();
    }
    const [reserved] = (
      (await database.db.execute(
        sql`select coalesce(sum(reserved), 0)::int as reserved from stock_notes where branch_key = 'brighton'`,
      )) as unknown as { rows: { reserved: number }[] }
    ).rows;
    const placedWithStock = withStock.reduce((sum, r) => sum + r.operations, 0);
    // Every placement at Brighton reserved its four notes (a check that the runs measured what they say).
    if (reserved?.reserved !== placedWithStock * 4)
      throw new Error(`reserved ${reserved?.reserved} notes for ${placedWithStock} placements`);
    const a = combine(without);
    const b = combine(withStock);
    return {
      concurrency,
      roundSeconds: roundMs / 1000,
      rounds,
      withoutStock: a,
      withStock: b,
      ratio: b.perSecond / a.perSecond,
      loadAverage,
    };
  } finally {
    await dispose();
  }
}

/** The rounds of one kind as one result (latency percentiles: the worst round's, to stay on the safe side). */
function combine(results: LoadResult[]): LoadResult {
  const operations = results.reduce((sum, r) => sum + r.operations, 0);
  const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
  return {
    operations,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    seconds,
    perSecond: operations / seconds,
    p50: Math.max(...results.map((r) => r.p50)),
    p95: Math.max(...results.map((r) => r.p95)),
    p99: Math.max(...results.map((r) => r.p99)),
  };
}
