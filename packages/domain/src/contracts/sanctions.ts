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
