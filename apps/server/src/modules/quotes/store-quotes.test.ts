import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../lib/postgres.ts";
import { createTestDatabase } from "../../test/test-app.ts";
import { type QuoteToStore, storeQuote } from "./store-quotes.ts";

describe("storing quotes", () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.execute(sql`insert into currencies (code, label, rate, sell_margin, buy_margin, display_order, active, source, rates_as_of)
      values ('EUR', 'Euro', 1.152, -2.5, 2.5, 1, true, 'manual', now()),
        ('USD', 'US Dollar', 1.27, -3, 3, 2, false, 'manual', now())`);
  });
  afterAll(async () => {
    await t.close();
  });

  const quoteOf = (overrides: Partial<QuoteToStore> = {}): QuoteToStore => ({
    id: randomUUID(),
    currencyCode: "EUR",
    way: "Order",
    rate: "1.1232",
    marketRate: "1.152",
    margin: "-2.5",
    gbpMinor: 25_000,
    foreignMinor: 28_080,
    sterlingBackMinor: 0,
    createdAt: new Date("2026-11-27T10:00:00Z"),
    expiresAt: new Date("2026-11-27T10:30:00Z"),
    pricedFrom: { sellMargin: "-2.5", buyMargin: "2.5" },
    ...overrides,
  });

  /**
   * The database, counting the statements sent through it: Drizzle's `execute` (the embedded database runs
   * every statement so) and the node-postgres pool's `query` (a server runs its prepared statements so).
   */
  function counting(db: Db): { db: Db; statements: () => number } {
    let statements = 0;
    const counted = <T extends object>(target: T, method: string): T =>
      new Proxy(target, {
        get(inner, property, receiver) {
          const value = Reflect.get(inner, property, receiver);
          if (property !== method || typeof value !== "function") return value;
          return (...args: unknown[]) => {
            statements += 1;
            return value.apply(inner, args);
          };
        },
      });
    const client = (db as unknown as { $client: object }).$client;
    const wrapped = new Proxy(counted(db, "execute"), {
      get(inner, property, receiver) {
        return property === "$client" ? counted(client, "query") : Reflect.get(inner, property, receiver);
      },
    });
    return { db: wrapped, statements: () => statements };
  }

  it("stores each quote asked for at once with its own figures, in fewer statements than quotes", async () => {
    const { db, statements } = counting(t.db);
    const asked = Array.from({ length: 30 }, (_, i) =>
      quoteOf({ gbpMinor: 10_000 + i, foreignMinor: 11_232 + i, way: i % 2 ? "Sell" : "Order" }),
    );
    const answers = await Promise.all(asked.map((quote) => storeQuote(db, quote)));
    expect(answers).toEqual(asked.map(() => true));
    expect(statements()).toBeGreaterThan(0);
    expect(statements()).toBeLessThan(asked.length);
    const rows = await queryRows<{
      id: string;
      way: string;
      gbp_minor: string | number;
      foreign_minor: string | number;
      rate: string;
      margin: string;
      expires_at: Date | string;
    }>(
      t.db,
      sql`select id, way, gbp_minor, foreign_minor, rate::text, margin::text, expires_at from quotes
          where id = any(${`{${asked.map((q) => q.id).join(",")}}`}::uuid[])`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const quote of asked) {
      const row = byId.get(quote.id);
      expect(row).toBeDefined();
      expect(row?.way).toBe(quote.way);
      expect(Number(row?.gbp_minor)).toBe(quote.gbpMinor);
      expect(Number(row?.foreign_minor)).toBe(quote.foreignMinor);
      expect(row?.rate).toBe("1.1232");
      expect(row?.margin).toBe("-2.50");
      expect(new Date(row?.expires_at ?? 0).toISOString()).toBe(quote.expiresAt.toISOString());
    }
  });

  it("stores a quote priced from cached rates only while the currency is active with those rates, each quote decided alone", async () => {
    const current = quoteOf();
    const movedRate = quoteOf({ marketRate: "1.153" });
    const movedMargin = quoteOf({ pricedFrom: { sellMargin: "-2.4", buyMargin: "2.5" } });
    const inactive = quoteOf({
      currencyCode: "USD",
      marketRate: "1.27",
      pricedFrom: { sellMargin: "-3", buyMargin: "3" },
    });
    // Priced from the database just now: stored whatever the cached copy says, for a currency that exists.
    const fresh = quoteOf({ marketRate: "1.1", pricedFrom: null });
    const unknown = quoteOf({ currencyCode: "XXX", pricedFrom: null });
    const answers = await Promise.all(
      [current, movedRate, movedMargin, inactive, fresh, unknown].map((quote) => storeQuote(t.db, quote)),
    );
    expect(answers).toEqual([true, false, false, false, true, false]);
    const stored = await queryRows<{ id: string }>(
      t.db,
      sql`select id from quotes where id in (${current.id}, ${movedRate.id}, ${movedMargin.id}, ${inactive.id},
          ${fresh.id}, ${unknown.id})`,
    );
    expect(stored.map((row) => row.id).sort()).toEqual([current.id, fresh.id].sort());
  });

  it("fails every quote of a statement that fails, stores none of them, and sends the next statement all the same", async () => {
    const lead = quoteOf();
    const leadAnswer = storeQuote(t.db, lead);
    // Asked for while the lead's statement is on its way, so they go together in the next one; a margin
    // PostgreSQL cannot read fails that statement, as a lost connection would.
    const failing = [quoteOf({ margin: "not a number" }), quoteOf()];
    const failingAnswers = failing.map((quote) => storeQuote(t.db, quote));
    // Asked for when the failure is told, before the failed statement is done with: it goes in a third.
    const later = quoteOf();
    const laterAnswer = failingAnswers[1]!.catch(() => storeQuote(t.db, later));
    expect(await leadAnswer).toBe(true);
    for (const answer of failingAnswers) await expect(answer).rejects.toThrow();
    expect(await laterAnswer).toBe(true);
    const stored = await queryRows<{ id: string }>(
      t.db,
      sql`select id from quotes where id in (${lead.id}, ${failing[0]!.id}, ${failing[1]!.id}, ${later.id})`,
    );
    expect(stored.map((row) => row.id).sort()).toEqual([lead.id, later.id].sort());
  });
});
