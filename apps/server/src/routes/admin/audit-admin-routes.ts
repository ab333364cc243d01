import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { displayDates } from "@bureau/domain/dates";
import { csvStream } from "../../lib/csv.ts";
import { auditLogCsvHeader, auditLogCsvRows } from "../../modules/audit/index.ts";
import { listAuditActions } from "../../modules/audit/index.ts";
import { listAuditLog } from "../../modules/audit/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** The audit log viewer and its CSV export (issue 15 item 5). Registered inside the staff-only scope. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.auditLog.page),
    schema: {
      ...endpoints.admin.auditLog.page.schema,
      tags: ["staff"],
      summary:
        "The audit log, newest first, filtered by who, what, order and days (display time zone), a page at a time",
    },
    handler: async (request) => {
      const { after, limit, ...filter } = request.query;
      return listAuditLog({ db: app.db, filter, after, limit, timeZone: app.config.displayTimeZone });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.auditLog.actions),
    schema: {
      ...endpoints.admin.auditLog.actions.schema,
      tags: ["staff"],
      summary: "Every action the audit log holds, for the viewer's filter",
    },
    handler: async () => listAuditActions({ db: app.db }),
  });

  app.route({
    ...routeOf(endpoints.admin.auditLog.csv),
    schema: {
      ...endpoints.admin.auditLog.csv.schema,
      tags: ["staff"],
      summary: "The filtered audit log as a CSV file (UTF-8, streamed, spreadsheet formulas defused)",
    },
    handler: async (request, typedReply) => {
      // A file, not JSON: step outside the typed reply.
      const reply = typedReply as unknown as FastifyReply;
      const timeZone = app.config.displayTimeZone;
      const today = displayDates(timeZone).day(new Date());
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-log-${today}.csv"`)
        .send(csvStream(auditLogCsvHeader(timeZone), auditLogCsvRows({ db: app.db, filter: request.query, timeZone })));
    },
  });
};
