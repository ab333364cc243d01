import { and, asc, eq, sql } from "drizzle-orm";
import type { DayReport } from "@bureau/domain/contracts/reports";
import type { Db } from "../../db/client.ts";
import { buybackUses, orders } from "../../db/schema.ts";
import { onDisplayDays } from "../../lib/display-day-range.ts";

type GuaranteeColumns = { buybackDays: number | null; buybackFeeMinor: number; buybackOfOrderId: string | null };

// The buy-back guarantee in a day's report (docs/features/buyback-guarantee.md), over the orders the branch
// completed that day: the guarantees sold (collected with their fee), their fees, and the guaranteed sales
// (buy-backs) with what each currency was bought back for at the guaranteed rates.

/** The guarantees sold, their fees and the guaranteed sales, counted from the day's orders as the report read them. */
export function guaranteesSoldAndUsed(completed: readonly GuaranteeColumns[]) {
  let sold = 0;
  let feesMinor = 0;
  let buybacks = 0;
  for (const order of completed) {
    if (order.buybackDays !== null) sold++;
    feesMinor += order.buybackFeeMinor;
    if (order.buybackOfOrderId !== null) buybacks++;
  }
  return { sold, feesMinor, buybacks };
}

/**
 * What the guaranteed sales completed at the branch on the day bought back, per currency: read by the same
 * conditions as the day's orders rather than by a list of thousands of ids, so it runs beside the report's
 * other statements instead of after them.
 */
export async function boughtBackOnDay(
  db: Db,
  { branchKey, day, timeZone }: { branchKey: string; day: string; timeZone: string },
): Promise<DayReport["guarantees"]["boughtBack"]> {
  const rows = await db
    .select({
      currency: buybackUses.currencyCode,
      foreignMinor: sql<string>`sum(${buybackUses.foreignMinor})::text`,
      gbpMinor: sql<string>`sum(${buybackUses.gbpMinor})::text`,
    })
    .from(buybackUses)
    .innerJoin(orders, eq(orders.id, buybackUses.sellOrderId))
    .where(
      and(
        eq(orders.branchKey, branchKey),
        eq(orders.status, "completed"),
        ...onDisplayDays(orders.completedAt, { from: day, to: day }, timeZone),
      ),
    )
    .groupBy(buybackUses.currencyCode)
    .orderBy(asc(buybackUses.currencyCode));
  return rows.map((row) => ({
    currency: row.currency,
    foreignMinor: Number(row.foreignMinor),
    gbpMinor: Number(row.gbpMinor),
  }));
}
