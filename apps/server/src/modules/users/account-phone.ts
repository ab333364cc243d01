import { eq } from "drizzle-orm";
import { users } from "../../db/auth-schema.ts";
import type { Db } from "../../db/client.ts";

/** The profile's phone number, or null when none is given. */
export async function readAccountPhone({ db, userId }: { db: Db; userId: string }): Promise<string | null> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return user?.phone ?? null;
}

/**
 * Sets the profile's phone number, already checked by the contract (customer-details.ts's rule) and
 * trimmed; an empty one clears it.
 */
export async function saveAccountPhone({ db, userId, phone }: { db: Db; userId: string; phone: string }) {
  const stored = phone === "" ? null : phone;
  await db.update(users).set({ phone: stored, updatedAt: new Date() }).where(eq(users.id, userId));
  return stored;
}
