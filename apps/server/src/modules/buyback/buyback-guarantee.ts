import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { buybackGuaranteeText, buybackLeftMinor, type GuaranteedCurrency } from "@bureau/domain/buyback-guarantee";
import type { PlacementRefusal } from "@bureau/domain/placement/refusals";
import type { Db, Tx } from "../../db/client.ts";
import { buybackRemainders, orders } from "../../db/schema.ts";
import { findPostgresError } from "../../lib/postgres.ts";

/** A guaranteed Click & Collect order as the guarantee's rules need it (docs/features/buyback-guarantee.md). */
export type StoredGuarantee = {
  orderId: string;
  orderNumber: string;
  /** The days from collection, as sold. */
  days: number;
  feeGbpMinor: number;
  /** Per currency from the collection on (empty before it). */
  currencies: GuaranteedCurrency[];
};

/** The guarantee bought with an order; null when the order has none (or there is no such order). */
export async function loadGuarantee(db: Db, orderId: string): Promise<StoredGuarantee | null> {
  const [order] = await db
    .select({ orderNumber: orders.orderNumber, days: orders.buybackDays, fee: orders.buybackFeeMinor })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.days === null) return null;
  const rows = await db
    .select({
      currency: buybackRemainders.currencyCode,
      rate: buybackRemainders.rate,
      boughtMinor: buybackRemainders.boughtMinor,
      usedMinor: buybackRemainders.usedMinor,
      until: buybackRemainders.until,
    })
    .from(buybackRemainders)
    .where(eq(buybackRemainders.orderId, orderId))
    .orderBy(asc(buybackRemainders.currencyCode));
  return { orderId, orderNumber: order.orderNumber, days: order.days, feeGbpMinor: order.fee, currencies: rows };
}

/** The order with this number that carries a buy-back guarantee (a walk-in sale under it); null: none. */
export async function guaranteedOrderIdOf(db: Db, orderNumber: string): Promise<string | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), isNotNull(orders.buybackDays)));
  return order?.id ?? null;
}

/** What the order page shows of an order's guarantee; null when it has none. */
export type GuaranteeView = { text: string; feeGbpMinor: number; sellBack: string[] };

/** The order page's and My orders' view of an order's guarantee; null when it has none. */
export async function guaranteeView(
  db: Db,
  orderId: string,
  now: Date,
  timeZone: string,
): Promise<GuaranteeView | null> {
  const guarantee = await loadGuarantee(db, orderId);
  if (!guarantee) return null;
  return {
    text: buybackGuaranteeText(guarantee.currencies, guarantee.days, now, timeZone),
    feeGbpMinor: guarantee.feeGbpMinor,
    sellBack: guarantee.currencies
      .filter((c) => now.getTime() < c.until.getTime() && buybackLeftMinor(c) > 0)
      .map((c) => c.currency),
  };
}

/** The lines of several orders at once (My orders), by order id; orders without a guarantee are absent. */
export async function guaranteeLines(
  db: Db,
  orderIds: readonly string[],
  now: Date,
  timeZone: string,
): Promise<Map<string, string>> {
  const lines = new Map<string, string>();
  if (orderIds.length === 0) return lines;
  const guaranteed = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), isNotNull(orders.buybackDays)));
  // Few orders carry a guarantee: each is read on its own.
  for (const { id } of guaranteed) {
    const view = await guaranteeView(db, id, now, timeZone);
    if (view) lines.set(id, view.text);
  }
  return lines;
}

/** Whether a placement's write failed because another sale used the guarantee's remainder first. */
export function isBuybackRemainderTaken(error: unknown): boolean {
  const found = findPostgresError(error, ["23514"]);
  if (!found) return false;
  return `${String(found.constraint ?? "")} ${String(found.message ?? "")}`.includes("buyback_remainders_within");
}

export function buybackRemainderTaken(): PlacementRefusal {
  return {
    code: "quote_invalid",
    message:
      "What was left of your buy-back guarantee has just been used by another order. Please add the currency again.",
    fields: { lines: "Buy-back guarantee used meanwhile" },
  };
}

/**
 * What a reversal (docs/features/reversals.md) does to the guarantee, in the reversal's transaction: a
 * guaranteed order reversed (its notes came back) guarantees nothing more from now; a guaranteed sale
 * reversed (its notes went back to the customer) gives back the remainder it used, as a cancelled one does.
 */
export async function endGuaranteeOfReversed(tx: Tx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(buybackRemainders)
    .set({ until: sql`least(${buybackRemainders.until}, ${now.toISOString()}::timestamptz)` })
    .where(eq(buybackRemainders.orderId, orderId));
  await tx.execute(sql`update buyback_remainders r set used_minor = r.used_minor - u.foreign_minor
    from buyback_uses u
    where u.sell_order_id = ${orderId} and r.order_id = u.guaranteed_order_id and r.currency_code = u.currency_code`);
}
