import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { branchKeys } from "@bureau/domain/contracts/reference-data";
import { stockQuerySchema, stockUpdateSchema, stockViewSchema } from "@bureau/domain/contracts/stock";
import { getStock } from "../../modules/stock/index.ts";
import { setStock } from "../../modules/stock/index.ts";
import { auditActorOf } from "../../plugins/session.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const stockParams = z.object({
  branch: z.enum(branchKeys, { error: "There is no such branch." }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
    .transform((code) => code.toUpperCase()),
});

/** Note stock by denomination per branch and currency (issue 17). Registered inside the staff-only scope. */
export const stockAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/stock",
    {
      schema: {
        tags: ["staff"],
        summary: "A branch's notes of a currency: in stock, reserved by open orders, free; with its audited changes",
        querystring: stockQuerySchema,
        response: { 200: stockViewSchema, ...errors },
      },
    },
    async (request) => getStock({ db: app.db, ...request.query }),
  );

  app.put(
    "/api/admin/stock/:branch/:currency",
    {
      schema: {
        tags: ["staff"],
        summary: "Set note counts and tracking of a currency at a branch, with a reason (audited)",
        params: stockParams,
        body: stockUpdateSchema,
        response: { 200: stockViewSchema, ...errors },
      },
    },
    async (request) => {
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
  );
};
