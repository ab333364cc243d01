import { and, eq, inArray, sql } from "drizzle-orm";
import type { BranchKey } from "@bureau/domain/contracts/reference-data";
import type { Db } from "../../db/client.ts";
import { branches, currencies } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { readSetting, writeSetting } from "../../lib/settings-store.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { boardFeaturedSetting } from "./board-featured-setting.ts";

/**
 * Staff choose the currencies a branch's rate board features (in the order given); each must be on
 * sale. Audited with the branch's choice before and after. The caller tells the boards (they listen
 * for currency changes) once this has committed.
 */
export async function setBoardFeatured({
  db,
  branchKey,
  codes,
  actor,
  requestId,
}: {
  db: Db;
  branchKey: string;
  codes: string[];
  actor: AuditActor;
  requestId?: string;
}): Promise<{ key: BranchKey; currencies: string[] }> {
  const [branch] = await db.select({ key: branches.key }).from(branches).where(eq(branches.key, branchKey));
  if (!branch) throw new AppError("not_found", "There is no such branch.");
  const key = branch.key as BranchKey;
  return db.transaction(async (tx) => {
    const onSale = await tx
      .select({ code: currencies.code })
      .from(currencies)
      .where(and(eq(currencies.active, true), inArray(currencies.code, codes)));
    const known = new Set(onSale.map((row) => row.code));
    const unknown = codes.filter((code) => !known.has(code));
    if (unknown.length > 0) {
      const message = `${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not on sale.`;
      throw new AppError("validation_failed", message, { currencies: message });
    }
    // One JSON value holds every branch's choice: two staff saving two branches at once must not
    // overwrite each other, so the read and write of it take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${boardFeaturedSetting.key}))`);
    const stored = await readSetting(tx, boardFeaturedSetting);
    await writeSetting(tx, boardFeaturedSetting, { ...stored, [key]: codes });
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: "board.featured",
      entityType: "branch",
      entityId: key,
      before: { currencies: stored[key] ?? null },
      after: { currencies: codes },
    });
    return { key, currencies: codes };
  });
}
