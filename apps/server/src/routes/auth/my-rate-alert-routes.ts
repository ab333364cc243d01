import { myRateAlertMessages } from "@bureau/domain/rate-alert-account";
import type { FastifyRequest } from "fastify";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { AppError } from "../../lib/app-error.ts";
import { routeOf, type ZodApp } from "../../lib/endpoint-route.ts";
import { noStore } from "../../lib/no-store.ts";
import {
  type AlertOwner,
  deleteMyRateAlert,
  listMyRateAlerts,
  pauseMyRateAlert,
  resumeMyRateAlert,
} from "../../modules/rate-alerts/index.ts";
import { requireUser, signedInSession } from "../../plugins/session.ts";

/**
 * The alerts of the signed-in customer's address. Alerts are matched by e-mail, so the address must be
 * proven to be this person's first (decision 014, as for My orders).
 */
function alertOwner(request: FastifyRequest): AlertOwner {
  const { user } = signedInSession(request);
  if (!user.emailVerified) throw new AppError("forbidden", myRateAlertMessages.unverified);
  return { userId: user.id, email: user.email };
}

/** My rate alerts: the list, and pause, resume and delete of one's own alerts (POST and DELETE, never GET). */
export function myRateAlertRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.account.rateAlerts.list),
    schema: {
      ...endpoints.account.rateAlerts.list.schema,
      tags: ["account"],
      summary:
        "My rate alerts: every alert of the signed-in customer's verified e-mail, newest first, with our rate now",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      return { alerts: await listMyRateAlerts({ db: app.db, owner: alertOwner(request) }) };
    },
  });

  app.route({
    ...routeOf(endpoints.account.rateAlerts.pause),
    schema: {
      ...endpoints.account.rateAlerts.pause.schema,
      tags: ["account"],
      summary: "Pauses one of my alerts that is on (audited)",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const owner = alertOwner(request);
      return pauseMyRateAlert({ db: app.db, owner, alertId: request.params.id, requestId: request.id });
    },
  });

  app.route({
    ...routeOf(endpoints.account.rateAlerts.resume),
    schema: {
      ...endpoints.account.rateAlerts.resume.schema,
      tags: ["account"],
      summary: "Switches one of my paused alerts back on, unless our rate already meets its target (audited)",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const owner = alertOwner(request);
      return resumeMyRateAlert({ db: app.db, owner, alertId: request.params.id, requestId: request.id });
    },
  });

  app.route({
    ...routeOf(endpoints.account.rateAlerts.remove),
    schema: {
      ...endpoints.account.rateAlerts.remove.schema,
      tags: ["account"],
      summary: "Deletes one of my alerts (audited)",
    },
    onRequest: requireUser,
    handler: async (request, reply) => {
      noStore(reply);
      const owner = alertOwner(request);
      return deleteMyRateAlert({ db: app.db, owner, alertId: request.params.id, requestId: request.id });
    },
  });
}
