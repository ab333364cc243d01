import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type Config, loadConfig } from "../apps/server/src/config.ts";
import { type Database, openDatabase } from "../apps/server/src/db/client.ts";
import { seedDatabase } from "../apps/server/src/db/seed.ts";
import { percentile } from "./statistics.ts";

export const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

/** A fresh database on the PostgreSQL server, dropped by the returned function. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bureau_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type LoadResult = {
  operations: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
};

/** Runs `operation` from `concurrency` workers for `durationMs`, timing each call. */
export async function runLoad(
  operation: (worker: number, i: number) => Promise<void>,
  { concurrency, durationMs }: { concurrency: number; durationMs: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  let counter = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await operation(worker, counter++);
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    operations: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

export const round = (n: number, digits = 1) => Number(n.toFixed(digits));

/** A scratch database with the product's schema and seed, and the function that drops it. */
export async function openSeededScratchDatabase(
  serverUrl: string,
  poolSize: number,
): Promise<{ url: string; database: Database; dispose: () => Promise<void> }> {
  const scratch = await createScratchDatabase(serverUrl);
  const database = openDatabase({ kind: "postgres", url: scratch.url, poolSize });
  await database.migrate();
  await seedDatabase(database.db);
  return {
    url: scratch.url,
    database,
    dispose: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The product's configuration for an in-process benchmark (fixed secrets, no logs). */
export function benchConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "production",
    DATA_DIR: path.join(path.dirname(fileURLToPath(import.meta.url)), "results/data"),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
    SECURE_BOX_USERNAME: "bench",
    SECURE_BOX_PASSWORD: "bench-password-123",
    LOG_LEVEL: "silent",
    ...overrides,
  });
}
