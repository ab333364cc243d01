import { eq } from "drizzle-orm";
import { staffSecondFactors } from "../../db/auth-schema.ts";
import type { Db, Tx } from "../../db/client.ts";

/**
 * Whether this person has a confirmed authenticator (docs/decisions/011). The session reader asks it
 * too (through this area's index): a staff pass counts only with one.
 */
export async function hasSecondFactor(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: staffSecondFactors.confirmedAt })
    .from(staffSecondFactors)
    .where(eq(staffSecondFactors.userId, userId));
  return Boolean(row?.confirmedAt);
}
