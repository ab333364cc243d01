import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  auditActionsSchema,
  auditLogFilterSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
} from "@bureau/domain/contracts/audit";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { displayDates } from "@bureau/domain/dates";
import { csvStream } from "../../lib/csv.ts";
import { auditLogCsvHeader, auditLogCsvRows } from "../../modules/audit/index.ts";
import { listAuditActions } from "../../modules/audit/index.ts";
import { listAuditLog } from "../../modules/audit/index.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The audit log viewer and its CSV export (issue 15 item 5). Registered inside the staff-only scope. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/audit-log",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The audit log, newest first, filtered by who, what, order and days (display time zone), a page at a time",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errors },
      },
    },
    async (request) => {
      const { after, limit, ...filter } = request.query;
      return listAuditLog({ db: app.db, filter, after, limit, timeZone: app.config.displayTimeZone });
    },
  );

  app.get(
    "/api/admin/audit-log/actions",
    {
      schema: {
        tags: ["staff"],
        summary: "Every action the audit log holds, for the viewer's filter",
        response: { 200: auditActionsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => listAuditActions({ db: app.db }),
  );

  app.get(
    "/api/admin/audit-log.csv",
    {
      schema: {
        tags: ["staff"],
        summary: "The filtered audit log as a CSV file (UTF-8, streamed, spreadsheet formulas defused)",
        querystring: auditLogFilterSchema,
        response: errors,
      },
    },
    async (request, typedReply) => {
      // A file, not JSON: step outside the typed reply.
      const reply = typedReply as unknown as FastifyReply;
      const timeZone = app.config.displayTimeZone;
      const today = displayDates(timeZone).day(new Date());
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-log-${today}.csv"`)
        .send(csvStream(auditLogCsvHeader(timeZone), auditLogCsvRows({ db: app.db, filter: request.query, timeZone })));
    },
  );
};
