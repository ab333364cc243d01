import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { signUpAndSignIn } from "../apps/server/src/test/auth-helpers.ts";
import { openTillsFor } from "../apps/server/src/test/factories.ts";
import { bulkLoad, type Timing } from "./dashboard.ts";
import { benchConfig, openSeededScratchDatabase } from "./support.ts";
import { percentile } from "./statistics.ts";

export type CounterBenchResult = {
  orders: number;
  counterTrades: number;
  loadSeconds: number;
  trade: Timing;
  completed: number;
  held: number;
};

const FIRST = ["Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Noah", "Mia", "Jack", "Ivy"];
const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Wright"];

/**
 * Walk-in trades at the counter (issue 33 item 3) with `orders` orders stored in PostgreSQL, one in three
 * a walk-in trade with its identity key. A cashier with an open till at Worthing makes `samples` trades
 * one after another through the staff API in process (app.inject: session, staff and branch checks,
 * validation, the counter's quote, the placement's read and decisions and write, the handover, the till
 * and stock movements): half "We sell" €100, half "We buy" €50, each customer showing the passport of a
 * stored customer, so that each trade's read links their stored trades through the identity key.
 */
export async function benchCounter({
  serverUrl,
  orders = 1_000_000,
  samples = 200,
}: {
  serverUrl: string;
  orders?: number;
  samples?: number;
}): Promise<CounterBenchResult> {
  const { url: scratchUrl, database, dispose } = await openSeededScratchDatabase(serverUrl, 10);
  try {
    const loadStarted = performance.now();
    await bulkLoad(scratchUrl, orders, { counterEvery: 3 });
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const app = await buildApp({ config: benchConfig(), database, logger: false });
    await app.ready();
    const cashier = await signUpAndSignIn(app, { role: "cashier", branches: ["worthing"], staffVerified: true });
    await openTillsFor(app.db, cashier, ["worthing"]);
    await app.db.execute(sql`insert into stock_currencies (branch_key, currency_code, tracked)
      values ('worthing', 'EUR', true) on conflict (branch_key, currency_code) do update set tracked = true`);
    await app.db.execute(sql`insert into stock_notes (branch_key, currency_code, denomination_minor, count)
      values ('worthing', 'EUR', 5000, 1000000) on conflict (branch_key, currency_code, denomination_minor)
      do update set count = 1000000, reserved = 0`);
    const durations: number[] = [];
    let completed = 0;
    let held = 0;
    for (let i = 0; i < samples + 20; i++) {
      // A stored trade's customer: g = 3k (a counter trade of the bulk load), their name and passport.
      const g = 3 * (1 + ((i * 7919) % Math.floor(orders / 3)));
      const body = {
        branch: "worthing",
        idempotencyKey: randomUUID(),
        currency: "EUR",
        way: i % 2 === 0 ? "Order" : "Sell",
        foreignMinor: i % 2 === 0 ? 100_00 : 50_00,
        firstName: FIRST[g % 10],
        lastName: `${LAST[Math.floor(g / 10) % 10]}${g % 1000}`,
        idType: "passport",
        idNumberLast4: String(g % 10_000).padStart(4, "0"),
        idExpiresOn: "2099-01-31",
        // Given every time: a customer whose linked year passes £5,000 is asked for them (enhanced due diligence).
        address: "1 Marine Parade, Worthing BN11 3PT",
        dateOfBirth: "1970-05-01",
        paymentMethod: "cash",
      };
      const started = performance.now();
      const response = await app.inject({
        method: "POST",
        url: "/api/admin/counter/trades",
        headers: cashier.headers,
        payload: body,
      });
      const took = performance.now() - started;
      if (response.statusCode !== 201 && response.statusCode !== 202) {
        throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
      }
      // The first 20 warm the connections and the statements' plans.
      if (i < 20) continue;
      durations.push(took);
      if (response.statusCode === 201) completed++;
      else held++;
    }
    await app.close();
    durations.sort((a, b) => a - b);
    return {
      orders,
      counterTrades: Math.floor(orders / 3),
      loadSeconds,
      trade: { samples, p50: percentile(durations, 50), p95: percentile(durations, 95), max: durations.at(-1) ?? 0 },
      completed,
      held,
    };
  } finally {
    await dispose();
  }
}
