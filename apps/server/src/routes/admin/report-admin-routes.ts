import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { dayReportQuerySchema, dayReportSchema } from "@bureau/domain/contracts/reports";
import { getDayReport } from "../../modules/reports/index.ts";

/** Staff reports (issue 17 item 6). Registered inside the staff-only scope. */
export const reportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/reports/day",
    {
      schema: {
        tags: ["staff"],
        summary:
          "A branch's end-of-day report for a day of the display time zone (default today): orders collected, sterling and currency in and out, notes by denomination, stock at close",
        querystring: dayReportQuerySchema,
        response: {
          200: dayReportSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => getDayReport({ db: app.db, timeZone: app.config.displayTimeZone, ...request.query }),
  );
};
