import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { isUnstorableTextError, queryRows, violatedUniqueConstraint } from "./postgres.ts";

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
