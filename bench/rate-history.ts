import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { benchConfig, openSeededScratchDatabase } from "./support.ts";
import { percentile } from "./statistics.ts";

export type RateHistoryBenchResult = {
  readings: number;
  minutesApart: number;
  loadSeconds: number;
  dailyRows: number;
  samples: number;
  product: { range: string; p50: number; p95: number; max: number }[];
  rawScan: { p50: number; p95: number; max: number };
};

const timings = (durations: number[]) => {
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), max: durations.at(-1) ?? 0 };
};

/**
 * Five years of EUR readings, one every `minutesApart` minutes (what the live refresh records when the
 * rate moves that often), inserted through rate_history so that its trigger keeps the daily rollup as in
 * production; then GET /api/currencies/EUR/history for each range in process, beside the query a page
 * without the rollup would need (every reading of five years).
 */
export async function benchRateHistory({
  serverUrl,
  minutesApart = 5,
  samples = 100,
}: {
  serverUrl: string;
  minutesApart?: number;
  samples?: number;
}): Promise<RateHistoryBenchResult> {
  const { database, dispose } = await openSeededScratchDatabase(serverUrl, 4);
  try {
    const db = database.db;
    const started = performance.now();
    const readings = Math.floor((5 * 366 * 24 * 60) / minutesApart);
    await db.execute(sql`
      insert into rate_history (currency_code, rate, sell_margin, buy_margin, source, recorded_at)
      select 'EUR', round((1.15 + 0.05 * sin(g / 5000.0))::numeric, 6), -2.5, 3, 'bench',
        now() - g * ${minutesApart} * interval '1 minute'
      from generate_series(1, ${readings}) g`);
    const loadSeconds = (performance.now() - started) / 1000;
    await db.execute(sql`analyze`);
    const daily = (await db.execute(sql`select count(*)::int as n from rate_daily where currency_code = 'EUR'`)) as {
      rows: { n: number }[];
    };
    const dailyRows = Number(daily.rows[0]?.n);

    const app = await buildApp({ config: benchConfig(), database, logger: false });
    await app.ready();
    const product = [];
    for (const range of ["1m", "1y", "5y"]) {
      const durations: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        const response = await app.inject({ method: "GET", url: `/api/currencies/EUR/history?range=${range}` });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
        durations.push(performance.now() - t0);
      }
      product.push({ range, ...timings(durations) });
    }
    const raw: number[] = [];
    for (let i = 0; i < Math.min(samples, 20); i++) {
      const t0 = performance.now();
      await db.execute(sql`
        select recorded_at, rate, sell_margin, buy_margin from rate_history
        where currency_code = 'EUR' and recorded_at >= now() - interval '5 years' order by recorded_at`);
      raw.push(performance.now() - t0);
    }
    await app.close();
    return {
      readings,
      minutesApart,
      loadSeconds,
      dailyRows,
      samples,
      product,
      rawScan: timings(raw),
    };
  } finally {
    await dispose();
  }
}
