import { and, asc, eq } from "drizzle-orm";
import type { CounterView } from "@bureau/domain/contracts/counter";
import { counterRatesOf } from "@bureau/domain/counter-trade";
import { checkMargins, currencyPrices } from "@bureau/domain/pricing";
import { defaultSmallestNoteMinor } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { currencies, tills } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { branchNameOf } from "../till/index.ts";

type CurrencyRow = Pick<
  typeof currencies.$inferSelect,
  | "code"
  | "label"
  | "rate"
  | "sellMargin"
  | "buyMargin"
  | "counterSellMargin"
  | "counterBuyMargin"
  | "smallestNoteMinor"
>;

const currencyColumns = {
  code: currencies.code,
  label: currencies.label,
  rate: currencies.rate,
  sellMargin: currencies.sellMargin,
  buyMargin: currencies.buyMargin,
  counterSellMargin: currencies.counterSellMargin,
  counterBuyMargin: currencies.counterBuyMargin,
  smallestNoteMinor: currencies.smallestNoteMinor,
};

/** One currency at the counter's rates (its counter margins where set). */
function atCounter(row: CurrencyRow): CounterView["currencies"][number] {
  const prices = currencyPrices(counterRatesOf(row));
  return {
    code: row.code,
    label: row.label,
    weSellRate: prices.collectRate,
    weBuyRate: prices.sellRate,
    smallestNoteMinor: row.smallestNoteMinor ?? defaultSmallestNoteMinor(row.code),
    counterMargins: row.counterSellMargin !== null,
  };
}

/** What the Counter page shows at a branch: the counter's rates and whether the cashier's till is open there. */
export async function counterView({
  db,
  branchKey,
  cashierId,
  idFromGbpMinor,
}: {
  db: Db;
  branchKey: string;
  cashierId: string;
  idFromGbpMinor: number;
}): Promise<CounterView> {
  const [name, rows, open] = await Promise.all([
    branchNameOf(db, branchKey),
    db
      .select(currencyColumns)
      .from(currencies)
      .where(eq(currencies.active, true))
      .orderBy(asc(currencies.displayOrder)),
    db
      .select({ id: tills.id })
      .from(tills)
      .where(and(eq(tills.cashierId, cashierId), eq(tills.branchKey, branchKey), eq(tills.status, "open"))),
  ]);
  return {
    branch: { key: branchKey, name },
    idFromGbpMinor,
    tillOpen: open.length > 0,
    currencies: rows.map(atCounter),
  };
}

/**
 * Sets (or, both null, clears) a currency's counter margins, under the same rule as the online ones (the
 * "We sell" margin below the "We buy" one, so no sell-then-buy-back loop makes money); audited.
 */
export async function setCounterMargins({
  db,
  code,
  sellMargin,
  buyMargin,
  actor,
  requestId,
}: {
  db: Db;
  code: string;
  sellMargin: string | null;
  buyMargin: string | null;
  actor: AuditActor;
  requestId?: string;
}): Promise<CounterView["currencies"][number]> {
  if ((sellMargin === null) !== (buyMargin === null)) {
    const message = "Set both counter margins, or clear both to use the online margins";
    throw new AppError("validation_failed", `${message}.`, { sellMargin: message, buyMargin: message });
  }
  const problem = sellMargin !== null && buyMargin !== null ? checkMargins(sellMargin, buyMargin) : null;
  if (problem) throw new AppError("validation_failed", problem, { sellMargin: problem });
  return db.transaction(async (tx) => {
    const upper = code.toUpperCase();
    const [before] = await tx.select(currencyColumns).from(currencies).where(eq(currencies.code, upper)).for("update");
    if (!before) throw new AppError("not_found", `We do not offer ${upper}.`);
    const [after] = await tx
      .update(currencies)
      .set({ counterSellMargin: sellMargin, counterBuyMargin: buyMargin })
      .where(eq(currencies.code, upper))
      .returning(currencyColumns);
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "currency.counter-margins",
      entityType: "currency",
      entityId: upper,
      before: { counterSellMargin: before.counterSellMargin, counterBuyMargin: before.counterBuyMargin },
      after: { counterSellMargin: after!.counterSellMargin, counterBuyMargin: after!.counterBuyMargin },
    });
    return atCounter(after!);
  });
}
