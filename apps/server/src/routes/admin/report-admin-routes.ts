import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dayReportCsv, getDayReport } from "../../modules/reports/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";
import { branchScopeOf } from "../../plugins/session.ts";

/**
 * Staff reports (issue 17 item 6, issue 33 item 5). Registered inside the staff-only scope; the matrix
 * gives "reports.read", and a manager reports on the branches they work at.
 */
export const reportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.dayReport),
    schema: {
      ...endpoints.admin.dayReport.schema,
      tags: ["staff"],
      summary:
        "A branch's end-of-day report for a day of the display time zone (default today): orders collected, sterling and currency in and out, notes by denomination, stock at close, the tills of the day and their sum, the reversals approved",
    },
    handler: async (request) =>
      getDayReport({
        db: app.db,
        timeZone: app.config.displayTimeZone,
        branchScope: branchScopeOf(request),
        ...request.query,
      }),
  });

  app.route({
    ...routeOf(endpoints.admin.dayReportCsv),
    schema: {
      ...endpoints.admin.dayReportCsv.schema,
      tags: ["staff"],
      summary: "The same day's report as a CSV download, one figure per record",
    },
    handler: async (request, typedReply) => {
      const report = await getDayReport({
        db: app.db,
        timeZone: app.config.displayTimeZone,
        branchScope: branchScopeOf(request),
        ...request.query,
      });
      // A file, not the typed JSON answer: step outside the typed reply.
      const reply = typedReply as unknown as FastifyReply;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="day-report-${report.branch.key}-${report.date}.csv"`)
        .send(dayReportCsv(report));
    },
  });
};
