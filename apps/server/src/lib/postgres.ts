import { createHash } from "node:crypto";
import { Name, SQL, StringChunk } from "drizzle-orm";
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
 * A statement's text and parameters, as Drizzle's PostgreSQL dialect gives them (`sqlToQuery`), for the
 * statements of raw SQL the hot paths build: text, nested statements, identifiers and plain values (each a
 * parameter). Anything else (a table, a column, a typed parameter, a statement with inlined parameters)
 * goes to Drizzle as a whole. Drizzle asks every piece of a statement in turn whether it is each of a dozen
 * kinds and merges an object per piece: a placement's read and write are hundreds of pieces, and building
 * their text so was a tenth of the product's work in a placement (bench/report.md). Held to Drizzle's text
 * and parameters by a test over every shape the placement builds.
 */
export function compileStatement(query: SQL): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const text = appendChunks(query, params, "");
  if (text !== null) return { sql: text, params };
  const built = dialect.sqlToQuery(query);
  return { sql: built.sql, params: built.params };
}

/** `text` with `query`'s pieces appended (their values added to `params`), or null for a piece left to Drizzle. */
function appendChunks(query: SQL, params: unknown[], text: string): string | null {
  // Set by `.inlineParams()`, which Drizzle's types keep private: its values are written into the text.
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return null;
  let out = text;
  for (const chunk of query.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      out += chunk.value.length === 1 ? chunk.value[0] : chunk.value.join("");
    } else if (chunk instanceof SQL) {
      const nested = appendChunks(chunk, params, out);
      if (nested === null) return null;
      out = nested;
    } else if (chunk === undefined) {
      // Drizzle writes nothing for an absent piece.
    } else if (chunk instanceof Name) {
      out += dialect.escapeName(chunk.value);
    } else if (isPlainValue(chunk)) {
      params.push(chunk);
      out += `$${params.length}`;
    } else {
      return null;
    }
  }
  return out;
}

/** A value Drizzle passes to the driver as it is: not one of its own objects, nor anything giving SQL. */
function isPlainValue(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
    case "bigint":
      return true;
    case "object":
      return value instanceof Date;
    default:
      return false;
  }
}
/** Statement text → its name; the texts are built by code, not from values, so they are few. */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 1_000;

/**
 * `queryRows` as a named prepared statement on a PostgreSQL server: each pooled connection parses and
 * analyses the statement once and reuses it (and, after a few executions, its plan when PostgreSQL finds
 * the generic one no worse), where an unnamed statement is parsed and planned on every call. For the
 * statements of the hot paths (a placement's), whose planning cost about as much database CPU as their
 * execution (bench/report.md). The name follows from the text, so a statement whose shape varies (one
 * line or three) is a statement per shape. The embedded database (PGlite), and a transaction (its own
 * connection, not the pool), run it as `queryRows` does.
 */
export async function queryRowsPrepared<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  // Drizzle's documented handle on the driver it wraps: a node-postgres Pool, or the PGlite instance.
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<Row>(db, query);
  const { sql: text, params } = compileStatement(query);
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `p_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    // A bound on the cache of names only (a name is the same whatever the cache holds).
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
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
