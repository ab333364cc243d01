import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listBoardFeatured } from "../../modules/rate-board/index.ts";
import { setBoardFeatured } from "../../modules/rate-board/index.ts";
import { auditActorOf } from "../../plugins/session.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** The currencies each branch's rate board features. Registered inside the staff-only scope. */
export const boardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.board.featured),
    schema: {
      ...endpoints.admin.board.featured.schema,
      tags: ["staff"],
      summary: "Every branch with the currencies its rate board shows, and whether staff chose them",
    },
    handler: async () => listBoardFeatured({ db: app.db, currencyList: (await app.currencyList.get()).value }),
  });

  app.route({
    ...routeOf(endpoints.admin.board.setFeatured),
    schema: {
      ...endpoints.admin.board.setFeatured.schema,
      tags: ["staff"],
      summary: "Chooses the currencies (on sale, 1 to 10, in board order) a branch's rate board shows; audited",
    },
    handler: async (request) => {
      const saved = await setBoardFeatured({
        db: app.db,
        branchKey: request.params.branch,
        codes: request.body.currencies,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      // The boards listen for currency changes: this wakes them on every instance.
      await app.invalidateCurrencies();
      return saved;
    },
  });
};
