import { parseUkSanctionsList } from "@bureau/domain/uk-sanctions-list";
import type { Db } from "../../db/client.ts";
import { channels, notify } from "../../db/notify.ts";
import { sanctionsLists, sanctionsNames } from "../../db/schema.ts";
import type { AuditActor } from "../../lib/audit-actor.ts";
import { auditedBy, writeAudit } from "../audit/index.ts";

const ROWS_PER_STATEMENT = 2000;

export type SanctionsImport = {
  listId: string;
  version: string;
  importedAt: Date;
  entryCount: number;
  nameCount: number;
};

/**
 * Imports the UK Sanctions List (its published CSV, packages/domain uk-sanctions-list.ts) as the list
 * screenings use from now on. The whole file is parsed before anything is written and written in one
 * transaction with its audit entry: a bad file throws SanctionsListFormatError and changes nothing.
 * On commit, the notification makes every instance drop its screening index and wakes the job that
 * screens the open orders again.
 */
export async function importSanctionsList({
  db,
  text,
  actor,
  requestId,
  now = new Date(),
}: {
  db: Db;
  text: string;
  /** Who imported it: a staff member, or null for the command line. */
  actor: AuditActor | null;
  requestId?: string;
  now?: Date;
}): Promise<SanctionsImport> {
  const parsed = parseUkSanctionsList(text);
  const importedBy = actor?.email ?? "command line";
  return db.transaction(async (tx) => {
    const [list] = await tx
      .insert(sanctionsLists)
      .values({
        version: parsed.version,
        importedAt: now,
        importedBy,
        entryCount: parsed.entryCount,
        nameCount: parsed.names.length,
      })
      .returning({ id: sanctionsLists.id });
    const listId = list!.id;
    for (let start = 0; start < parsed.names.length; start += ROWS_PER_STATEMENT) {
      await tx
        .insert(sanctionsNames)
        .values(parsed.names.slice(start, start + ROWS_PER_STATEMENT).map((name) => ({ listId, ...name })));
    }
    const after = { version: parsed.version, entryCount: parsed.entryCount, nameCount: parsed.names.length };
    await writeAudit(tx, {
      ...(actor ? auditedBy(actor, requestId) : { actorId: null, actorEmail: null }),
      action: "sanctions.import",
      entityType: "sanctions_list",
      entityId: listId,
      after,
    });
    await notify(tx, channels.sanctions);
    return { listId, importedAt: now, ...after };
  });
}
