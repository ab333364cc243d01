import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "../../db/client.ts";
import type { Statement } from "./placement-statements.ts";

/** Runs one of the placement's constant statements with its parameters, answering its rows. */
export type Run = <Row>(statement: Statement, values: readonly unknown[]) => Promise<Row[]>;

/**
 * Where a placement runs: on the pool, or in a transaction of its own connection (a serialised retry)
 * whose write goes through a savepoint, so that a refused write leaves the transaction usable.
 */
export type Placing = { run: Run; write: Run };

/** The driver Drizzle wraps, through its documented handle (`db.$client`): a node-postgres Pool or PGlite. */
function clientOf(db: Db): pg.Pool | PGlite {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool || client instanceof PGlite) return client;
  throw new Error("placement: the database is neither a node-postgres pool nor PGlite");
}

/**
 * Statements on the pool as named prepared statements: each pooled connection parses and analyses a
 * statement once (node-postgres remembers the names it prepared on each connection), and PostgreSQL may
 * keep its generic plan. The embedded database has one connection and no pool: its statements are sent
 * with their parameters as they are.
 */
export function onPool(db: Db): Placing {
  const client = clientOf(db);
  const run: Run =
    client instanceof pg.Pool
      ? async <Row>(statement: Statement, values: readonly unknown[]) =>
          (await client.query({ name: statement.name, text: statement.text, values: [...values] })).rows as Row[]
      : async <Row>(statement: Statement, values: readonly unknown[]) =>
          (await client.query<Row>(statement.text, [...values])).rows;
  return { run, write: run };
}

type Session = { query: (text: string) => Promise<unknown>; run: Run };

/**
 * `work` in one transaction on a connection of its own (the embedded database's transaction holds its
 * one connection). Nothing in `work` may use the pool's Drizzle handle on the embedded database: it would
 * wait for the transaction's end.
 */
export async function inTransaction<T>(db: Db, work: (placing: Placing) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (client instanceof PGlite) {
    return client.transaction((tx) =>
      work(
        withSavepoint({
          query: (text) => tx.exec(text),
          run: async <Row>(statement: Statement, values: readonly unknown[]) =>
            (await tx.query<Row>(statement.text, [...values])).rows,
        }),
      ),
    );
  }
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    await connection.query("begin");
    try {
      const result = await work(
        withSavepoint({
          query: (text) => connection.query(text),
          run: async <Row>(statement: Statement, values: readonly unknown[]) =>
            (await connection.query({ name: statement.name, text: statement.text, values: [...values] })).rows as Row[],
        }),
      );
      await connection.query("commit");
      return result;
    } catch (error) {
      await connection.query("rollback").catch((rollbackFailed: Error) => {
        broken = rollbackFailed;
      });
      throw error;
    }
  } finally {
    // A connection that could not even roll back is not given back to the pool.
    connection.release(broken);
  }
}

function withSavepoint(session: Session): Placing {
  return {
    run: session.run,
    write: async <Row>(statement: Statement, values: readonly unknown[]) => {
      await session.query("savepoint placement_write");
      try {
        const rows = await session.run<Row>(statement, values);
        await session.query("release savepoint placement_write");
        return rows;
      } catch (error) {
        await session.query("rollback to savepoint placement_write");
        throw error;
      }
    },
  };
}
