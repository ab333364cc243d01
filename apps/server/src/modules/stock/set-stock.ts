import { and, eq, sql } from "drizzle-orm";
import type { stockUpdateSchema } from "@bureau/domain/contracts/stock";
import { noteDenominations } from "@bureau/domain/denominations";
import { minorToMajorString } from "@bureau/domain/money";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { branches, currencies, stockCurrencies, stockNotes } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { findPostgresError } from "../../lib/postgres.ts";
import { STOCK_AUDIT, stockEntityId } from "./stock-audit.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";

type Counts = { valueMinor: number; count: number }[];

/**
 * Staff set a branch's counts of a currency's notes and whether the branch tracks the currency, with a
 * reason; the change and its audit entry (who, before, after, reason) commit together. Counts not given
 * stay as they are. A count below what open orders have reserved is refused, as is a note the currency
 * does not issue; a refused change changes nothing.
 */
export async function setStock({
  db,
  branch,
  currency,
  update,
  actor,
  requestId,
}: {
  db: Db;
  branch: string;
  currency: string;
  update: z.output<typeof stockUpdateSchema>;
  actor: AuditActor;
  requestId?: string;
}): Promise<void> {
  const denominations = noteDenominations(currency);
  const [known] = await db
    .select({ branch: branches.key, currency: currencies.code })
    .from(branches)
    .leftJoin(currencies, eq(currencies.code, currency))
    .where(eq(branches.key, branch));
  if (!known) throw new AppError("not_found", "There is no such branch.");
  if (!known.currency || !denominations)
    throw new AppError("not_found", `We do not keep a table of notes for ${currency}.`);
  checkNotesGiven(update.counts, denominations, currency);

  try {
    await db.transaction(async (tx) => {
      const [state] = await tx
        .select({ tracked: stockCurrencies.tracked })
        .from(stockCurrencies)
        .where(and(eq(stockCurrencies.branchKey, branch), eq(stockCurrencies.currencyCode, currency)))
        .for("update");
      const rows = await tx
        .select({ valueMinor: stockNotes.denominationMinor, count: stockNotes.count, reserved: stockNotes.reserved })
        .from(stockNotes)
        .where(and(eq(stockNotes.branchKey, branch), eq(stockNotes.currencyCode, currency)))
        .for("update");
      const before = { tracked: state?.tracked ?? false, counts: countsOf(denominations, rows) };
      const byValue = new Map(rows.map((row) => [row.valueMinor, row]));
      for (const { valueMinor, count } of update.counts) {
        const reserved = byValue.get(valueMinor)?.reserved ?? 0;
        if (count < reserved) throw belowReserved(valueMinor, currency, reserved);
      }
      const given = new Map(update.counts.map((c) => [c.valueMinor, c.count]));
      const after = {
        tracked: update.tracked,
        counts: before.counts.map((c) => ({ valueMinor: c.valueMinor, count: given.get(c.valueMinor) ?? c.count })),
      };
      if (before.tracked === after.tracked && before.counts.every((c, i) => c.count === after.counts[i]!.count)) {
        throw new AppError("validation_failed", "Nothing to save: the counts and tracking are as they were.");
      }
      await writeStock(tx, { branch, currency, update });
      await writeAudit(tx, {
        ...auditedBy(actor, requestId),
        action: STOCK_AUDIT.action,
        entityType: STOCK_AUDIT.entityType,
        entityId: stockEntityId(branch, currency),
        before,
        after: { ...after, reason: update.reason },
      });
    });
  } catch (error) {
    // An order reserved notes between the read and the write (the row locks make this rare).
    if (findPostgresError(error, ["23514"]))
      throw new AppError(
        "conflict",
        "Open orders have just reserved some of these notes. Please reload and try again.",
      );
    throw error;
  }
}

/** Each note given must be one the currency issues, and given once. */
function checkNotesGiven(counts: Counts, denominations: number[], currency: string): void {
  const seen = new Set<number>();
  for (const { valueMinor } of counts) {
    if (!denominations.includes(valueMinor)) {
      const message = `${minorToMajorString(valueMinor, currency)} is not a ${currency} note.`;
      throw new AppError("validation_failed", message, { counts: message });
    }
    if (seen.has(valueMinor)) {
      const message = `The ${minorToMajorString(valueMinor, currency)} ${currency} note is given twice.`;
      throw new AppError("validation_failed", message, { counts: message });
    }
    seen.add(valueMinor);
  }
}

/** Stores the tracking and the counts given; the counts not given stay as they are. */
async function writeStock(
  tx: Tx,
  { branch, currency, update }: { branch: string; currency: string; update: z.output<typeof stockUpdateSchema> },
): Promise<void> {
  await tx
    .insert(stockCurrencies)
    .values({ branchKey: branch, currencyCode: currency, tracked: update.tracked })
    .onConflictDoUpdate({
      target: [stockCurrencies.branchKey, stockCurrencies.currencyCode],
      set: { tracked: update.tracked, updatedAt: sql`now()` },
    });
  if (update.counts.length > 0) {
    await tx
      .insert(stockNotes)
      .values(
        update.counts.map(({ valueMinor, count }) => ({
          branchKey: branch,
          currencyCode: currency,
          denominationMinor: valueMinor,
          count,
        })),
      )
      .onConflictDoUpdate({
        target: [stockNotes.branchKey, stockNotes.currencyCode, stockNotes.denominationMinor],
        set: { count: sql`excluded.count` },
      });
  }
}

/** Every note of the currency with its count (0 where none is stored), largest first. */
function countsOf(denominations: number[], rows: { valueMinor: number; count: number }[]): Counts {
  const byValue = new Map(rows.map((row) => [row.valueMinor, row.count]));
  return denominations.map((valueMinor) => ({ valueMinor, count: byValue.get(valueMinor) ?? 0 }));
}

function belowReserved(valueMinor: number, currency: string, reserved: number) {
  const note = `${minorToMajorString(valueMinor, currency)} ${currency}`;
  const message = `${reserved} of the ${note} notes are reserved by open orders: the count cannot go below ${reserved}.`;
  return new AppError("conflict", message, { counts: message });
}
