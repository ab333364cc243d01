import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  SANCTIONS_LIST_MAX_BYTES,
  SANCTIONS_LIST_TOO_LARGE_MESSAGE,
  SanctionsListFormatError,
} from "@bureau/domain/uk-sanctions-list";
import { AppError } from "../../lib/app-error.ts";
import { importSanctionsList } from "../../modules/sanctions/index.ts";
import { auditActorOf } from "../../plugins/session.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

const csvTypes = ["text/csv", "application/csv", "application/octet-stream"];
const isCsvUpload = (contentType: string | undefined) =>
  csvTypes.includes((contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "");

/**
 * The UK Sanctions List upload (admins only: registered inside the protected /api/admin scope). The file
 * is sent as the raw CSV; the import is audited with the admin (modules/sanctions/import-sanctions-list.ts).
 */
export async function sanctionsAdminRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  scope.addContentTypeParser(
    csvTypes,
    { parseAs: "buffer", bodyLimit: SANCTIONS_LIST_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...routeOf(endpoints.admin.importSanctionsList),
    schema: {
      ...endpoints.admin.importSanctionsList.schema,
      tags: ["staff"],
      summary: "Imports the UK Sanctions List (its published CSV, sent as the raw file, at most 32 MB)",
    },
    // No route-wide bodyLimit: the 32 MB allowance belongs to the CSV parser above, so a body of any other
    // type keeps the server's small limit (lib/body-limits.ts) instead of being read up to 32 MB first.
    errorHandler: (error, request) => {
      if ((error as { statusCode?: number }).statusCode === 413 && isCsvUpload(request.headers["content-type"])) {
        throw new AppError("payload_too_large", SANCTIONS_LIST_TOO_LARGE_MESSAGE);
      }
      if ((error as { code?: string }).code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
        throw new AppError("unsupported_media_type", "Send the UK Sanctions List as a CSV file (text/csv).");
      }
      throw error;
    },
    handler: async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError("unsupported_media_type", "Send the UK Sanctions List as a CSV file (text/csv).");
      }
      try {
        const result = await importSanctionsList({
          db: scope.db,
          text: request.body.toString("utf8"),
          actor: auditActorOf(request),
          requestId: request.id,
        });
        return reply.status(201).send({ ...result, importedAt: result.importedAt.toISOString() });
      } catch (error) {
        if (error instanceof SanctionsListFormatError) {
          throw new AppError("validation_failed", `${error.message} Nothing was imported.`, { file: error.message });
        }
        throw error;
      }
    },
  });
}
