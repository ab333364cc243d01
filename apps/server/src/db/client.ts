import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as authSchema from "./auth-schema.ts";
import * as appSchema from "./schema.ts";
import type { Channel } from "./notify.ts";
import * as statsSchema from "./stats-schema.ts";
import { queryRows } from "../lib/postgres.ts";

/** Every table Drizzle knows about: the product's own and the accounts/sessions ones. */
const schema = { ...appSchema, ...authSchema, ...statsSchema };

/** The one database type the rest of the server sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** Whether every migration of this build has been applied to the database (false while they run). */
  migrated(): Promise<boolean>;
  /**
   * Calls `handler` on every notification of `channel` (PostgreSQL LISTEN/NOTIFY), from this process
   * or any other on the same database. After a lost connection is re-established the handler is also
   * called once, as notifications sent meanwhile are lost. Resolves to the function that stops it.
   */
  listen(channel: Channel, handler: () => void): Promise<() => Promise<void>>;
  /** How the pool is used now (for metrics); the embedded database has one connection. */
  poolUse(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string | "memory" };

export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 20,
      // Only named prepared statements keep plans, and only the hot paths name theirs (the placement's read,
      // write and lock, stored quotes; decision 033). Their text is constant with JSON parameters, so
      // PostgreSQL's custom-or-generic choice kept planning them afresh at every execution (about 1 ms of
      // database CPU per placement in `BENCH_ONLY=orders npm run bench`); their generic plans use the same
      // key indexes. Unnamed statements (everything else) are planned with their values, as before.
      options: "-c plan_cache_mode=force_generic_plan",
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const listener = createPgListener(target.url);
    return {
      db,
      kind: "postgres",
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      ping: () => pingDb(db),
      migrated: () => isMigrated(db),
      listen: listener.listen,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (target.dataDir === "memory") {
    client = new PGlite();
  } else {
    // PGlite does not create parent directories itself.
    mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(target.dataDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: () => pingDb(db),
    migrated: () => isMigrated(db),
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, () => handler());
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    poolUse: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => client.close(),
  };
}

/**
 * One dedicated connection holding every LISTEN of the process (a pooled connection cannot: it goes
 * back to the pool). A lost connection is re-opened after a second, its channels listened to again, and
 * their handlers called once for what may have been missed.
 */
function createPgListener(url: string) {
  const handlers = new Map<Channel, Set<() => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: url });
      fresh.on("notification", (message) => {
        for (const handler of handlers.get(message.channel as Channel) ?? []) handler();
      });
      const lost = () => {
        if (client !== fresh) return;
        client = undefined;
        connecting = undefined;
        if (!closed) retry = setTimeout(reconnect, 1_000).unref();
      };
      fresh.on("error", lost);
      fresh.on("end", lost);
      await fresh.connect();
      for (const channel of handlers.keys()) await fresh.query(`listen ${channel}`);
      client = fresh;
      return fresh;
    })().catch((error) => {
      connecting = undefined;
      throw error;
    });
    return connecting;
  }

  function reconnect() {
    connect().then(
      () => {
        for (const set of handlers.values()) for (const handler of set) handler();
      },
      () => {
        if (!closed) retry = setTimeout(reconnect, 1_000).unref();
      },
    );
  }

  return {
    async listen(channel: Channel, handler: () => void) {
      const existing = handlers.get(channel);
      if (existing) existing.add(handler);
      else {
        handlers.set(channel, new Set([handler]));
        const connected = client ?? (await connect());
        // connect() listens to every channel known when it ran; a channel added since needs its own.
        await connected.query(`listen ${channel}`);
      }
      return async () => {
        handlers.get(channel)?.delete(handler);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}

const migrationsInThisBuild = (
  JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

/** Drizzle records each applied migration in drizzle.__drizzle_migrations, all of a run in one transaction. */
async function isMigrated(db: Db): Promise<boolean> {
  try {
    const [row] = await queryRows<{ applied: number }>(
      db,
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    return (row?.applied ?? 0) >= migrationsInThisBuild;
  } catch {
    return false; // not created yet: the first migration has not finished
  }
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
