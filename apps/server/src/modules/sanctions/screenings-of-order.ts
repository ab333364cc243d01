import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sanctionsLists, sanctionsScreenings } from "../../db/schema.ts";

/** Every sanctions screening of an order, newest first, with its list version (the order's details page). */
export async function screeningsOfOrder(db: Db, orderId: string) {
  const rows = await db
    .select({
      listVersion: sanctionsLists.version,
      screenedAt: sanctionsScreenings.screenedAt,
      occasion: sanctionsScreenings.occasion,
      result: sanctionsScreenings.result,
      score: sanctionsScreenings.score,
      matchedEntryId: sanctionsScreenings.matchedEntryId,
      matchedName: sanctionsScreenings.matchedName,
    })
    .from(sanctionsScreenings)
    .innerJoin(sanctionsLists, eq(sanctionsLists.id, sanctionsScreenings.listId))
    .where(eq(sanctionsScreenings.orderId, orderId))
    .orderBy(desc(sanctionsScreenings.screenedAt));
  return rows.map((r) => ({ ...r, screenedAt: r.screenedAt.toISOString() }));
}
