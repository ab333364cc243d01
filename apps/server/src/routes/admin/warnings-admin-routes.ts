import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getStaffWarnings } from "../../modules/rates/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** The dashboard banner's facts (docs/decisions/027). Registered inside the staff-only scope. */
export const warningsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.warnings),
    schema: {
      ...endpoints.admin.warnings.schema,
      tags: ["staff"],
      summary: "What staff must be warned of: rates too old to be called live, paused quotes, the sanctions list's age",
    },
    handler: async () =>
      getStaffWarnings({
        db: app.db,
        provider: app.rateProvider,
        currencyList: (await app.currencyList.get()).value,
        sanctionsListStaleDays: app.config.sanctionsListStaleDays,
      }),
  });
};
