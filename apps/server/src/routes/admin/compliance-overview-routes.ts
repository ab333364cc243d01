import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { complianceOverviewSchema } from "@bureau/domain/contracts/compliance";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { getComplianceOverview } from "../../modules/compliance/index.ts";

/** The compliance screen's overview (issue 15 item 5). Registered inside the staff-only scope. */
export const complianceOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/compliance/overview",
    {
      schema: {
        tags: ["staff"],
        summary: "Open orders on hold, open orders matching the sanctions list, and the list imports",
        response: { 200: complianceOverviewSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => getComplianceOverview({ db: app.db }),
  );
};
