import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { applyDisplayTimeZone } from "../db/display-time-zone.ts";
import { seedDatabase } from "../db/seed.ts";
import { routeRecorder } from "./route-table.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const webBuildDir = path.resolve(here, "../../../web", process.env.WEB_BUILD_DIR ?? "build");

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (created here, dropped by close()).
 */
export async function createTestDatabase(): Promise<Database & { label: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = openDatabase({ kind: "pglite", dataDir: "memory" });
    await database.migrate();
    return Object.assign(database, { label: "pglite" });
  }
  const name = `bureau_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openDatabase({ kind: "postgres", url: target.toString(), poolSize: 30 });
  await database.migrate();
  const close = database.close;
  return Object.assign(database, {
    label: "postgres",
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: path.join(here, "../../../../data/test-unused"),
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    SECURE_BOX_USERNAME: "boxuser",
    SECURE_BOX_PASSWORD: "box-password-123",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    ...overrides,
  });
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    web?: boolean;
    seed?: boolean;
    extend?: (app: FastifyInstance) => void;
    logStream?: { write(line: string): void };
  } = {},
) {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDatabase(database.db);
  const config = testConfig(options.env);
  await applyDisplayTimeZone(database.db, config.displayTimeZone);
  const recorder = routeRecorder();
  const app = await buildApp({
    onRoute: recorder.onRoute,
    config,
    database,
    webBuildDir: options.web ? webBuildDir : undefined,
    logger: true,
    logStream: options.logStream,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    /** Every route of the app, as Fastify added them (test/route-table.ts). */
    routes: recorder.routes,
    database,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
