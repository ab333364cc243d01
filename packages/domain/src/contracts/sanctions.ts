import { z } from "zod";

/** What an import of the UK Sanctions List answers (POST /api/admin/sanctions-lists). */
export const sanctionsImportSchema = z.object({
  listId: z.uuid(),
  version: z.string(),
  importedAt: z.iso.datetime(),
  entryCount: z.number().int(),
  nameCount: z.number().int(),
});
export type SanctionsImportAnswer = z.infer<typeof sanctionsImportSchema>;

/** The largest list file an upload takes (the published list is a few megabytes). */
export const SANCTIONS_LIST_MAX_BYTES = 32 * 1024 * 1024;
