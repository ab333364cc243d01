import { and, eq, ne } from "drizzle-orm";
import type { TillMovement, TillMovementKind } from "@bureau/domain/till";
import type { Tx } from "../../db/client.ts";
import { tillMovements, tills } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { branchNameOf } from "./till-view.ts";

/**
 * The cashier's open till at a branch, locked until the caller's transaction ends (so a close cannot
 * count the drawer while a handover is moving it); a 409 that says what to do when there is none.
 */
export async function requireOpenTill(tx: Tx, cashierId: string, branchKey: string): Promise<{ id: string }> {
  const [till] = await tx
    .select({ id: tills.id, status: tills.status })
    .from(tills)
    .where(and(eq(tills.cashierId, cashierId), eq(tills.branchKey, branchKey), ne(tills.status, "closed")))
    .for("update");
  if (till?.status === "open") return { id: till.id };
  const branchName = await branchNameOf(tx, branchKey);
  throw new AppError(
    "conflict",
    till
      ? `Your till at ${branchName} has been counted and is waiting for a manager's sign-off: it takes nothing more.`
      : `Open your till at ${branchName} first.`,
  );
}

/**
 * Writes what moved a till, inside the caller's transaction (an order's completion, a walk-in trade,
 * a reversal), so the till moves exactly when the thing that moved it commits. The caller's own audit
 * entry says what happened; the movements are its record in the till.
 */
export async function recordTillMovement(
  tx: Tx,
  {
    tillId,
    kind,
    movements,
    orderId = null,
    actor,
    now = new Date(),
  }: {
    tillId: string;
    kind: TillMovementKind;
    movements: readonly TillMovement[];
    orderId?: string | null;
    actor: AuditActor | { id: null; email: string };
    now?: Date;
  },
): Promise<void> {
  if (movements.length === 0) return;
  await tx.insert(tillMovements).values(
    movements.map((movement) => ({
      tillId,
      kind,
      currencyCode: movement.currency,
      amountMinor: movement.amountMinor,
      method: movement.method,
      orderId,
      actorId: actor.id,
      actorEmail: actor.email,
      recordedAt: now,
    })),
  );
}
