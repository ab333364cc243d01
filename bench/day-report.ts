import type { AddressInfo } from "node:net";
import { type SQL, sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { type Database, openDatabase } from "../apps/server/src/db/client.ts";
import { seedDatabase } from "../apps/server/src/db/seed.ts";
import { signUpAndSignIn } from "../apps/server/src/test/auth-helpers.ts";
import type { Timing } from "./dashboard.ts";
import { benchConfig, openSeededScratchDatabase } from "./support.ts";
import { percentile } from "./statistics.ts";

/** Tills, orders and reversals of the busy day: 2 movements an order, 2 a reversal, 10,000 in all. */
const TILLS = 8;
const REVERSALS = 20;
const ORDERS = (10_000 - 2 * REVERSALS) / 2;

export type DayReportRun = {
  database: "embedded (PGlite)" | "PostgreSQL";
  loadSeconds: number;
  movements: number;
} & Timing;
export type DayReportBenchResult = { samples: number; tills: number; orders: number; runs: DayReportRun[] };

/** A constant written into the statement (a parameter would leave generate_series's type unknown). */
const n = (value: number) => sql.raw(String(value));

/** A version-4 shaped uuid from a seed text, so that the rows of one order find each other. */
const uid = (seed: SQL) =>
  sql`(substr(md5(${seed}), 1, 12) || '4' || substr(md5(${seed}), 14, 3) || 'a' || substr(md5(${seed}), 18, 15))::uuid`;

/**
 * Worthing's busy day with plain SQL: 8 tills opened that morning (half counted and closed), 4,980
 * orders completed through them (a quarter Click & Sell, a third at the counter; sterling half cash, half
 * card; euros in whole €50 notes) with their lines, notes and handovers, each moving its till twice,
 * and 20 of them reversed that day through the till, 10,000 till movements in all.
 */
export async function seedBusyDay(database: Database, day: string) {
  const db = database.db;
  const at = (offset: SQL) => sql`(${`${day}T07:00:00Z`}::timestamptz + ${offset})`;
  const order = uid(sql`'o' || g`);
  const gbp = sql`(10000 + (g % 50) * 1000)`;
  const notes = sql`(2 + g % 8)`;
  const statements: SQL[] = [
    // The staff the tills and reversals name (their accounts only: nobody signs in as them).
    sql`insert into users (id, email, email_verified, role)
        select 'bench-cashier-' || k, 'cashier' || k || '@example.com', true, 'cashier' from generate_series(1, ${n(TILLS)}) k
        union all select 'bench-manager', 'manager@example.com', true, 'manager'`,
    sql`insert into tills (id, branch_key, cashier_id, cashier_email, status, opened_at, counted_at, closed_at)
        select ${uid(sql`'till' || k`)}, 'worthing', 'bench-cashier-' || k, 'cashier' || k || '@example.com',
          case when k <= ${n(TILLS / 2)} then 'closed' else 'open' end, ${at(sql`k * interval '1 minute'`)},
          case when k <= ${n(TILLS / 2)} then ${at(sql`interval '12 hours'`)} end,
          case when k <= ${n(TILLS / 2)} then ${at(sql`interval '12 hours'`)} end
        from generate_series(1, ${n(TILLS)}) k`,
    sql`insert into till_counts (till_id, stage, currency_code, denomination_minor, count)
        select ${uid(sql`'till' || k`)}, s.stage, c.code, c.value, c.count
        from generate_series(1, ${n(TILLS)}) k
          cross join (values ('open'), ('close')) s(stage)
          cross join (values ('GBP', 2000, 50), ('EUR', 5000, 100)) c(code, value, count)
        where s.stage = 'open' or k <= ${n(TILLS / 2)}`,
    sql`insert into quotes (id, currency_code, way, rate, market_rate, margin, gbp_minor, foreign_minor, created_at, expires_at)
        select ${uid(sql`'q' || g`)}, 'EUR', case when g % 4 = 0 then 'Sell' else 'Order' end, 1.1232, 1.152, -2.5,
          ${gbp}, 5000 * ${notes}, ${at(sql`g * interval '8 seconds'`)}, ${at(sql`g * interval '8 seconds' + interval '30 minutes'`)}
        from generate_series(1, ${n(ORDERS)}) g`,
    sql`insert into orders (id, order_number, way, status, first_name, last_name, email, phone, branch_key,
          total_gbp_minor, idempotency_key, created_at, accepted_at, completed_at, channel, reversed_at)
        select ${order}, lpad((20000000 + g)::text, 8, '0'), case when g % 4 = 0 then 'Sell' else 'Order' end,
          'completed', 'Ada', 'Busy' || g, 'busy' || g || '@example.com', '07700 ' || lpad(g::text, 6, '0'), 'worthing',
          ${gbp}, 'bench-day-' || g, ${at(sql`g * interval '8 seconds'`)}, ${at(sql`g * interval '8 seconds'`)},
          ${at(sql`g * interval '8 seconds' + interval '1 minute'`)}, case when g % 3 = 0 then 'counter' else 'online' end,
          case when g > ${n(ORDERS - REVERSALS)} then ${at(sql`interval '11 hours'`)} end
        from generate_series(1, ${n(ORDERS)}) g`,
    sql`insert into order_lines (order_id, position, quote_id, currency_code, rate, market_rate, gbp_minor, foreign_minor)
        select ${order}, 1, ${uid(sql`'q' || g`)}, 'EUR', 1.1232, 1.152, ${gbp}, 5000 * ${notes}
        from generate_series(1, ${n(ORDERS)}) g`,
    sql`insert into order_notes (order_id, currency_code, denomination_minor, count)
        select ${order}, 'EUR', 5000, ${notes} from generate_series(1, ${n(ORDERS)}) g where g % 4 <> 0`,
    sql`insert into order_handovers (order_id, id_type, id_number_last4, id_expires_on, card_matches_name, received,
          gbp_minor, payment_method, payment_gbp_minor, recorded_at, recorded_by)
        select ${order}, 'passport', '1234', '2099-12-31', case when g % 4 <> 0 then true end,
          case when g % 4 = 0 then jsonb_build_array(jsonb_build_object('currency', 'EUR', 'orderedMinor', 5000 * ${notes},
            'receivedMinor', 5000 * ${notes}, 'notes', jsonb_build_array(jsonb_build_object('valueMinor', 5000, 'count', ${notes})),
            'gbpOrderedMinor', ${gbp}, 'gbpPaidMinor', ${gbp})) end,
          ${gbp}, case when g % 2 = 0 then 'card' else 'cash' end, ${gbp},
          ${at(sql`g * interval '8 seconds' + interval '1 minute'`)}, 'cashier@example.com'
        from generate_series(1, ${n(ORDERS)}) g`,
    sql`insert into till_movements (till_id, kind, currency_code, amount_minor, method, order_id, actor_email, recorded_at)
        select ${uid(sql`'till' || (1 + g % ${n(TILLS)})`)}, 'order', m.code,
          case when m.code = 'GBP' then ${gbp} else -5000 * ${notes} end * case when g % 4 = 0 then -1 else 1 end,
          case when m.code = 'GBP' and g % 2 = 0 then 'card' else 'cash' end, ${order}, 'cashier@example.com',
          ${at(sql`g * interval '8 seconds' + interval '1 minute'`)}
        from generate_series(1, ${n(ORDERS)}) g cross join (values ('GBP'), ('EUR')) m(code)`,
    sql`insert into order_reversals (order_id, reason, status, requested_by_id, requested_by, requested_at,
          decided_by_id, decided_by, decided_at)
        select ${order}, 'Keyed in twice', 'approved', 'bench-cashier-1', 'cashier1@example.com',
          ${at(sql`interval '10 hours'`)}, 'bench-manager', 'manager@example.com', ${at(sql`interval '11 hours'`)}
        from generate_series(${n(ORDERS - REVERSALS + 1)}, ${n(ORDERS)}) g`,
    sql`insert into till_movements (till_id, kind, currency_code, amount_minor, method, order_id, actor_email, recorded_at)
        select m.till_id, 'reversal', m.currency_code, -m.amount_minor, m.method, m.order_id, 'manager@example.com',
          ${at(sql`interval '11 hours'`)}
        from till_movements m join orders o on o.id = m.order_id where o.reversed_at is not null and m.kind = 'order'`,
    sql`analyze`,
  ];
  for (const statement of statements) await db.execute(statement);
}

/**
 * The day's report of a busy branch (issue 33): Worthing's day of 10,000 till movements on the embedded
 * database and on PostgreSQL, then GET /api/admin/reports/day?branch=worthing&date=<that day> timed
 * over real HTTP (the product listening on a port, fetch with an admin's session): `samples` requests
 * after 5 uncounted ones, one at a time.
 */
export async function benchDayReport({
  serverUrl,
  samples = 100,
}: {
  serverUrl: string;
  samples?: number;
}): Promise<DayReportBenchResult> {
  // A day that is over, the day before today in London, so the figures do not move under the timing.
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const embedded = openDatabase({ kind: "pglite", dataDir: "memory" });
  await embedded.migrate();
  await seedDatabase(embedded.db);
  const runs = [await timeReport("embedded (PGlite)", embedded, day, samples, () => embedded.close())];
  const scratch = await openSeededScratchDatabase(serverUrl, 10);
  runs.push(await timeReport("PostgreSQL", scratch.database, day, samples, scratch.dispose));
  return { samples, tills: TILLS, orders: ORDERS, runs };
}

async function timeReport(
  name: DayReportRun["database"],
  database: Database,
  day: string,
  samples: number,
  dispose: () => Promise<void>,
): Promise<DayReportRun> {
  try {
    const loadStarted = performance.now();
    await seedBusyDay(database, day);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const app = await buildApp({ config: benchConfig(), database, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const staff = await signUpAndSignIn(app, { role: "admin", staffVerified: true });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/admin/reports/day?branch=worthing&date=${day}`;
      const once = async () => {
        const response = await fetch(url, { headers: staff.headers });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${response.status} ${text.slice(0, 200)}`);
        return text;
      };
      const report = JSON.parse(await once()) as { tills: { movementCount: number }[] };
      const movements = report.tills.reduce((sum, till) => sum + till.movementCount, 0);
      if (movements !== 10_000) throw new Error(`The report counted ${movements} movements, not 10,000`);
      for (let i = 0; i < 4; i++) await once();
      const durations: number[] = [];
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        await once();
        durations.push(performance.now() - started);
      }
      durations.sort((a, b) => a - b);
      return {
        database: name,
        loadSeconds,
        movements,
        samples,
        p50: percentile(durations, 50),
        p95: percentile(durations, 95),
        max: durations.at(-1) ?? 0,
      };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}
