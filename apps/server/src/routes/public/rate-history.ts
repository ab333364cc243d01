import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import {
  rateHistoryParamsSchema,
  rateHistoryQuerySchema,
  rateHistoryResponseSchema,
} from "@bureau/domain/contracts/rate-history";
import { getRateHistory } from "../../modules/rates/index.ts";

/** Public rate history of a currency (the chart of /exchangeRates/{code}). */
export const rateHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/currencies/:code/history",
    {
      schema: {
        tags: ["public"],
        summary: "A currency's Click & Collect, Click & Sell and market rates over 1 month, 1 year or 5 years",
        params: rateHistoryParamsSchema,
        querystring: rateHistoryQuerySchema,
        response: { 200: rateHistoryResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return getRateHistory({
        db: app.db,
        code: request.params.code,
        range: request.query.range,
        timeZone: app.config.displayTimeZone,
      });
    },
  );
};
