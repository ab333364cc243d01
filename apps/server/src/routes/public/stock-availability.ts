import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { availabilityQuerySchema, availabilitySchema } from "@bureau/domain/contracts/stock";
import { noStore } from "../../lib/no-store.ts";
import { getAvailability } from "../../modules/stock/index.ts";

/** Step 1's collection-point select: whether each branch can supply the basket today (issue 17). */
export const stockAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/stock/availability",
    {
      schema: {
        tags: ["ordering"],
        summary: "Per branch, whether its notes can supply a Click & Collect basket (null where not tracked)",
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, 400: apiErrorSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      noStore(reply);
      return getAvailability({
        db: app.db,
        need: request.query.need,
        maxSterlingBackPercent: app.config.maxSterlingBackPercent,
      });
    },
  );
};
