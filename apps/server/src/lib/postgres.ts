import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db, Tx } from "../db/client.ts";

/**
 * The rows of a raw SQL statement. node-postgres and PGlite both answer `{ rows }`, which Drizzle's
 * driver-neutral Db type does not promise, so the one cast lives here. `Row` is what the statement's
 * select list or returning clause makes it; nothing checks it at run time.
 */
export async function queryRows<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` as a named prepared statement on a PostgreSQL server: each pooled connection parses and
 * analyses the statement once and reuses it (and, after a few executions, its plan when PostgreSQL finds
 * the generic one no worse), where an unnamed statement is parsed and planned on every call. For hot
 * statements whose text is the same at every call (storing quotes, waking the mailer, counting a
 * rate-limited request): the name follows from the text, which Drizzle's dialect builds (its public
 * `sqlToQuery`). The embedded database (PGlite), and a transaction (its own connection, not the pool),
 * run it as `queryRows` does. (A placement's statements are constant text of their own: modules/placement.)
 */
export async function queryRowsPrepared<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  // Drizzle's documented handle on the driver it wraps: a node-postgres Pool, or the PGlite instance.
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<Row>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  // The name follows from the text alone (a hash of a few hundred bytes: microseconds).
  const name = `p_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as Row[];
}

/** The fields a PostgreSQL error carries on both drivers (SQLSTATE `code`, and the constraint when one was hit). */
export type PostgresErrorFields = { code: string; constraint?: unknown; detail?: unknown; message?: unknown };

/**
 * The first error in the cause chain with one of these SQLSTATE codes, or null. The drivers and
 * Drizzle wrap database errors differently (Drizzle puts the driver's error in `cause`).
 */
export function findPostgresError(error: unknown, codes: readonly string[]): PostgresErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && codes.includes(candidate.code)) return candidate as PostgresErrorFields;
    current = candidate.cause;
  }
  return null;
}

/** The name of the unique constraint a database error violated, or null. */
export function violatedUniqueConstraint(error: unknown): string | null {
  const found = findPostgresError(error, ["23505"]);
  if (!found) return null;
  if (typeof found.constraint === "string") return found.constraint;
  const text = `${String(found.message ?? "")} ${String(found.detail ?? "")}`;
  return /constraint "([^"]+)"/.exec(text)?.[1] ?? "unknown";
}

/** PostgreSQL refusing text it cannot store (a NUL byte, invalid encoding or text form): the client's fault. */
export function isUnstorableTextError(error: unknown): boolean {
  return findPostgresError(error, ["22021", "22P05", "22P02"]) !== null;
}
