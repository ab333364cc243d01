import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { boardFeaturedListSchema, setBoardFeaturedRequestSchema } from "@bureau/domain/contracts/rate-board";
import { listBoardFeatured } from "../../modules/rate-board/index.ts";
import { setBoardFeatured } from "../../modules/rate-board/index.ts";
import { auditActorOf } from "../../plugins/session.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The currencies each branch's rate board features. Registered inside the staff-only scope. */
export const boardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/board/featured",
    {
      schema: {
        tags: ["staff"],
        summary: "Every branch with the currencies its rate board shows, and whether staff chose them",
        response: { 200: boardFeaturedListSchema, ...errors },
      },
    },
    async () => listBoardFeatured({ db: app.db, currencyList: (await app.currencyList.get()).value }),
  );

  app.put(
    "/api/admin/board/featured/:branch",
    {
      schema: {
        tags: ["staff"],
        summary: "Chooses the currencies (on sale, 1 to 10, in board order) a branch's rate board shows; audited",
        params: z.object({ branch: z.string().min(1).max(40) }),
        body: setBoardFeaturedRequestSchema,
        response: { 200: z.object({ key: z.string(), currencies: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => {
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
  );
};
