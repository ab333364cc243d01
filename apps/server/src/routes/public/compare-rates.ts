import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getCompareRates } from "../../modules/compare-rates/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** The home page's compare-rates block (PRODUCT.md decision 10). */
export const compareRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.rates.compare),
    schema: {
      ...endpoints.rates.compare.schema,
      tags: ["public"],
      summary: "What £450 buys in euros with us (live) and with competitors (figures checked by staff)",
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "public, max-age=30, stale-while-revalidate=60");
      return getCompareRates({
        db: app.db,
        onInvalidSetting: (problem) => request.log.warn({ problem }, "competitor_rates setting is malformed"),
      });
    },
  });
};
