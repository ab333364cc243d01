import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getStock } from "../../modules/stock/index.ts";
import { setStock } from "../../modules/stock/index.ts";
import { auditActorOf } from "../../plugins/session.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** Note stock by denomination per branch and currency (issue 17). Registered inside the staff-only scope. */
export const stockAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.stock.view),
    schema: {
      ...endpoints.admin.stock.view.schema,
      tags: ["staff"],
      summary: "A branch's notes of a currency: in stock, reserved by open orders, free; with its audited changes",
    },
    handler: async (request) => getStock({ db: app.db, ...request.query }),
  });

  app.route({
    ...routeOf(endpoints.admin.stock.set),
    schema: {
      ...endpoints.admin.stock.set.schema,
      tags: ["staff"],
      summary: "Set note counts and tracking of a currency at a branch, with a reason (audited)",
    },
    handler: async (request) => {
      const { branch, currency } = request.params;
      await setStock({
        db: app.db,
        branch,
        currency,
        update: request.body,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      return getStock({ db: app.db, branch, currency });
    },
  });
};
