import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listBranches } from "../../modules/branches/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** Public, read-only reference data: currencies with customer rates, branches. */
export const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const currencyList = app.currencyList;

  app.route({
    ...routeOf(endpoints.reference.currencies),
    schema: {
      ...endpoints.reference.currencies.schema,
      tags: ["public"],
      summary: "Every currency on sale with its customer rates (4 decimals)",
    },
    handler: async (request, typedReply) => {
      // The body is sent pre-serialised, so step outside the typed reply here.
      const reply = typedReply as unknown as FastifyReply;
      const { body, etag } = await currencyList.get();
      reply.header("etag", etag).header("cache-control", "public, max-age=30, stale-while-revalidate=60");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      // Already serialised and validated when cached: skip re-serialisation.
      return reply
        .type("application/json; charset=utf-8")
        .serializer((payload) => payload as string)
        .send(body);
    },
  });

  app.route({
    ...routeOf(endpoints.reference.branches),
    schema: {
      ...endpoints.reference.branches.schema,
      tags: ["public"],
      summary: "The collection points with address, phone and opening hours",
    },
    handler: async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return listBranches({ db: app.db });
    },
  });
};
