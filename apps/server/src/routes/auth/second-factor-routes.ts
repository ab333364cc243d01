import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error.ts";
import { hasSecondFactor } from "../../modules/users/index.ts";
import { confirmSecondFactor, startSecondFactorEnrolment } from "../../modules/users/index.ts";
import { noStore } from "../../lib/no-store.ts";
import { requireUser, signedInSession } from "../../plugins/session.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

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

  app.route({
    ...routeOf(endpoints.account.secondFactor.status),
    schema: {
      ...endpoints.account.secondFactor.status.schema,
      tags: ["account"],
      summary: "Whether the signed-in person has an authenticator set up",
    },
    onRequest: requireUser,
    handler: async (request) => ({ enrolled: await hasSecondFactor(scope.db, signedInSession(request).user.id) }),
  });

  app.route({
    ...routeOf(endpoints.account.secondFactor.startEnrolment),
    schema: {
      ...endpoints.account.secondFactor.startEnrolment.schema,
      tags: ["account"],
      summary:
        "Admins with their e-mailed set-up link's token: a new authenticator secret, as a QR code and as text (not yet in force)",
    },
    onRequest: [requireUser, adminsOnly],
    handler: async (request) => {
      const { user } = signedInSession(request);
      return startSecondFactorEnrolment({
        db: scope.db,
        authSecret: scope.config.authSecret,
        userId: user.id,
        accountLabel: user.email,
        enrolmentToken: request.body?.enrolmentToken,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.account.secondFactor.confirm),
    schema: {
      ...endpoints.account.secondFactor.confirm.schema,
      tags: ["account"],
      summary: "Admins: puts the new authenticator in force with its current code; answers the recovery codes once",
    },
    onRequest: [requireUser, adminsOnly],
    handler: async (request) => {
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
  });
}

async function adminsOnly(request: FastifyRequest) {
  if (signedInSession(request).user.role === "user") {
    throw new AppError("forbidden", "An authenticator is for staff accounts only.");
  }
}
