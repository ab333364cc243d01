import { and, eq, inArray, ne } from "drizzle-orm";
import type { TillMovement } from "@bureau/domain/till";
import type { Tx } from "../../db/client.ts";
import { tillMovements, tills } from "../../db/schema.ts";

/**
 * What an order's completion (or a walk-in trade) moved in a till, and that till as it is now, locked
 * until the caller's transaction ends (a reversal writes the opposite; a close must not count the drawer
 * meanwhile). Null when the order moved no till (completed before tills were kept).
 */
export async function completionMovementsOf(
  tx: Tx,
  orderId: string,
): Promise<{ till: { id: string; status: "open" | "awaiting_signoff" | "closed" }; movements: TillMovement[] } | null> {
  const rows = await tx
    .select({
      tillId: tillMovements.tillId,
      currency: tillMovements.currencyCode,
      amountMinor: tillMovements.amountMinor,
      method: tillMovements.method,
    })
    .from(tillMovements)
    .where(and(eq(tillMovements.orderId, orderId), inArray(tillMovements.kind, ["order", "trade"])));
  const tillId = rows[0]?.tillId;
  if (!tillId) return null;
  const [till] = await tx
    .select({ id: tills.id, status: tills.status })
    .from(tills)
    .where(eq(tills.id, tillId))
    .for("update");
  if (!till) return null;
  return {
    till,
    movements: rows.map(({ currency, amountMinor, method }) => ({ currency, amountMinor, method })),
  };
}

/** A staff member's open till at a branch, locked until the caller's transaction ends; null when none is open. */
export async function openTillIdOf(tx: Tx, cashierId: string, branchKey: string): Promise<string | null> {
  const [till] = await tx
    .select({ id: tills.id, status: tills.status })
    .from(tills)
    .where(and(eq(tills.cashierId, cashierId), eq(tills.branchKey, branchKey), ne(tills.status, "closed")))
    .for("update");
  return till?.status === "open" ? till.id : null;
}
