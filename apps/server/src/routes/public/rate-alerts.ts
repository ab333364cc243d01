import { myRateAlertMessages } from "@bureau/domain/rate-alert-account";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { rateAlertMessages } from "@bureau/domain/contracts/rate-alerts";
import { noStore } from "../../lib/no-store.ts";
import { loadSession } from "../../plugins/session.ts";
import { confirmRateAlert, openRateAlertConfirmation } from "../../modules/rate-alerts/index.ts";
import { createRateAlert } from "../../modules/rate-alerts/index.ts";
import { openRateAlertUnsubscribe, unsubscribeRateAlerts } from "../../modules/rate-alerts/index.ts";
import { accountMailLimits, attemptLimiter } from "../auth/attempt-limits.ts";
import { orderLinkLimits } from "../orders/tracking-routes.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/**
 * Creating an alert sends an e-mail, so it counts every attempt per client address and per e-mail
 * address asked for (in PostgreSQL, shared by every instance), like the account e-mails: nobody can flood
 * someone's inbox with confirmations. Room for a traveller's few currencies and a correction or two.
 */
export const rateAlertLimits = accountMailLimits("rate-alert-mail", { perAddress: 20, perEmail: 5 });

/** Rate alerts on the rate history page: create (double opt-in), confirm, unsubscribe (also one-click). */
export const rateAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const creations = attemptLimiter(app, "rate alert", rateAlertLimits, "every-attempt");
  // Following the e-mails' links: generous, but not a guessing machine (the order links' limit).
  const linkUses = attemptLimiter(app, "alert link", orderLinkLimits, "every-attempt");
  // A mail system's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058); the
  // body says nothing the address does not, so it is read and ignored (only for these routes).
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.route({
    ...routeOf(endpoints.rateAlerts.create),
    preHandler: creations.enforce,
    schema: {
      ...endpoints.rateAlerts.create.schema,
      tags: ["public"],
      summary:
        "Ask for one e-mail when 1 GBP buys at least a target amount of this currency, above our rate now (confirmed by e-mail, or on at once for the signed-in customer's own verified address)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      // The signed-in customer's own address, proven theirs by its verification, needs no second opt-in.
      const signedIn = await loadSession(request, reply);
      const ownVerifiedAddress =
        signedIn?.user.emailVerified === true && signedIn.user.email.toLowerCase() === request.body.email.toLowerCase();
      const { status } = await createRateAlert({
        db: app.db,
        code: request.params.code,
        ...request.body,
        ownVerifiedAddress,
      });
      return { message: status === "active" ? myRateAlertMessages.createdActive : rateAlertMessages.created, status };
    },
  });

  app.route({
    ...routeOf(endpoints.rateAlerts.openConfirmation),
    preHandler: linkUses.enforce,
    schema: {
      ...endpoints.rateAlerts.openConfirmation.schema,
      tags: ["public"],
      summary: "The alert behind a confirmation link (changes nothing)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      return openRateAlertConfirmation({ db: app.db, links: app.alertLinks, token: request.params.token });
    },
  });

  app.route({
    ...routeOf(endpoints.rateAlerts.confirm),
    preHandler: linkUses.enforce,
    schema: {
      ...endpoints.rateAlerts.confirm.schema,
      tags: ["public"],
      summary: "Switch an alert on from its confirmation link (double opt-in)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      return confirmRateAlert({ db: app.db, links: app.alertLinks, token: request.params.token });
    },
  });

  app.route({
    ...routeOf(endpoints.rateAlerts.openUnsubscribe),
    preHandler: linkUses.enforce,
    schema: {
      ...endpoints.rateAlerts.openUnsubscribe.schema,
      tags: ["public"],
      summary: "The alert behind an unsubscribe link, and how many alerts of its address are waiting (changes nothing)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      return openRateAlertUnsubscribe({ db: app.db, links: app.alertLinks, token: request.params.token });
    },
  });

  app.route({
    ...routeOf(endpoints.rateAlerts.unsubscribe),
    preHandler: linkUses.enforce,
    schema: {
      ...endpoints.rateAlerts.unsubscribe.schema,
      tags: ["public"],
      summary:
        "Stop every waiting alert of the link's address: the unsubscribe page's button and the one-click POST of List-Unsubscribe (RFC 8058)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      return unsubscribeRateAlerts({ db: app.db, links: app.alertLinks, token: request.params.token });
    },
  });
};
