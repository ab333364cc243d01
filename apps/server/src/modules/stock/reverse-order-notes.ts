import { and, eq, inArray, sql } from "drizzle-orm";
import { noteDenominations } from "@bureau/domain/denominations";
import { formatMinor } from "@bureau/domain/money";
import { compensatingStockChanges, type StockChange, stockShortfalls } from "@bureau/domain/reversal";
import type { Tx } from "../../db/client.ts";
import { orderNotes, stockCurrencies, stockNotes } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { STOCK_AUDIT, stockEntityId } from "./stock-audit.ts";

/** How a reversal's change of a branch's stock is named in the audit log (beside staff counts' "stock.update"). */
export const STOCK_REVERSAL_ACTION = "stock.reversal";

/**
 * Undoes what an order's completion did to its branch's stock, inside the reversal's transaction
 * (docs/features/reversals.md): the notes a Click & Collect order (or a walk-in sale) handed over come
 * back into stock, the notes a Click & Sell order (or a walk-in purchase) received go out again. The
 * order's own notes (order_notes) stay as the record of what its completion moved.
 *
 * Each currency changed gets a stock audit entry with the counts before and after, like a staff count:
 * the Stock page's history shows it, and the day's report takes it back for the days before it. Refused
 * (409, nothing changed) when the stock no longer holds free notes the reversal must take out.
 */
export async function reverseOrderNotes(
  tx: Tx,
  options: {
    orderId: string;
    orderNumber: string;
    way: "Order" | "Sell";
    branchKey: string;
    branchName: string;
    reason: string;
    actor: AuditActor;
    requestId?: string | undefined;
  },
): Promise<StockChange[]> {
  const { orderId, branchKey } = options;
  const moved = await tx
    .select({ currency: orderNotes.currencyCode, valueMinor: orderNotes.denominationMinor, count: orderNotes.count })
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId));
  const currencies = [...new Set(moved.map((row) => row.currency))];
  const changes = compensatingStockChanges(
    options.way,
    currencies.map((currency) => ({ currency, notes: moved.filter((row) => row.currency === currency) })),
  );
  if (changes.length === 0) return [];
  const stock = await tx
    .select({
      currency: stockNotes.currencyCode,
      valueMinor: stockNotes.denominationMinor,
      count: stockNotes.count,
      reserved: stockNotes.reserved,
    })
    .from(stockNotes)
    .where(and(eq(stockNotes.branchKey, branchKey), inArray(stockNotes.currencyCode, currencies)))
    .for("update");
  const short = stockShortfalls(changes, stock);
  if (short.length > 0) {
    const lacking = short.map((s) => `${-s.change} × ${formatMinor(s.valueMinor, s.currency)}`).join(", ");
    throw new AppError(
      "conflict",
      `The stock at ${options.branchName} no longer holds the notes this order received (${lacking} are not free), so it cannot be reversed: correct the count on the Stock page first, or refuse the reversal.`,
    );
  }
  const tracked = await tx
    .select({ currency: stockCurrencies.currencyCode, tracked: stockCurrencies.tracked })
    .from(stockCurrencies)
    .where(and(eq(stockCurrencies.branchKey, branchKey), inArray(stockCurrencies.currencyCode, currencies)));
  for (const currency of currencies) {
    const ofCurrency = changes.filter((c) => c.currency === currency);
    await applyChanges(tx, branchKey, ofCurrency);
    const isTracked = tracked.find((t) => t.currency === currency)?.tracked ?? false;
    const before = countsOf(currency, stock);
    const after = before.map((note) => ({
      valueMinor: note.valueMinor,
      count: note.count + ofCurrency.filter((c) => c.valueMinor === note.valueMinor).reduce((s, c) => s + c.change, 0),
    }));
    await writeAudit(tx, {
      ...auditedBy(options.actor, options.requestId),
      action: STOCK_REVERSAL_ACTION,
      entityType: STOCK_AUDIT.entityType,
      entityId: stockEntityId(branchKey, currency),
      before: { tracked: isTracked, counts: before },
      after: {
        tracked: isTracked,
        counts: after,
        reason: `Reversal of order ${options.orderNumber}: ${options.reason}`,
        orderId,
      },
    });
  }
  return changes;
}

/**
 * Adds each change to the branch's count of that note: a note going out has its row (the shortfall
 * check saw it); a note coming back may have none yet.
 */
async function applyChanges(tx: Tx, branchKey: string, changes: readonly StockChange[]) {
  for (const change of changes) {
    if (change.change < 0) {
      await tx
        .update(stockNotes)
        .set({ count: sql`${stockNotes.count} + ${change.change}` })
        .where(
          and(
            eq(stockNotes.branchKey, branchKey),
            eq(stockNotes.currencyCode, change.currency),
            eq(stockNotes.denominationMinor, change.valueMinor),
          ),
        );
      continue;
    }
    await tx
      .insert(stockNotes)
      .values({
        branchKey,
        currencyCode: change.currency,
        denominationMinor: change.valueMinor,
        count: change.change,
      })
      .onConflictDoUpdate({
        target: [stockNotes.branchKey, stockNotes.currencyCode, stockNotes.denominationMinor],
        set: { count: sql`${stockNotes.count} + ${change.change}` },
      });
  }
}

/** Every note of the currency with its count now (0 where none is stored), largest first. */
function countsOf(currency: string, stock: readonly { currency: string; valueMinor: number; count: number }[]) {
  const held = stock.filter((s) => s.currency === currency);
  const values = noteDenominations(currency) ?? held.map((s) => s.valueMinor).sort((a, b) => b - a);
  return values.map((valueMinor) => ({ valueMinor, count: held.find((s) => s.valueMinor === valueMinor)?.count ?? 0 }));
}
