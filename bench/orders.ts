import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import pg from "pg";
import { startProduct } from "./servers.ts";
import { type LoadResult, openSeededScratchDatabase, runLoad } from "./support.ts";

export type OrderBenchResult = {
  concurrency: number;
  durationSeconds: number;
  /** Uncounted running of each side before its measured window. */
  warmupSeconds: number;
  placements: LoadResult;
  bareInserts: LoadResult;
  ratio: number;
  /** The machine's 1-minute load average when the run started (other work on the machine skews it). */
  loadAverage: number;
  /** CPU time (user + system) the product's process spent per placement during the run. */
  productCpuMsPerPlacement: number;
  /** CPU time of every PostgreSQL process on this machine per placement, and per bare insert (NaN elsewhere). */
  databaseCpuMsPerPlacement: number;
  databaseCpuMsPerBareInsert: number;
  /** CPU time of this load generator per placement, and per bare insert. */
  loadCpuMsPerPlacement: number;
  loadCpuMsPerBareInsert: number;
};

/**
 * Quote + order placements per second through the whole HTTP stack on PostgreSQL, beside the bare
 * inserts of the same rows (quote, order, line, outbox message) through the same driver in the same run.
 * The product runs in its own process (as `npm start` runs it), so that the load generator's work is not
 * counted against it.
 */
export async function benchOrders({
  serverUrl,
  concurrency = 32,
  durationMs = 10_000,
  warmupMs = 2_000,
}: {
  serverUrl: string;
  concurrency?: number;
  durationMs?: number;
  /** Each side first runs this long uncounted: connections opened, code compiled, statements prepared. */
  warmupMs?: number;
}): Promise<OrderBenchResult> {
  const loadAverage = Number(loadavg()[0]?.toFixed(2));
  // The product's schema and seed; the product itself connects with its own pool.
  const { url: scratchUrl, dispose } = await openSeededScratchDatabase(serverUrl, 2);
  try {
    const product = await startPlacementProduct(scratchUrl);
    const base = product.url;
    await runPlacements(base, { branch: "worthing", concurrency, durationMs: warmupMs });
    const productCpuBefore = cpuMs(product.process.pid);
    const placementsCpu = startCpuCount();
    const placements = await runPlacements(base, { branch: "worthing", concurrency, durationMs });
    const productCpuMsPerPlacement = (cpuMs(product.process.pid) - productCpuBefore) / placements.operations;
    const placementsCpuMs = placementsCpu();
    await product.stop();

    const pool = new pg.Pool({ connectionString: scratchUrl, max: concurrency });
    // The placements' order numbers are random 8-digit numbers: the bare inserts' numbered range leaves
    // out those already taken, so that no bare insert fails on a number (one or two a run did).
    const taken = new Set(
      (
        await pool.query<{ n: string }>("select order_number as n from orders where order_number >= '90000000'")
      ).rows.map((row) => Number(row.n)),
    );
    const bareNumber = (i: number): string => {
      let n = 90_000_000 + i;
      while (taken.has(n)) n += 1_000_000;
      return String(n);
    };
    // An idle connection ended by the server (the scratch database dropped after a failure) must not crash
    // the run before the failure itself is reported.
    pool.on("error", () => {});
    const bareInsert = async (worker: number, i: number) => {
      const customer = benchCustomer(worker);
      const client = await pool.connect();
      try {
        const quote = await client.query(
          `insert into quotes (currency_code, way, rate, market_rate, margin, gbp_minor, foreign_minor, expires_at)
             values ('EUR', 'Order', 1.1232, 1.152, -2.5, 25000, 28080, now() + interval '30 minutes') returning id`,
        );
        await client.query("begin");
        const order = await client.query(
          `insert into orders (order_number, way, first_name, last_name, email, phone, branch_key, total_gbp_minor, idempotency_key)
             values ($1, 'Order', $2, $3, $4, $5, 'worthing', 25000, $6) returning id`,
          [bareNumber(i), customer.firstName, customer.lastName, customer.email, customer.phone, randomUUID()],
        );
        await client.query(
          `insert into order_lines (order_id, position, quote_id, currency_code, rate, market_rate, gbp_minor, foreign_minor)
             values ($1, 1, $2, 'EUR', 1.1232, 1.152, 25000, 28080)`,
          [order.rows[0].id, quote.rows[0].id],
        );
        await client.query(`insert into outbox (kind, dedupe_key, payload) values ('order-received', $1, '{}')`, [
          `bare:${order.rows[0].id}`,
        ]);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };
    await runLoad((worker, i) => bareInsert(worker, warmupOffset + i), { concurrency, durationMs: warmupMs });
    const bareCpu = startCpuCount();
    const bareInserts = await runLoad(bareInsert, { concurrency, durationMs });
    const bareCpuMs = bareCpu();
    await pool.end();
    return {
      concurrency,
      durationSeconds: durationMs / 1000,
      warmupSeconds: warmupMs / 1000,
      placements,
      bareInserts,
      ratio: placements.perSecond / bareInserts.perSecond,
      loadAverage,
      productCpuMsPerPlacement,
      databaseCpuMsPerPlacement: placementsCpuMs.database / placements.operations,
      databaseCpuMsPerBareInsert: bareCpuMs.database / bareInserts.operations,
      loadCpuMsPerPlacement: placementsCpuMs.load / placements.operations,
      loadCpuMsPerBareInsert: bareCpuMs.load / bareInserts.operations,
    };
  } finally {
    await dispose();
  }
}

/** The product in its own process on a scratch database, as the placement loads below expect it. */
export function startPlacementProduct(databaseUrl: string) {
  return startProduct({
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: "https://bench.harbourfx.test",
    // Each simulated customer has its own address in X-Forwarded-For, set by this benchmark on loopback,
    // so the rate limits apply per customer as in production.
    TRUSTED_PROXIES: "127.0.0.1,::1",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    BOOTSTRAP_ADMIN_EMAIL: "bench-admin@example.com",
    BOOTSTRAP_ADMIN_PASSWORD: "bench-password-123",
  });
}

/**
 * Quote + order placements of €-worth £250 at a branch for a while, from node:http keep-alive clients, one
 * per customer (each with its own address in X-Forwarded-For, so the rate limits apply per customer as in
 * production): the load of the orders and stock benchmarks.
 */
export async function runPlacements(
  base: string,
  { branch, concurrency, durationMs }: { branch: string; concurrency: number; durationMs: number },
): Promise<LoadResult> {
  const agentHeaders = (i: number) => ({
    "content-type": "application/json",
    "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  });

  // node:http with keep-alive connections, one per customer: the load generator shares the machine's
  // two cores with the product and PostgreSQL, and fetch() cost about as much CPU per placement as
  // the product itself (measured: 2.9 ms against 4.9 ms), which the bare baseline's client does not pay.
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const post = (path: string, i: number, body: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const outgoing = request(
        `${base}${path}`,
        { method: "POST", agent, headers: { ...agentHeaders(i), "content-length": Buffer.byteLength(payload) } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
          response.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(payload);
    });

  try {
    return await runLoad(
      async (worker, i) => {
        const customer = benchCustomer(worker);
        const quoteResponse = await post("/api/quotes", i, { currency: "EUR", way: "Order", gbpMinor: 25_000 });
        if (quoteResponse.status !== 201) throw new Error(`quote ${quoteResponse.status}`);
        const quote = JSON.parse(quoteResponse.text) as {
          id: string;
          rate: string;
          gbpMinor: number;
          foreignMinor: number;
        };
        const orderResponse = await post("/api/orders", i, {
          idempotencyKey: randomUUID(),
          way: "Order",
          branch,
          lines: [{ quoteId: quote.id, rate: quote.rate, gbpMinor: quote.gbpMinor, foreignMinor: quote.foreignMinor }],
          customer: { ...customer, confirmEmail: customer.email, acceptedTerms: true },
        });
        if (orderResponse.status !== 201) throw new Error(`order ${orderResponse.status}`);
      },
      { concurrency, durationMs },
    );
  } finally {
    agent.destroy();
  }
}

/** User + system CPU time of a process so far, in milliseconds (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * The identity of one simulated customer (one per concurrent worker): 32 concurrent customers are 32
 * people, so each has an e-mail, phone and name of its own, and the due-diligence and risk rules link a
 * worker's orders to each other only. The bare inserts store the same identities.
 */
export function benchCustomer(worker: number) {
  const n = String(worker + 1).padStart(4, "0");
  return {
    firstName: "Bench",
    lastName: `Customer ${n}`,
    email: `bench.customer${n}@example.com`,
    phone: `07700 90${n}`,
  };
}

/**
 * Starts counting the CPU time of PostgreSQL's processes (when the server runs on this machine, as in
 * the default setup: every process named `postgres` this user can read) and of this load generator; the
 * returned function gives both so far, in milliseconds. The two cores are shared by the product, the
 * database and the load generator, so where the CPU goes decides the rate.
 */
function startCpuCount(): () => { database: number; load: number } {
  const databaseBefore = postgresCpuMs();
  const loadBefore = process.cpuUsage();
  return () => {
    const load = process.cpuUsage(loadBefore);
    return { database: postgresCpuMs() - databaseBefore, load: (load.user + load.system) / 1000 };
  };
}

/** User + system CPU time of every `postgres` process alive now, in milliseconds (NaN without /proc). */
function postgresCpuMs(): number {
  try {
    let total = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        if (!stat.includes("(postgres)")) continue;
        total += cpuMs(Number(entry));
      } catch {}
    }
    return total;
  } catch {
    return Number.NaN;
  }
}

/** Where the warm-up's bare order numbers start, clear of the measured run's. */
const warmupOffset = 5_000_000;
