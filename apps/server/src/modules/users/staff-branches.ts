import { asc, inArray } from "drizzle-orm";
import { staffBranches } from "../../db/auth-schema.ts";
import type { Db, Tx } from "../../db/client.ts";

/** Each listed person's own branch rows (admins have none: they work everywhere). */
export async function staffBranchesOf(db: Db | Tx, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(staffBranches)
    .where(inArray(staffBranches.userId, userIds))
    .orderBy(asc(staffBranches.branchKey));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.branchKey]);
  return byUser;
}
