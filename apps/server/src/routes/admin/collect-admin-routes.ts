import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findOrderToCollect } from "../../modules/orders/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";
import { requireOrderOfMyBranch } from "./order-admin-routes.ts";

/** The counter's Collect page: a scanned collection pass or a typed order number to the order. Staff only. */
export const collectAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.collect.find),
    schema: {
      ...endpoints.admin.collect.find.schema,
      tags: ["staff"],
      summary: "The order of a scanned collection pass (`pass`: its token or address) or an order number (`number`)",
    },
    handler: async (request) => {
      const found = await findOrderToCollect({
        db: app.db,
        links: app.orderLinks,
        pass: request.query.pass,
        orderNumber: request.query.number,
      });
      await requireOrderOfMyBranch(app, request, found.id);
      return found;
    },
  });
};
