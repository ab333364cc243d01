import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getDayReport } from "../../modules/reports/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** Staff reports (issue 17 item 6). Registered inside the staff-only scope. */
export const reportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.dayReport),
    schema: {
      ...endpoints.admin.dayReport.schema,
      tags: ["staff"],
      summary:
        "A branch's end-of-day report for a day of the display time zone (default today): orders collected, sterling and currency in and out, notes by denomination, stock at close",
    },
    handler: async (request) => getDayReport({ db: app.db, timeZone: app.config.displayTimeZone, ...request.query }),
  });
};
