import { and, eq, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import {
  type CustomerDueDiligenceInput,
  type CustomerDueDiligenceRecord,
  checkCustomerDueDiligence,
  customerDueDiligenceSummary,
} from "@bureau/domain/customer-due-diligence";
import { THRESHOLD_HOLD_REASON_START } from "@bureau/domain/due-diligence";
import { todayIn } from "@bureau/domain/handover";
import type { Db, Tx } from "../../db/client.ts";
import { customerDueDiligence, orders, suspicionReports } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { type AuditEntry, auditedBy, writeAudit } from "../audit/index.ts";

/**
 * The MLRO clears an order's hold by recording the customer due diligence done (docs/features/linked-series-and-customer-due-diligence.md): the ID
 * verified, the source of funds, and who checked (the signed-in staff member). The record is kept against
 * the customer's identity keys and covers their linked orders for 12 months; the other open orders of the
 * customer held for the threshold alone (the rest of the series one crossing held) are cleared by it too.
 * The record, the clearings and their audit entries commit together; of two staff clearing at once one
 * succeeds, the other is told it is no longer on hold.
 *
 * Only the MLRO (or an admin) clears: the route is guarded by the permission matrix (decision 035) and
 * `actorMayClear` says the same. An order with an open suspicion report (docs/features/risk-flags-and-suspicion-reports.md)
 * is cleared only by someone who can read the report; the clearing closes the order's open reports.
 */
export async function clearHold({
  db,
  orderId,
  dueDiligence,
  actor,
  actorMayClear,
  actorIsMlro = false,
  timeZone,
  requestId,
  now = new Date(),
}: {
  db: Db;
  orderId: string;
  dueDiligence: CustomerDueDiligenceInput;
  actor: AuditActor;
  /** Whether the acting member of staff may clear holds (the permission matrix's compliance.work). */
  actorMayClear: boolean;
  /** Whether the acting admin is named as MLRO (MLRO_EMAILS). */
  actorIsMlro?: boolean;
  /** The bureau's time zone (DISPLAY_TIME_ZONE): the day the document's expiry is checked against. */
  timeZone: string;
  requestId?: string;
  now?: Date;
}): Promise<{ id: string; orderNumber: string; clearedAt: string; alsoCleared: string[] }> {
  if (!actorMayClear) throw new AppError("forbidden", "Only the MLRO can clear this hold.");
  const checked = checkCustomerDueDiligence(dueDiligence, todayIn(timeZone, now));
  if (!checked.ok) throw new AppError("validation_failed", checked.message, checked.fields);
  const record = checked.record;
  const clearReason = customerDueDiligenceSummary(record);
  return db.transaction(async (tx) => {
    const { before, linked, hasOpenReports } = await lockOrderAndSeries(tx, orderId);
    if (hasOpenReports && before.holdReason && !before.holdClearedAt && !actorIsMlro) {
      throw new AppError("forbidden", "Only the MLRO can clear this hold.");
    }
    const [stored] = await tx
      .insert(customerDueDiligence)
      .values({
        orderId,
        emailKey: before.emailKey,
        phoneKey: before.phoneKey,
        ...record,
        checkedById: actor.id,
        checkedBy: actor.email,
        checkedAt: now,
      })
      .returning({ id: customerDueDiligence.id });
    const cleared = {
      holdClearedAt: now,
      holdClearedBy: actor.email,
      holdClearReason: clearReason,
      holdClearedDueDiligenceId: stored!.id,
    };
    const [after] = await tx
      .update(orders)
      .set(cleared)
      .where(and(eq(orders.id, orderId), isNotNull(orders.holdReason), isNull(orders.holdClearedAt)))
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (!after) throw new AppError("conflict", "This order is not on hold. Please refresh the page.");
    if (hasOpenReports) {
      await tx
        .update(suspicionReports)
        .set({ closedAt: now, closedBy: actor.email, closeReason: clearReason })
        .where(and(eq(suspicionReports.orderId, orderId), isNull(suspicionReports.closedAt)));
    }
    const audit = { ...auditedBy(actor, requestId), action: "order.hold_clear", entityType: "order" } as const;
    const after_ = { onHold: false, reason: clearReason, dueDiligence: dueDiligenceAudit(stored!.id, record) };
    await writeAudit(tx, {
      ...audit,
      entityId: orderId,
      before: { onHold: true, reason: before.holdReason },
      after: after_,
    });

    const alsoCleared = linked
      ? await clearTheRestOfTheSeries(tx, { linked, orderId, cleared, audit, after: after_ })
      : [];
    return { ...after, clearedAt: now.toISOString(), alsoCleared };
  });
}

/**
 * Reads the order's hold and identity keys, then locks it and the rest of its series, and its open
 * suspicion reports, for the clearing's transaction.
 */
async function lockOrderAndSeries(tx: Tx, orderId: string) {
  const [before] = await tx
    .select({
      holdReason: orders.holdReason,
      holdClearedAt: orders.holdClearedAt,
      emailKey: orders.emailKey,
      phoneKey: orders.phoneKey,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!before) throw new AppError("not_found", "There is no such order.");
  // The order and the rest of its series locked in id order first, so that two clearings of one series
  // at once wait for each other instead of deadlocking.
  const linked = or(
    before.emailKey ? eq(orders.emailKey, before.emailKey) : undefined,
    before.phoneKey ? eq(orders.phoneKey, before.phoneKey) : undefined,
  );
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(or(eq(orders.id, orderId), linked ? and(linked, heldForTheThresholdAlone) : undefined))
    .orderBy(orders.id)
    .for("update");
  const openReports = await tx
    .select({ id: suspicionReports.id })
    .from(suspicionReports)
    .where(and(eq(suspicionReports.orderId, orderId), isNull(suspicionReports.closedAt)))
    .for("update");
  return { before, linked, hasOpenReports: openReports.length > 0 };
}

/**
 * The rest of the series: the customer's other open orders on a standing hold whose every reason is
 * the threshold's (a sanctions match or a suspicion report on one of them still needs its own clearing).
 * Each is cleared as the order was and audited as cleared with it; returns their ids.
 */
async function clearTheRestOfTheSeries(
  tx: Tx,
  {
    linked,
    orderId,
    cleared,
    audit,
    after,
  }: {
    linked: SQL;
    orderId: string;
    cleared: Partial<typeof orders.$inferInsert>;
    audit: Pick<AuditEntry, "actorId" | "actorEmail" | "requestId" | "action" | "entityType">;
    /** The order's own audit entry's after, which each of the series' entries repeats. */
    after: Record<string, unknown>;
  },
): Promise<string[]> {
  const series = await tx
    .update(orders)
    .set(cleared)
    .where(and(linked, ne(orders.id, orderId), heldForTheThresholdAlone))
    .returning({ id: orders.id, holdReason: orders.holdReason });
  for (const order of series) {
    await writeAudit(tx, {
      ...audit,
      entityId: order.id,
      before: { onHold: true, reason: order.holdReason },
      after: { ...after, clearedWithOrder: orderId },
    });
  }
  return series.map((order) => order.id);
}
/** An open order on a standing hold whose every reason is the threshold's (docs/features/linked-series-and-customer-due-diligence.md). */
const heldForTheThresholdAlone = and(
  sql`${orders.status} in ('pending', 'accepted')`,
  isNotNull(orders.holdReason),
  isNull(orders.holdClearedAt),
  sql`not exists (select 1 from unnest(string_to_array(${orders.holdReason}, E'\n')) as line
    where strpos(line, ${THRESHOLD_HOLD_REASON_START}::text) <> 1)`,
);

/** The audit entry's account of the due diligence: what kind of check, without the document's digits or the note. */
function dueDiligenceAudit(recordId: string, record: CustomerDueDiligenceRecord) {
  return { recordId, idType: record.idType, sourceOfFunds: record.sourceOfFunds };
}
