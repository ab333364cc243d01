import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { noStore } from "../../lib/no-store.ts";
import { getAvailability } from "../../modules/stock/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** Step 1's collection-point select: whether each branch can supply the basket today (issue 17). */
export const stockAvailabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.stock.availability),
    schema: {
      ...endpoints.stock.availability.schema,
      tags: ["ordering"],
      summary: "Per branch, whether its notes can supply a Click & Collect basket (null where not tracked)",
    },
    config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      noStore(reply);
      return getAvailability({
        db: app.db,
        need: request.query.need,
        maxSterlingBackPercent: app.config.maxSterlingBackPercent,
      });
    },
  });
};
