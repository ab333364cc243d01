import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { signUpAndSignIn } from "../apps/server/src/test/auth-helpers.ts";
import { benchConfig, openSeededScratchDatabase } from "./support.ts";
import { percentile } from "./statistics.ts";

export type Timing = { samples: number; p50: number; p95: number; max: number };
export type DashboardBenchResult = {
  orders: number;
  loadSeconds: number;
  pendingPage: Timing;
  pendingLaterPage: Timing;
  historySearch: Timing;
  phoneSearch: Timing;
  statistics: Timing;
};

/**
 * Loads `orders` orders (with their quotes and lines) in bulk with plain SQL, rebuilds the statistics
 * rollups once (the triggers keep them from then on), then times the staff API in process.
 */

/**
 * `counterEvery`: every n-th order is a walk-in trade at the counter with the identity key of the
 * document it was made with (packages/domain identity-key.ts: type, last 4 of the number, the name's
 * letters), so that a new trade's read links through the key index as well.
 */
export async function bulkLoad(url: string, orders: number, { counterEvery = 0 }: { counterEvery?: number } = {}) {
  const database = openDatabase({ kind: "postgres", url, poolSize: 2 });
  const db = database.db;
  await db.execute(sql`set session_replication_role = replica`);
  // Deterministic ids in the version-4 shape our API contracts require.
  await db.execute(sql`create or replace function pg_temp.bench_uuid(seed text) returns uuid language sql immutable as $$
    select (substr(md5(seed), 1, 12) || '4' || substr(md5(seed), 14, 3) || 'a' || substr(md5(seed), 18, 15))::uuid $$`);
  await db.execute(sql`
    insert into quotes (id, currency_code, way, rate, market_rate, margin, gbp_minor, foreign_minor, created_at, expires_at)
    select pg_temp.bench_uuid('q' || g), (array['EUR','USD','JPY','AUD','CHF','TRY','THB','CAD'])[1 + g % 8],
      case when g % 5 = 0 then 'Sell' else 'Order' end, 1.1232, 1.152, -2.5, 10000 + (g % 90) * 1000, 11232 + (g % 90) * 1123,
      now() - (g * interval '94 seconds'), now() - (g * interval '94 seconds') + interval '30 minutes'
    from generate_series(1, ${orders}) g`);
  await db.execute(sql`
    insert into orders (id, order_number, way, status, first_name, last_name, email, phone, branch_key, total_gbp_minor,
      idempotency_key, created_at, accepted_at, completed_at, channel, id_key)
    select pg_temp.bench_uuid('o' || g), lpad((10000000 + g)::text, 8, '0'),
      case when g % 5 = 0 then 'Sell' else 'Order' end,
      case when g % 100 = 0 then 'pending' when g % 100 = 1 then 'accepted' when g % 100 = 2 then 'cancelled' else 'completed' end,
      (array['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Jack','Ivy'])[1 + g % 10],
      (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Wright'])[1 + (g / 10) % 10] || (g % 1000),
      'customer' || g || '@example.com', '07700 ' || lpad((g % 1000000)::text, 6, '0'),
      (array['worthing','brighton','chichester','172'])[1 + g % 4], 10000 + (g % 90) * 1000,
      'bench-' || g, now() - (g * interval '94 seconds'), now() - (g * interval '94 seconds') + interval '1 hour',
      now() - (g * interval '94 seconds') + interval '3 hours',
      case when ${counterEvery}::int > 0 and g % ${counterEvery}::int = 0 then 'counter' else 'online' end,
      case when ${counterEvery}::int > 0 and g % ${counterEvery}::int = 0 then
        'passport:' || lpad((g % 10000)::text, 4, '0') || ':'
          || lower((array['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Jack','Ivy'])[1 + g % 10]
          || (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Wright'])[1 + (g / 10) % 10] || (g % 1000))
      end
    from generate_series(1, ${orders}) g`);
  await db.execute(sql`
    insert into order_lines (order_id, position, quote_id, currency_code, rate, market_rate, gbp_minor, foreign_minor)
    select pg_temp.bench_uuid('o' || g), 1, pg_temp.bench_uuid('q' || g), (array['EUR','USD','JPY','AUD','CHF','TRY','THB','CAD'])[1 + g % 8],
      1.1232, 1.152, 10000 + (g % 90) * 1000, 11232 + (g % 90) * 1123
    from generate_series(1, ${orders}) g`);
  await db.execute(sql`set session_replication_role = origin`);
  await db.execute(sql`select bureau_rebuild_stats()`);
  await db.execute(sql`analyze`);
  await database.close();
}

export async function benchDashboard({
  serverUrl,
  orders = 1_000_000,
  samples = 200,
}: {
  serverUrl: string;
  orders?: number;
  samples?: number;
}): Promise<DashboardBenchResult> {
  const { url: scratchUrl, database, dispose } = await openSeededScratchDatabase(serverUrl, 10);
  try {
    const loadStarted = performance.now();
    await bulkLoad(scratchUrl, orders);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const config = benchConfig(process.env.BENCH_DEBUG === "1" ? { LOG_LEVEL: "error" } : {});
    const app = await buildApp({ config, database, logger: process.env.BENCH_DEBUG === "1" });
    await app.ready();
    const staff = await signUpAndSignIn(app, { role: "admin", staffVerified: true });
    const time = async (urls: () => string): Promise<Timing> => {
      const durations: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        const response = await app.inject({ method: "GET", url: urls(), headers: staff.headers });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
        durations.push(performance.now() - started);
      }
      durations.sort((a, b) => a - b);
      return { samples, p50: percentile(durations, 50), p95: percentile(durations, 95), max: durations.at(-1) ?? 0 };
    };
    const firstPending = (
      await app.inject({ method: "GET", url: "/api/admin/orders?status=pending&limit=25", headers: staff.headers })
    ).json();
    let cursor: string | null = firstPending.nextCursor;
    const cursors: string[] = [];
    for (let i = 0; i < 20 && cursor; i++) {
      cursors.push(cursor);
      const next = (
        await app.inject({
          method: "GET",
          url: `/api/admin/orders?status=pending&limit=25&after=${cursor}`,
          headers: staff.headers,
        })
      ).json();
      cursor = next.nextCursor;
    }
    const names = ["smith1", "jones", "taylor42", "amelia patel", "customer1234@", "wright9"];
    let n = 0;
    const result: DashboardBenchResult = {
      orders,
      loadSeconds,
      pendingPage: await time(() => "/api/admin/orders?status=pending&limit=25"),
      pendingLaterPage: await time(
        () => `/api/admin/orders?status=pending&limit=25&after=${cursors[n++ % cursors.length]}`,
      ),
      historySearch: await time(
        () =>
          `/api/admin/orders?status=completed&limit=25&q=${encodeURIComponent(names[n++ % names.length] as string)}`,
      ),
      phoneSearch: await time(
        () =>
          `/api/admin/orders?status=completed&limit=25&q=${encodeURIComponent(
            `07700 ${String((n++ * 7919) % 1000000)
              .padStart(6, "0")
              .slice(0, 4)}`,
          )}`,
      ),
      statistics: await time(() => "/api/admin/statistics"),
    };
    await app.close();
    return result;
  } finally {
    await dispose();
  }
}
