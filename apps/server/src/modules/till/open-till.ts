import { and, eq, ne } from "drizzle-orm";
import type { TillCountsInput, TillView } from "@bureau/domain/contracts/till";
import { checkTillCount, type CurrencyCount } from "@bureau/domain/till";
import type { Db, Tx } from "../../db/client.ts";
import { tillCounts, tills } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { violatedUniqueConstraint } from "../../lib/postgres.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { branchNameOf, tillCurrenciesOf, tillView } from "./till-view.ts";

/**
 * Opens the cashier's till at a branch with the float counted by denomination: sterling and each
 * currency the branch tracks, every one of them counted (0 where there is none). One till per cashier
 * per branch is not closed (a partial unique index backs the check when two opens race). Audited.
 */
export async function openTill(options: {
  db: Db;
  branchKey: string;
  cashier: AuditActor;
  counts: TillCountsInput;
  requestId?: string;
  now?: Date;
}): Promise<TillView> {
  const { db, branchKey, cashier, requestId, now = new Date() } = options;
  try {
    return await db.transaction(async (tx) => {
      const branchName = await branchNameOf(tx, branchKey);
      await refuseSecondTill(tx, cashier.id, branchKey, branchName);
      const checked = checkTillCount(
        options.counts,
        (await tillCurrenciesOf(tx, branchKey)).map((entry) => entry.currency),
      );
      if (!checked.ok) throw new AppError("validation_failed", checked.message, checked.fields);
      const [till] = await tx
        .insert(tills)
        .values({ branchKey, cashierId: cashier.id, cashierEmail: cashier.email, status: "open", openedAt: now })
        .returning();
      if (!till) throw new Error("The till was not stored");
      await insertCounts(tx, till.id, "open", checked.counts);
      await writeAudit(tx, {
        ...auditedBy(cashier, requestId),
        action: "till.open",
        entityType: "till",
        entityId: till.id,
        before: null,
        after: { branch: branchKey, status: "open", float: checked.amounts },
      });
      return tillView(tx, till);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === "tills_one_open_per_cashier") {
      throw new AppError("conflict", "You already have a till open at this branch: close it first.");
    }
    throw error;
  }
}

async function refuseSecondTill(tx: Tx, cashierId: string, branchKey: string, branchName: string) {
  const [existing] = await tx
    .select({ status: tills.status })
    .from(tills)
    .where(and(eq(tills.cashierId, cashierId), eq(tills.branchKey, branchKey), ne(tills.status, "closed")));
  if (!existing) return;
  throw new AppError(
    "conflict",
    existing.status === "open"
      ? `You already have a till open at ${branchName}: close it first.`
      : `Your till at ${branchName} is waiting for a manager's sign-off: it must be signed off before you open another.`,
  );
}

/** A count's rows by denomination (the zero counts are left out: a missing row counts as none). */
export async function insertCounts(tx: Tx, tillId: string, stage: "open" | "close", counts: readonly CurrencyCount[]) {
  const rows = counts.flatMap(({ currency, notes }) =>
    notes.map((note) => ({
      tillId,
      stage,
      currencyCode: currency,
      denominationMinor: note.valueMinor,
      count: note.count,
    })),
  );
  if (rows.length > 0) await tx.insert(tillCounts).values(rows);
}
