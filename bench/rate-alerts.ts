import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { channels } from "../apps/server/src/db/notify.ts";
import { createJobRunner } from "../apps/server/src/jobs/job-runner.ts";
import { rateAlertsJob } from "../apps/server/src/jobs/rate-alerts.ts";
import { queryRows } from "../apps/server/src/lib/postgres.ts";
import { recordCurrentRate } from "../apps/server/src/modules/rates/index.ts";
import { benchConfig, openSeededScratchDatabase } from "./support.ts";

export type RateAlertsBenchResult = {
  matching: number;
  notMatchingSameCurrency: number;
  otherCurrencies: number;
  loadSeconds: number;
  /** The staff or live-refresh transaction that changes the rate (what the customer-facing change costs). */
  rateChangeMs: number;
  /** From the start of the rate change until the outbox holds every matching e-mail (committed). */
  queuedMs: number;
  queued: number;
  /** Baseline: a bare INSERT ... SELECT of as many outbox rows of the same shape, nothing else. */
  bareInsertMs: number;
  loadAverage: string;
};

/**
 * `matching` active EUR alerts whose targets a rate change reaches, as many active EUR alerts it does not
 * reach and as many of other currencies, on PostgreSQL; then one EUR rate change as the live refresh makes
 * it (the currencies row and its history in one transaction, which notifies on commit), with the product's
 * job runner and rate-alerts job listening as on a server. Timed until the outbox's wake-up for the
 * queued e-mails arrives (sent by the same statement that queues them, so delivered when they are
 * committed), beside a bare insert of as many outbox rows.
 */
export async function benchRateAlerts({
  serverUrl,
  matching = 100_000,
}: {
  serverUrl: string;
  matching?: number;
}): Promise<RateAlertsBenchResult> {
  const { database, dispose } = await openSeededScratchDatabase(serverUrl, 4);
  // The product's app for its logger, and its job runner with the rate-alerts job, as main.ts runs them.
  const app = await buildApp({ config: benchConfig(), database, logger: false });
  const runner = createJobRunner({
    database,
    log: app.log,
    jobs: [rateAlertsJob({ db: database.db, log: app.log, everyMs: 3_600_000 })],
  });
  try {
    const db = database.db;
    const started = performance.now();
    // EUR's Click & Collect rate is 1.1232 as seeded (market 1.1520, margin -2.5 %): the matching targets
    // lie between 1.2000 and 1.2999, which only the change below reaches; the others stay at 2 and above.
    await db.execute(sql`
      insert into rate_alerts (currency_code, target, email, status, confirmed_at)
      select 'EUR', round((1.20 + (g % 1000) / 10000.0)::numeric, 4), 'match-' || g || '@example.com', 'active', now()
      from generate_series(1, ${matching}) g`);
    await db.execute(sql`
      insert into rate_alerts (currency_code, target, email, status, confirmed_at)
      select 'EUR', round((2 + (g % 1000) / 1000.0)::numeric, 4), 'high-' || g || '@example.com', 'active', now()
      from generate_series(1, ${matching}) g`);
    await db.execute(sql`
      insert into rate_alerts (currency_code, target, email, status, confirmed_at)
      select 'USD', round((2 + (g % 1000) / 1000.0)::numeric, 4), 'usd-' || g || '@example.com', 'active', now()
      from generate_series(1, ${matching}) g`);
    const loadSeconds = (performance.now() - started) / 1000;
    await db.execute(sql`analyze`);
    await runner.start();
    await runner.runNow("rate-alerts"); // nothing reached yet: the lease is taken, the job is idle
    const [before] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from outbox`);
    if (before?.n !== 0) throw new Error(`alerts fired before the rate change (${before?.n})`);

    let queuedAt = 0;
    const queuedNotice = new Promise<void>((resolve) => {
      void database.listen(channels.outbox, () => {
        queuedAt = performance.now();
        resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const t0 = performance.now();
    // Market 1.3500 with the -2.5 % margin: Click & Collect 1.3163, past every matching target (checked below).
    await db.transaction(async (tx) => {
      await tx.execute(sql`update currencies set rate = 1.3500, rates_as_of = now() where code = 'EUR'`);
      await recordCurrentRate(tx, "EUR");
    });
    const rateChangeMs = performance.now() - t0;
    await queuedNotice;
    const queuedMs = queuedAt - t0;
    const [queued] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from outbox where kind = 'rate-alert-triggered'`,
    );
    const [fired] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rate_alerts where status = 'triggered' and email like 'match-%'`,
    );
    if (queued?.n !== matching || fired?.n !== matching) {
      throw new Error(`expected ${matching} e-mails queued, got ${queued?.n} (${fired?.n} alerts triggered)`);
    }

    const b0 = performance.now();
    await db.execute(sql`
      insert into outbox (kind, dedupe_key, payload)
      select 'bench-bare', 'bench-bare:' || gen_random_uuid(),
        jsonb_build_object('to', 'bare-' || g || '@example.com', 'data', jsonb_build_object('alertId', gen_random_uuid()))
      from generate_series(1, ${matching}) g`);
    const bareInsertMs = performance.now() - b0;

    return {
      matching,
      notMatchingSameCurrency: matching,
      otherCurrencies: matching,
      loadSeconds,
      rateChangeMs,
      queuedMs,
      queued: queued.n,
      bareInsertMs,
      loadAverage: loadavg()
        .map((n) => n.toFixed(1))
        .join(" "),
    };
  } finally {
    await runner.stop();
    await app.close();
    await dispose();
  }
}
