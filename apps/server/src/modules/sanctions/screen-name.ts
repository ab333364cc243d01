import { eq, sql } from "drizzle-orm";
import { SanctionsIndex, type ScreeningOutcome } from "@bureau/domain/sanctions-screening";
import type { Db } from "../../db/client.ts";
import { sanctionsNames } from "../../db/schema.ts";

export type Screening = ScreeningOutcome & { listId: string; screenedName: string };

/**
 * The screening index of one list version, loaded from the database once per version and kept in memory
 * (docs/features/due-diligence-tiers.md): the list a screening uses is the newest import, which the caller reads in a query it
 * makes anyway (the placement's one read, the re-screening job's select), so a new import is seen by every
 * instance at its next screening without a notification; the index of the previous version is dropped.
 * A load in flight is shared by the screenings that wait for it.
 */
const loaded = new WeakMap<Db, { listId: string; index: Promise<SanctionsIndex> }>();

export async function sanctionsIndexOf(db: Db, listId: string): Promise<SanctionsIndex> {
  const cached = loaded.get(db);
  if (cached?.listId === listId) return cached.index;
  const index = db
    .select({ entryId: sanctionsNames.entryId, name: sanctionsNames.name })
    .from(sanctionsNames)
    .where(eq(sanctionsNames.listId, listId))
    .then((names) => new SanctionsIndex(names));
  loaded.set(db, { listId, index });
  index.catch(() => {
    if (loaded.get(db)?.index === index) loaded.delete(db);
  });
  return index;
}

/** The SQL expression of the newest import's id (null before the first import). */
export const currentSanctionsListId = sql`(select l.id from sanctions_lists l order by l.imported_at desc, l.id limit 1)`;

/** Screens one customer name against one list version (its in-memory index). */
export async function screenName({
  db,
  listId,
  name,
  threshold,
}: {
  db: Db;
  listId: string;
  name: string;
  threshold: number;
}): Promise<Screening> {
  const index = await sanctionsIndexOf(db, listId);
  return { ...index.screen(name, threshold), listId, screenedName: name };
}

/** The customer name an order is screened by. */
export function customerName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}
