import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import pg from "pg";
import { startProduct } from "./servers.ts";
import { type LoadResult, openSeededScratchDatabase, runLoad } from "./support.ts";

/** One measured load of placements, and the CPU each placement cost (NaN where it cannot be read). */
export type PlacementRun = {
  placements: LoadResult;
  /** Placements per second over the bare inserts per second of the same run. */
  ratio: number;
  /** CPU time (user + system) the product's process spent per placement. */
  productCpuMsPerPlacement: number;
  /** CPU time of every PostgreSQL process on this machine per placement. */
  databaseCpuMsPerPlacement: number;
  /** CPU time of this load generator per placement. */
  loadCpuMsPerPlacement: number;
};

export type OrderBenchResult = PlacementRun & {
  concurrency: number;
  durationSeconds: number;
  /** Uncounted running of each side before its measured window. */
  warmupSeconds: number;
  /** The customers the measured placements come from (`seedCustomerBase`), with their past orders. */
  customerBase: { customers: number; pastOrders: number; seedSeconds: number };
  /** The same load from 32 customers who place every order of the run (hundreds each): the worst case. */
  regulars: PlacementRun;
  bareInserts: LoadResult;
  /** The machine's 1-minute load average when the run started (other work on the machine skews it). */
  loadAverage: number;
  /** CPU time of every PostgreSQL process, and of this load generator, per bare insert. */
  databaseCpuMsPerBareInsert: number;
  loadCpuMsPerBareInsert: number;
};

/**
 * Quote + order placements per second through the whole HTTP stack on PostgreSQL, beside the bare
 * inserts of the same rows (quote, order, line, outbox message) through the same driver in the same run.
 * The product runs in its own process (as `npm start` runs it), so that the load generator's work is not
 * counted against it. The placements come from a base of customers with the past orders a bureau's
 * customers have (`seedCustomerBase`), 32 at a time; the same load then comes from 32 regular customers
 * who place every order (`regularCustomer`), the worst case, measured against the same bare inserts.
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
    const customerBase = await seedCustomerBase(scratchUrl, CUSTOMER_BASE_SIZE);
    // Each placement and each bare insert is the next customer of the base: the bureau's customers
    // coming in, 32 at a time, most of them with a few orders in the past year.
    const nextOfBase = customerBaseStream(CUSTOMER_BASE_SIZE);
    const product = await startPlacementProduct(scratchUrl);
    const measure = async (customers: CustomerSource) => {
      await runPlacements(product.url, { branch: "worthing", concurrency, durationMs: warmupMs, customers });
      const productCpuBefore = cpuMs(product.process.pid);
      const cpu = startCpuCount();
      const placements = await runPlacements(product.url, { branch: "worthing", concurrency, durationMs, customers });
      const productCpuMs = cpuMs(product.process.pid) - productCpuBefore;
      const cpuUsed = cpu();
      return {
        placements,
        productCpuMsPerPlacement: productCpuMs / placements.operations,
        databaseCpuMsPerPlacement: cpuUsed.database / placements.operations,
        loadCpuMsPerPlacement: cpuUsed.load / placements.operations,
      };
    };
    const ofBase = await measure(nextOfBase);
    const regulars = await measure(regularCustomer);
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
      const customer = nextOfBase(worker);
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
    const bareRate = bareInserts.perSecond;
    return {
      concurrency,
      durationSeconds: durationMs / 1000,
      warmupSeconds: warmupMs / 1000,
      customerBase,
      ...ofBase,
      ratio: ofBase.placements.perSecond / bareRate,
      regulars: { ...regulars, ratio: regulars.placements.perSecond / bareRate },
      bareInserts,
      loadAverage,
      databaseCpuMsPerBareInsert: bareCpuMs.database / bareInserts.operations,
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
  {
    branch,
    concurrency,
    durationMs,
    customers,
  }: { branch: string; concurrency: number; durationMs: number; customers: CustomerSource },
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
        const customer = customers(worker);
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

/** A simulated customer as the order form takes one. */
export type BenchCustomer = { firstName: string; lastName: string; email: string; phone: string };

/** Who places the next order, asked once per placement by the worker placing it. */
export type CustomerSource = (worker: number) => BenchCustomer;

/** How many customers `seedCustomerBase` gives the placement benchmark (more than a run places orders for). */
const CUSTOMER_BASE_SIZE = 60_000;

/** Customer `n` (from 1) of the base `seedCustomerBase` stores the past orders of. */
function baseCustomer(n: number): BenchCustomer {
  const id = String(n).padStart(5, "0");
  return {
    firstName: "Bench",
    lastName: `Customer ${id}`,
    email: `bench.customer${id}@example.com`,
    phone: `07700 9${id}`,
  };
}

/** The customers of the base one after another, from the first again after the last. */
export function customerBaseStream(size: number): CustomerSource {
  let next = 0;
  return () => baseCustomer((next++ % size) + 1);
}

/**
 * One of 32 regular customers, one per concurrent worker, who places every order that worker places: after
 * a few seconds each has hundreds of orders, so nearly every placement is flagged as frequent and for enhanced
 * due diligence, and past €15,000 in the year (about 52 orders) held, and its linked orders' read grows
 * through the run. No real customer orders so: the worst case of the read, which the loads of the stock
 * benchmark and of `npm run bench:statements` keep.
 */
export function regularCustomer(worker: number): BenchCustomer {
  const n = String(worker + 1).padStart(4, "0");
  return {
    firstName: "Bench",
    lastName: `Regular ${n}`,
    email: `bench.regular${n}@example.com`,
    phone: `07700 8${n}0`,
  };
}

/**
 * Stores the past orders of a base of customers, as a bureau has them: customer n has n mod 4 collected
 * orders of £250 in the past year (200, 90 and 30 days back: in the linked totals, outside the frequent
 * orders' 7 days); one in 25 also a £5,000 order 60 days back, so that the new order takes their year past
 * the enhanced due-diligence tier (£5,000) and is flagged for it; and one in 50 an order 120 days back by
 * another name on the same e-mail and phone (a family member), which gives the new order a risk flag and its
 * audit entry. The placements of the benchmark then take the paths of a real day: first orders, returning
 * customers, enhanced due diligence, risk flags. None is held (a hold takes €15,000 in a year, which the
 * regular customers reach).
 */
async function seedCustomerBase(
  databaseUrl: string,
  customers: number,
): Promise<{ customers: number; pastOrders: number; seedSeconds: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const base = Array.from({ length: customers }, (_, i) => ({ n: i + 1, ...baseCustomer(i + 1) }));
    // In bulk, as the dashboard benchmark loads its orders: the statistics triggers off, the rollups rebuilt once.
    await client.query("set session_replication_role = replica");
    const inserted = await client.query(
      `insert into orders (order_number, way, status, first_name, last_name, email, phone, branch_key, total_gbp_minor,
         idempotency_key, created_at, completed_at)
       select lpad((80000000 + row_number() over ())::text, 8, '0'), 'Order', 'completed', past.first_name,
         c.last_name, c.email, c.phone, 'worthing', past.total_gbp_minor, 'bench-past:' || c.n || ':' || past.k,
         now() - past.days * interval '1 day', now() - past.days * interval '1 day' + interval '2 days'
       from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) c(n, first_name, last_name, email, phone)
       cross join lateral (
         select c.first_name, 25000 as total_gbp_minor, k, (array[200, 90, 30])[k] as days
           from generate_series(1, c.n % 4) k
         union all select c.first_name, 500000, 4, 60 where c.n % 25 = 0
         union all select 'Sam', 25000, 5, 120 where c.n % 50 = 7) past`,
      [
        base.map((c) => c.n),
        base.map((c) => c.firstName),
        base.map((c) => c.lastName),
        base.map((c) => c.email),
        base.map((c) => c.phone),
      ],
    );
    await client.query("set session_replication_role = origin");
    await client.query("select bureau_rebuild_stats()");
    await client.query("analyze orders");
    return { customers, pastOrders: inserted.rowCount ?? 0, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/**
 * Starts counting the CPU time of PostgreSQL's processes (when the server runs on this machine, as in
 * the default setup: every process named `postgres` this user can read) and of this load generator; the
 * returned function gives both so far, in milliseconds. The two cores are shared by the product, the
 * database and the load generator, so where the CPU goes decides the rate.
 */
function startCpuCount(): () => { database: number; load: number } {
  const databaseBefore = postgresCpuMsByProcess();
  const loadBefore = process.cpuUsage();
  return () => {
    const load = process.cpuUsage(loadBefore);
    // Per process: one that ended in between (an autovacuum worker, a closed connection) would otherwise
    // take its CPU from before the window off the count; one that started counts whole.
    let database = databaseBefore.size === 0 ? Number.NaN : 0;
    for (const [pid, ms] of postgresCpuMsByProcess()) database += ms - (databaseBefore.get(pid) ?? 0);
    return { database, load: (load.user + load.system) / 1000 };
  };
}

/** User + system CPU time of every `postgres` process alive now, in milliseconds, by process id (empty without /proc). */
function postgresCpuMsByProcess(): Map<number, number> {
  const byProcess = new Map<number, number>();
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        if (!stat.includes("(postgres)")) continue;
        byProcess.set(Number(entry), cpuMs(Number(entry)));
      } catch {}
    }
  } catch {}
  return byProcess;
}

/** Where the warm-up's bare order numbers start, clear of the measured run's. */
const warmupOffset = 5_000_000;
