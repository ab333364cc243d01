import { and, asc, eq, gt, or } from "drizzle-orm";
import type { AdminUser, AdminUserList } from "@bureau/domain/contracts/accounts";
import { users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";
import { staffBranchesOf } from "./staff-branches.ts";
import { decodeKeysetCursor, keysetPage } from "../../lib/keyset-cursor.ts";

/** One row of the Users page; `branches` are the person's own rows (none for an admin or a customer). */
export function toAdminUser(row: typeof users.$inferSelect, branches: string[]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    branches,
    emailVerified: row.emailVerified,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One page of users, oldest first, by keyset (created_at, id) on users_created_idx: the cost of a
 * page does not grow with how far into the list it is.
 */
export async function listUsers({
  db,
  after,
  limit,
}: {
  db: Db;
  after?: string;
  limit: number;
}): Promise<AdminUserList> {
  const cursor = after ? decodeKeysetCursor(after) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(
      cursor
        ? or(gt(users.createdAt, cursor.createdAt), and(eq(users.createdAt, cursor.createdAt), gt(users.id, cursor.id)))
        : undefined,
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit);
  const branchesByUser = await staffBranchesOf(
    db,
    page.map((row) => row.id),
  );
  return {
    users: page.map((row) => toAdminUser(row, branchesByUser.get(row.id) ?? [])),
    nextCursor,
  };
}
