import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { isUnstorableTextError, queryRows, queryRowsPrepared, violatedUniqueConstraint } from "./postgres.ts";

/** The error a statement fails with, as Drizzle hands it over. */
async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("the statement was expected to fail");
}

describe("the PostgreSQL helpers", () => {
  let t: Database;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads the rows of a raw statement", async () => {
    const rows = await queryRows<{ n: number; word: string }>(
      t.db,
      sql`select n, 'w' || n as word from generate_series(1, 3) as n order by n`,
    );
    expect(rows).toEqual([
      { n: 1, word: "w1" },
      { n: 2, word: "w2" },
      { n: 3, word: "w3" },
    ]);
  });

  it("runs a statement as a prepared one: the same rows as unprepared, again and again, whatever its shape", async () => {
    // Two shapes of one statement are two statements on the server, each named after its text (one
    // name for both would be refused by the driver, or answer with the other shape's columns).
    const numbers = (upTo: number, extra: boolean) =>
      sql`select n, 'w' || n as word${extra ? sql`, n * 2 as twice` : sql``}
        from generate_series(1, ${upTo}::int) as n order by n`;
    for (const upTo of [1, 3, 2, 3, 1, 3, 2]) {
      for (const extra of [false, true]) {
        expect(await queryRowsPrepared(t.db, numbers(upTo, extra))).toEqual(
          await queryRows(t.db, numbers(upTo, extra)),
        );
      }
    }
  });

  it("a prepared statement's failure carries the same constraint and codes", async () => {
    await t.db.execute(sql`create table prepared_probe (k text constraint prepared_probe_k unique)`);
    const insert = (k: string) => queryRowsPrepared(t.db, sql`insert into prepared_probe values (${k}) returning k`);
    expect(await insert("a")).toEqual([{ k: "a" }]);
    expect(violatedUniqueConstraint(await failureOf(() => insert("a")))).toBe("prepared_probe_k");
    expect(isUnstorableTextError(await failureOf(() => insert("a\u0000b")))).toBe(true);
    // The statement stays usable after failing.
    expect(await insert("b")).toEqual([{ k: "b" }]);
  });

  it("names the unique constraint a statement violated, through Drizzle's wrapping", async () => {
    await t.db.execute(sql`create table unique_probe (k text constraint unique_probe_k unique)`);
    await t.db.execute(sql`insert into unique_probe values ('a')`);
    const error = await failureOf(() => t.db.execute(sql`insert into unique_probe values ('a')`));
    expect(violatedUniqueConstraint(error)).toBe("unique_probe_k");
    expect(isUnstorableTextError(error)).toBe(false);
  });

  it("recognises text PostgreSQL cannot store", async () => {
    const error = await failureOf(() => t.db.execute(sql`select ${"a\u0000b"}::text`));
    expect(isUnstorableTextError(error)).toBe(true);
    expect(violatedUniqueConstraint(error)).toBeNull();
  });

  it("finds nothing in errors that did not come from the database", () => {
    expect(violatedUniqueConstraint(new Error("plain"))).toBeNull();
    expect(isUnstorableTextError(Object.assign(new Error("fastify"), { code: "FST_ERR_CTP_INVALID_JSON_BODY" }))).toBe(
      false,
    );
  });
});
