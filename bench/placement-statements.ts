// `npm run bench:statements`: where PostgreSQL's time goes in an order placement, statement by statement.
//
// The placement benchmark (`BENCH_ONLY=orders npm run bench`) gives the CPU per placement of the product and
// of PostgreSQL; this says which statements make PostgreSQL's share. On a scratch database it places orders
// from 32 concurrent customers for BENCH_STATEMENTS_WARM_MS (default 12 s: each customer then has about as
// many orders as at the end of the benchmark, which matters to the linked-orders reads), then turns on
// `log_min_duration_statement = 0` for that database alone, restarts the product (its new connections take
// the setting) and places orders one at a time for BENCH_STATEMENTS_MS (default 3 s). It reads the server's
// log from where it stood and prints, per statement and phase (parse, bind, execute), the milliseconds per
// placement, how many times it ran and its median. One placement at a time, so the durations are those of
// the statements alone, not of their waits for each other; a bind much longer than its statement's other
// binds means the statement is planned again at every run (a custom plan).
//
// Needs PostgreSQL on this machine with its log readable: BENCH_PG_LOG (default
// /var/log/postgresql/postgresql-15-main.log, Debian's), and a superuser in BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) to set the logging of the scratch database.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import pg from "pg";
import { regularCustomer, runPlacements, startPlacementProduct } from "./orders.ts";
import { DEFAULT_BENCH_DATABASE_URL, openSeededScratchDatabase } from "./support.ts";
import { percentile } from "./statistics.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const logPath = process.env.BENCH_PG_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
const warmMs = Number(process.env.BENCH_STATEMENTS_WARM_MS ?? 12_000);
const measuredMs = Number(process.env.BENCH_STATEMENTS_MS ?? 3_000);

try {
  statSync(logPath);
} catch {
  console.error(`Cannot read PostgreSQL's log at ${logPath}: set BENCH_PG_LOG to its path.`);
  process.exit(1);
}

const { url, dispose } = await openSeededScratchDatabase(serverUrl, 2);
const databaseName = new URL(url).pathname.slice(1);
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
try {
  const warming = await startPlacementProduct(url);
  try {
    const warm = await runPlacements(warming.url, {
      branch: "worthing",
      concurrency: 32,
      durationMs: warmMs,
      customers: regularCustomer,
    });
    console.log(`Warm-up: ${warm.operations} placements from 32 customers in ${(warmMs / 1000).toFixed(0)} s`);
  } finally {
    await warming.stop();
  }
  await admin.query(`alter database "${databaseName}" set log_min_duration_statement = 0`);
  const product = await startPlacementProduct(url);
  const logStart = statSync(logPath).size;
  let placements: number;
  try {
    placements = (
      await runPlacements(product.url, {
        branch: "worthing",
        concurrency: 1,
        durationMs: measuredMs,
        customers: regularCustomer,
      })
    ).operations;
  } finally {
    await admin.query(`alter database "${databaseName}" reset log_min_duration_statement`);
    await product.stop();
  }
  const log = readFrom(logPath, logStart);
  const statements = new Map<string, number[]>();
  // One entry per logged duration of this database: "duration: 0.123 ms  execute p_x: select …" (or parse,
  // bind, statement), up to the next log line's timestamp.
  const entry =
    /^\S+ \S+ \S+ \[\d+\] \S+@(\S+) LOG: {2}duration: ([\d.]+) ms {2}(statement|parse|bind|execute)[^:]*: ([\s\S]*?)(?=\n\d{4}-\d\d-\d\d |$(?![\s\S]))/gm;
  for (const match of log.matchAll(entry)) {
    const [, db, ms, phase, text] = match;
    if (db !== databaseName || !text) continue;
    const key = `${phase === "statement" || phase === "execute" ? "" : `${phase?.toUpperCase()} `}${text.replace(/\s+/g, " ").trim().slice(0, 100)}`;
    const durations = statements.get(key) ?? [];
    durations.push(Number(ms));
    statements.set(key, durations);
  }
  const rows = [...statements]
    .map(([key, durations]) => ({ key, durations, total: durations.reduce((sum, ms) => sum + ms, 0) }))
    .sort((a, b) => b.total - a.total);
  const all = rows.reduce((sum, row) => sum + row.total, 0);
  console.log(
    `Measured: ${placements} placements one at a time; ${(all / placements).toFixed(3)} ms of statements each\n`,
  );
  console.log("ms/placement    runs   median  statement");
  for (const { key, durations, total } of rows.slice(0, 25)) {
    const median = percentile(
      [...durations].sort((a, b) => a - b),
      50,
    );
    console.log(
      `${(total / placements).toFixed(3).padStart(12)} ${String(durations.length).padStart(7)} ${median.toFixed(3).padStart(8)}  ${key}`,
    );
  }
} finally {
  await admin.end();
  await dispose();
}

/** The text of a file from a byte offset (the server's log grows while we read; what it holds now is enough). */
function readFrom(path: string, offset: number): string {
  const length = statSync(path).size - offset;
  const buffer = Buffer.alloc(Math.max(0, length));
  const fd = openSync(path, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}
