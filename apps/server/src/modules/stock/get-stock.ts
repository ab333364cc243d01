import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { StockChange, StockView } from "@bureau/domain/contracts/stock";
import { NOTE_CURRENCIES, noteDenominations } from "@bureau/domain/denominations";
import type { Db } from "../../db/client.ts";
import { auditLog, branches, currencies, stockCurrencies, stockNotes } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";
import { STOCK_AUDIT, stockEntityId } from "./stock-audit.ts";

const HISTORY = 20;

/**
 * The Stock page: a branch's notes of a currency (in stock, reserved by open orders, free), whether the
 * branch tracks it, its latest audited changes, and what every branch tracks. Without a branch or
 * currency, the first branch and the first trackable currency we trade.
 */
export async function getStock({
  db,
  branch,
  currency,
}: {
  db: Db;
  branch?: string;
  currency?: string;
}): Promise<StockView> {
  const [branchRows, currencyRows, tracked] = await Promise.all([
    db.select({ key: branches.key, name: branches.name }).from(branches).orderBy(asc(branches.displayOrder)),
    db
      .select({ code: currencies.code, label: currencies.label })
      .from(currencies)
      .where(eq(currencies.active, true))
      .orderBy(asc(currencies.displayOrder)),
    queryRows<{ branch_key: string; currency_code: string; value_minor: string | number; free_minor: string | number }>(
      db,
      sql`select sc.branch_key, sc.currency_code,
            coalesce(sum(sn.denomination_minor * sn.count), 0) as value_minor,
            coalesce(sum(sn.denomination_minor * (sn.count - sn.reserved)), 0) as free_minor
          from stock_currencies sc
          left join stock_notes sn on sn.branch_key = sc.branch_key and sn.currency_code = sc.currency_code
          where sc.tracked
          group by sc.branch_key, sc.currency_code
          order by sc.branch_key, sc.currency_code`,
    ),
  ]);
  const trackable = currencyRows.filter((c) => NOTE_CURRENCIES.includes(c.code));
  const branchKey = branch ?? branchRows[0]?.key;
  const code = currency ?? trackable[0]?.code;
  if (!branchKey || !branchRows.some((b) => b.key === branchKey))
    throw new AppError("not_found", "There is no such branch.");
  if (!code || !trackable.some((c) => c.code === code))
    throw new AppError("not_found", `We do not keep a table of notes for ${code ?? "this currency"}.`);

  const [state, rows, audit] = await Promise.all([
    db
      .select({ tracked: stockCurrencies.tracked })
      .from(stockCurrencies)
      .where(and(eq(stockCurrencies.branchKey, branchKey), eq(stockCurrencies.currencyCode, code))),
    db
      .select({ valueMinor: stockNotes.denominationMinor, count: stockNotes.count, reserved: stockNotes.reserved })
      .from(stockNotes)
      .where(and(eq(stockNotes.branchKey, branchKey), eq(stockNotes.currencyCode, code))),
    db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityType, STOCK_AUDIT.entityType), eq(auditLog.entityId, stockEntityId(branchKey, code))),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(HISTORY),
  ]);
  const byValue = new Map(rows.map((row) => [row.valueMinor, row]));
  return {
    branches: branchRows,
    currencies: trackable,
    tracked: tracked.map((row) => ({
      branch: row.branch_key,
      currency: row.currency_code,
      valueMinor: Number(row.value_minor),
      freeMinor: Number(row.free_minor),
    })),
    branch: branchKey,
    currency: code,
    isTracked: state[0]?.tracked ?? false,
    notes: noteDenominations(code)!.map((valueMinor) => {
      const row = byValue.get(valueMinor);
      const count = row?.count ?? 0;
      const reserved = row?.reserved ?? 0;
      return { valueMinor, count, reserved, free: count - reserved };
    }),
    history: audit.map((entry): StockChange => {
      const after = entry.after as StockChange["after"] & { reason: string };
      return {
        at: entry.createdAt.toISOString(),
        by: entry.actorEmail,
        reason: after.reason,
        before: entry.before as StockChange["before"],
        after: { tracked: after.tracked, counts: after.counts },
      };
    }),
  };
}
