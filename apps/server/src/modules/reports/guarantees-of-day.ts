import { asc, eq, sql } from "drizzle-orm";
import type { DayReport } from "@bureau/domain/contracts/reports";
import type { Db } from "../../db/client.ts";
import { buybackUses, orders } from "../../db/schema.ts";
import { completedOnDay, type DayOfBranch } from "./day-of-branch.ts";

/**
 * The buy-back guarantee in a day's report (docs/features/buyback-guarantee.md), over the orders the
 * branch completed that day: the guarantees sold (collected with their fee) and their fees, and the
 * guaranteed sales (buy-backs) with what each currency was bought back for at the guaranteed rates.
 * Read by the day's conditions (not by a list of the day's thousands of order ids), so that it runs beside
 * the report's other statements rather than after them.
 */
export async function guaranteesOfDay(db: Db, ofDay: DayOfBranch): Promise<DayReport["guarantees"]> {
  const [[totals], boughtBack] = await Promise.all([
    db
      .select({
        sold: sql<number>`(count(*) filter (where ${orders.buybackDays} is not null))::int`,
        feesMinor: sql<string>`coalesce(sum(${orders.buybackFeeMinor}), 0)::text`,
        buybacks: sql<number>`(count(*) filter (where ${orders.buybackOfOrderId} is not null))::int`,
      })
      .from(orders)
      .where(completedOnDay(ofDay)),
    db
      .select({
        currency: buybackUses.currencyCode,
        foreignMinor: sql<string>`sum(${buybackUses.foreignMinor})::text`,
        gbpMinor: sql<string>`sum(${buybackUses.gbpMinor})::text`,
      })
      .from(buybackUses)
      .innerJoin(orders, eq(orders.id, buybackUses.sellOrderId))
      .where(completedOnDay(ofDay))
      .groupBy(buybackUses.currencyCode)
      .orderBy(asc(buybackUses.currencyCode)),
  ]);
  return {
    sold: Number(totals?.sold ?? 0),
    feesMinor: Number(totals?.feesMinor ?? 0),
    buybacks: Number(totals?.buybacks ?? 0),
    boughtBack: boughtBack.map((row) => ({
      currency: row.currency,
      foreignMinor: Number(row.foreignMinor),
      gbpMinor: Number(row.gbpMinor),
    })),
  };
}
