import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getComplianceOverview } from "../../modules/compliance/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** The compliance screen's overview (issue 15 item 5). Registered inside the staff-only scope. */
export const complianceOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.compliance.overview),
    schema: {
      ...endpoints.admin.compliance.overview.schema,
      tags: ["staff"],
      summary: "Open orders on hold, open orders matching the sanctions list, and the list imports",
    },
    handler: async () => getComplianceOverview({ db: app.db }),
  });
};
