import { eq } from "drizzle-orm";
import { users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";

/** Changes the display name only; the role and e-mail are never touched from here. */
export async function updateDisplayName({ db, userId, name }: { db: Db; userId: string; name: string }) {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
}
