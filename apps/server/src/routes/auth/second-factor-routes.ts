import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  secondFactorConfirmRequestSchema,
  secondFactorConfirmResponseSchema,
  secondFactorEnrolmentRequestSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
} from "@bureau/domain/contracts/accounts";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { AppError } from "../../lib/app-error.ts";
import { hasSecondFactor } from "../../modules/users/index.ts";
import { confirmSecondFactor, startSecondFactorEnrolment } from "../../modules/users/index.ts";
import { noStore } from "../../lib/no-store.ts";
import { requireUser, signedInSession } from "../../plugins/session.ts";

/**
 * The staff second factor, set up by the admin themself with the link e-mailed to them (docs/decisions/011, 032): whether it is set up,
 * a new secret with its QR code, and its confirmation with a current code (which answers the recovery
 * codes, once). Answers carry secrets: never cached.
 */
export async function secondFactorRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  scope.addHook("onRequest", async (_request, reply) => {
    noStore(reply);
  });

  app.get(
    "/api/account/second-factor",
    {
      schema: {
        tags: ["account"],
        summary: "Whether the signed-in person has an authenticator set up",
        response: { 200: secondFactorStatusSchema, 401: apiErrorSchema },
      },
      onRequest: requireUser,
    },
    async (request) => ({ enrolled: await hasSecondFactor(scope.db, signedInSession(request).user.id) }),
  );

  app.post(
    "/api/account/second-factor/enrolment",
    {
      schema: {
        tags: ["account"],
        summary:
          "Admins with their e-mailed set-up link's token: a new authenticator secret, as a QR code and as text (not yet in force)",
        body: secondFactorEnrolmentRequestSchema.optional(),
        response: { 200: secondFactorEnrolmentSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
      onRequest: [requireUser, adminsOnly],
    },
    async (request) => {
      const { user } = signedInSession(request);
      return startSecondFactorEnrolment({
        db: scope.db,
        authSecret: scope.config.authSecret,
        userId: user.id,
        accountLabel: user.email,
        enrolmentToken: request.body?.enrolmentToken,
      });
    },
  );

  app.post(
    "/api/account/second-factor/confirm",
    {
      schema: {
        tags: ["account"],
        summary: "Admins: puts the new authenticator in force with its current code; answers the recovery codes once",
        body: secondFactorConfirmRequestSchema,
        response: {
          200: secondFactorConfirmResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      onRequest: [requireUser, adminsOnly],
    },
    async (request) => {
      const { user } = signedInSession(request);
      return confirmSecondFactor({
        db: scope.db,
        authSecret: scope.config.authSecret,
        userId: user.id,
        code: request.body.code,
        enrolmentToken: request.body.enrolmentToken,
        actorEmail: user.email,
        requestId: request.id,
      });
    },
  );
}

async function adminsOnly(request: FastifyRequest) {
  if (signedInSession(request).user.role !== "admin") {
    throw new AppError("forbidden", "An authenticator is for staff accounts only.");
  }
}
