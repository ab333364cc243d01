import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { findOrderToCollect } from "../../modules/orders/index.ts";

/** The counter's Collect page: a scanned collection pass or a typed order number to the order. Staff only. */
export const collectAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/collect",
    {
      schema: {
        tags: ["staff"],
        summary: "The order of a scanned collection pass (`pass`: its token or address) or an order number (`number`)",
        querystring: z
          .object({ pass: z.string().min(1).max(500).optional(), number: z.string().max(40).optional() })
          .strict()
          .refine(
            (q) => (q.pass === undefined) !== (q.number === undefined),
            "Give a collection pass or an order number",
          ),
        response: {
          200: z.object({ id: z.string(), orderNumber: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) =>
      findOrderToCollect({
        db: app.db,
        links: app.orderLinks,
        pass: request.query.pass,
        orderNumber: request.query.number,
      }),
  );
};
