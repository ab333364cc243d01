import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { compareRatesSchema } from "@bureau/domain/contracts/compare-rates";
import { getCompareRates } from "../../modules/compare-rates/index.ts";

/** The home page's compare-rates block (PRODUCT.md decision 10). */
export const compareRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/compare-rates",
    {
      schema: {
        tags: ["public"],
        summary: "What £450 buys in euros with us (live) and with competitors (figures checked by staff)",
        response: { 200: compareRatesSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=30, stale-while-revalidate=60");
      return getCompareRates({
        db: app.db,
        onInvalidSetting: (problem) => request.log.warn({ problem }, "competitor_rates setting is malformed"),
      });
    },
  );
};
