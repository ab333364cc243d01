import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { staffWarningsSchema } from "@bureau/domain/contracts/staff-warnings";
import { getStaffWarnings } from "../../modules/rates/index.ts";

/** The dashboard banner's facts (docs/decisions/027). Registered inside the staff-only scope. */
export const warningsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/warnings",
    {
      schema: {
        tags: ["staff"],
        summary:
          "What staff must be warned of: rates too old to be called live, paused quotes, the sanctions list's age",
        response: { 200: staffWarningsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () =>
      getStaffWarnings({
        db: app.db,
        provider: app.rateProvider,
        currencyList: (await app.currencyList.get()).value,
        sanctionsListStaleDays: app.config.sanctionsListStaleDays,
      }),
  );
};
