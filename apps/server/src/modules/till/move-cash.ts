import type { TillCashMoveInput, TillView } from "@bureau/domain/contracts/till";
import type { StaffPlacement } from "@bureau/domain/staff-permissions";
import { checkTillCashMove } from "@bureau/domain/till";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";
import { recordTillMovement } from "./record-movement.ts";
import { closingCurrenciesOf, expectedOf, lockOwnOpenTill, tillView } from "./till-view.ts";

/**
 * Cash moved between the cashier's open till and the branch's safe during the day (a drop to the safe, a
 * top-up from it), counted by denomination: a till movement of kind "float", so the expected close and the
 * day's report ("Float added or taken") follow it, and a close after a drop balances. Out of the drawer,
 * no more than it should hold. Audited with the reason and the notes.
 */
export async function moveTillCash(options: {
  db: Db;
  tillId: string;
  actor: AuditActor & StaffPlacement;
  move: TillCashMoveInput;
  requestId?: string;
  now?: Date;
}): Promise<TillView> {
  const { db, tillId, actor, move, requestId, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const till = await lockOwnOpenTill(tx, tillId, actor);
    const { expected } = await expectedOf(tx, till.id);
    const currencies = await closingCurrenciesOf(tx, till.branchKey, Object.keys(expected));
    const checked = checkTillCashMove(move, { currencies: currencies.map((c) => c.currency), expected });
    if (!checked.ok) throw new AppError("validation_failed", checked.message, checked.fields);
    await recordTillMovement(tx, {
      tillId: till.id,
      kind: "float",
      movements: [{ currency: checked.currency, amountMinor: checked.signedMinor, method: "cash" }],
      actor,
      now,
    });
    await writeAudit(tx, {
      ...auditedBy(actor, requestId),
      action: move.direction === "in" ? "till.cash-in" : "till.cash-out",
      entityType: "till",
      entityId: till.id,
      before: { currency: checked.currency, expectedMinor: expected[checked.currency] ?? 0 },
      after: {
        currency: checked.currency,
        expectedMinor: (expected[checked.currency] ?? 0) + checked.signedMinor,
        notes: checked.notes,
        reason: checked.reason,
      },
    });
    return tillView(tx, till);
  });
}
