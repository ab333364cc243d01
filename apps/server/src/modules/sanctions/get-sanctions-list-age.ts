import { desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sanctionsLists } from "../../db/schema.ts";

/** When the newest UK Sanctions List was imported (the one screenings use), or null when none has been. */
export async function getSanctionsListImportedAt(db: Db): Promise<Date | null> {
  const [newest] = await db
    .select({ importedAt: sanctionsLists.importedAt })
    .from(sanctionsLists)
    .orderBy(desc(sanctionsLists.importedAt))
    .limit(1);
  return newest?.importedAt ?? null;
}
