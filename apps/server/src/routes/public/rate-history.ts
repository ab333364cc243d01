import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getRateHistory } from "../../modules/rates/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** Public rate history of a currency (the chart of /exchangeRates/{code}). */
export const rateHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.rates.history),
    schema: {
      ...endpoints.rates.history.schema,
      tags: ["public"],
      summary: "A currency's Click & Collect, Click & Sell and market rates over 1 month, 1 year or 5 years",
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return getRateHistory({
        db: app.db,
        code: request.params.code,
        range: request.query.range,
        timeZone: app.config.displayTimeZone,
      });
    },
  });
};
