import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { TillView } from "@bureau/domain/contracts/till";
import {
  type AmountsByCurrency,
  countedAmounts,
  expectedClose,
  type TillMovement,
  tillDenominations,
} from "@bureau/domain/till";
import { NOT_YOUR_BRANCH_MESSAGE, type StaffPlacement, worksAt } from "@bureau/domain/staff-permissions";
import type { Db, Tx } from "../../db/client.ts";
import { branches, currencies, stockCurrencies, tillCounts, tillMovements, tills } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";

/** The reads the till's operations share: a branch's name and currencies, a till's row, counts and movements. */

export type TillRow = typeof tills.$inferSelect;

/** The branch's name, or 404. */
export async function branchNameOf(db: Db | Tx, branchKey: string): Promise<string> {
  const [branch] = await db.select({ name: branches.name }).from(branches).where(eq(branches.key, branchKey));
  if (!branch) throw new AppError("not_found", "There is no such branch.");
  return branch.name;
}

/**
 * What a till at the branch counts: sterling first, then each currency the branch tracks (Stock) whose
 * notes are known, alphabetically, with their denominations largest first.
 */
export async function tillCurrenciesOf(
  db: Db | Tx,
  branchKey: string,
): Promise<{ currency: string; denominationsMinor: number[] }[]> {
  const tracked = await db
    .select({ code: stockCurrencies.currencyCode })
    .from(stockCurrencies)
    .where(and(eq(stockCurrencies.branchKey, branchKey), eq(stockCurrencies.tracked, true)))
    .orderBy(asc(stockCurrencies.currencyCode));
  return ["GBP", ...tracked.map((row) => row.code).filter((code) => code !== "GBP")].flatMap((currency) => {
    const denominations = tillDenominations(currency);
    return denominations ? [{ currency, denominationsMinor: [...denominations] }] : [];
  });
}

/**
 * What a close counts: the branch's till currencies and every currency the till held or took since it
 * opened (an order of a currency the branch does not track still hands its notes over the counter).
 */
export async function closingCurrenciesOf(
  db: Db | Tx,
  branchKey: string,
  held: readonly string[],
): Promise<{ currency: string; denominationsMinor: number[] }[]> {
  const branch = await tillCurrenciesOf(db, branchKey);
  const extra = held
    .filter((currency) => !branch.some((entry) => entry.currency === currency))
    .sort()
    .flatMap((currency) => {
      const denominations = tillDenominations(currency);
      return denominations ? [{ currency, denominationsMinor: [...denominations] }] : [];
    });
  return [...branch, ...extra];
}

/** The amount per currency of a till's count at a stage. */
export async function countOf(db: Db | Tx, tillId: string, stage: "open" | "close"): Promise<AmountsByCurrency> {
  const rows = await db
    .select({ currency: tillCounts.currencyCode, valueMinor: tillCounts.denominationMinor, count: tillCounts.count })
    .from(tillCounts)
    .where(and(eq(tillCounts.tillId, tillId), eq(tillCounts.stage, stage)));
  return countedAmounts(rows.map(({ currency, valueMinor, count }) => ({ currency, notes: [{ valueMinor, count }] })));
}

/** A till's movements summed per currency and method (what expectedClose needs, without every row). */
export async function movementTotalsOf(
  db: Db | Tx,
  tillId: string,
): Promise<{ movements: TillMovement[]; count: number }> {
  const rows = await db
    .select({
      currency: tillMovements.currencyCode,
      method: tillMovements.method,
      amountMinor: sql<string>`sum(${tillMovements.amountMinor})`,
      count: sql<number>`count(*)::int`,
    })
    .from(tillMovements)
    .where(eq(tillMovements.tillId, tillId))
    .groupBy(tillMovements.currencyCode, tillMovements.method);
  return {
    movements: rows.map((row) => ({
      currency: row.currency,
      method: row.method,
      amountMinor: Number(row.amountMinor),
    })),
    count: rows.reduce((sum, row) => sum + Number(row.count), 0),
  };
}

/** The float and expected close of a till now: float + cash movements, per currency. */
export async function expectedOf(db: Db | Tx, tillId: string) {
  const float = await countOf(db, tillId, "open");
  const { movements, count } = await movementTotalsOf(db, tillId);
  const cardGbpMinor = movements
    .filter((m) => m.method === "card" && m.currency === "GBP")
    .reduce((sum, m) => sum + m.amountMinor, 0);
  return { float, expected: expectedClose(float, movements), cardGbpMinor, movementCount: count };
}

/** The market rates (units per £1) of currencies, for valuing a variance in sterling. */
export async function ratesOf(db: Db | Tx, codes: readonly string[]): Promise<Record<string, string>> {
  const foreign = codes.filter((code) => code !== "GBP");
  if (foreign.length === 0) return {};
  const rows = await db
    .select({ code: currencies.code, rate: currencies.rate })
    .from(currencies)
    .where(inArray(currencies.code, foreign));
  return Object.fromEntries(rows.map((row) => [row.code, row.rate]));
}

const amounts = (byCurrency: AmountsByCurrency) =>
  Object.entries(byCurrency)
    .sort(([a], [b]) => (a === "GBP" ? -1 : b === "GBP" ? 1 : a.localeCompare(b)))
    .map(([currency, amountMinor]) => ({ currency, amountMinor }));

/** A till as staff see it. */
export async function tillView(db: Db | Tx, till: TillRow): Promise<TillView> {
  const { float, expected, cardGbpMinor, movementCount } = await expectedOf(db, till.id);
  return {
    id: till.id,
    branch: { key: till.branchKey, name: await branchNameOf(db, till.branchKey) },
    cashierEmail: till.cashierEmail,
    status: till.status,
    openedAt: till.openedAt.toISOString(),
    float: amounts(float),
    expected: amounts(expected),
    cardGbpMinor,
    movementCount,
    variance: till.closeVariance ?? null,
    varianceGbpMinor: till.varianceGbpMinor ?? null,
    countedAt: till.countedAt?.toISOString() ?? null,
    closedAt: till.closedAt?.toISOString() ?? null,
    signOff:
      till.signedOffAt && till.signedOffBy && till.signOffReason
        ? { by: till.signedOffBy, at: till.signedOffAt.toISOString(), reason: till.signOffReason }
        : null,
  };
}

/** A till's row, locked for the transaction; 404 when there is none. */
export async function lockTill(tx: Tx, tillId: string): Promise<TillRow> {
  const [till] = await tx.select().from(tills).where(eq(tills.id, tillId)).for("update");
  if (!till) throw new AppError("not_found", "There is no such till.");
  return till;
}

/**
 * The acting staff member's own open till, locked for the transaction: only its cashier, still working at
 * its branch, moves or closes it, and only while it is open (a till counted for sign-off takes nothing more).
 */
export async function lockOwnOpenTill(tx: Tx, tillId: string, actor: AuditActor & StaffPlacement): Promise<TillRow> {
  const till = await lockTill(tx, tillId);
  if (till.cashierId !== actor.id) throw new AppError("forbidden", "This is not your till: only its cashier uses it.");
  if (!worksAt(actor, till.branchKey)) throw new AppError("forbidden", NOT_YOUR_BRANCH_MESSAGE);
  if (till.status !== "open") {
    throw new AppError(
      "conflict",
      till.status === "closed" ? "This till is already closed." : "This till is waiting for a manager's sign-off.",
    );
  }
  return till;
}
