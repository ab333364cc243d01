import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getCompetitorRates, setCompetitorRates } from "../../modules/compare-rates/index.ts";
import {
  addCurrency,
  checkRate,
  getAdminCurrency,
  listAdminCurrencies,
  updateCurrency,
} from "../../modules/currencies/index.ts";
import { confirmHeldRateMove, getRefreshState, setRefreshEnabled } from "../../modules/rates/index.ts";
import { auditActorOf } from "../../plugins/session.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf, type ZodApp } from "../../lib/endpoint-route.ts";

/** Currencies, margins and live rates for staff. Registered inside the staff-only scope. */
export const currencyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  currencyRoutes(app);
  liveRateRoutes(app);
  competitorRateRoutes(app);
};

/** The currencies on sale: list, one, add, update. */
function currencyRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.currencies.list),
    schema: {
      ...endpoints.admin.currencies.list.schema,
      tags: ["staff"],
      summary: "Every currency with market, buying and selling prices",
    },
    handler: async () => {
      return listAdminCurrencies({ db: app.db });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.currencies.get),
    schema: { ...endpoints.admin.currencies.get.schema, tags: ["staff"], summary: "One currency" },
    handler: async (request) => getAdminCurrency({ db: app.db, code: request.params.code }),
  });

  app.route({
    ...routeOf(endpoints.admin.currencies.add),
    schema: {
      ...endpoints.admin.currencies.add.schema,
      tags: ["staff"],
      summary: "Adds a currency; the market rate is fetched by the server; audited",
    },
    handler: async (request, reply) => {
      const created = await addCurrency({
        db: app.db,
        provider: app.rateProvider,
        input: request.body,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      await app.invalidateCurrencies();
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...routeOf(endpoints.admin.currencies.update),
    schema: {
      ...endpoints.admin.currencies.update.schema,
      tags: ["staff"],
      summary: "Updates a currency's Country Name and margins; audited",
    },
    handler: async (request) => {
      const updated = await updateCurrency({
        db: app.db,
        code: request.params.code,
        input: request.body,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      await app.invalidateCurrencies();
      return updated;
    },
  });
}

/** Live rates: a provider check, a held move's confirmation, and the refresh switch. */
function liveRateRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.rates.check),
    schema: {
      ...endpoints.admin.rates.check.schema,
      tags: ["staff"],
      summary: "The market rate of 1 GBP in a currency from the rates provider (Wrong currency tried when none)",
    },
    config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    handler: async (request) => checkRate({ provider: app.rateProvider, code: request.body.code }),
  });

  app.route({
    ...routeOf(endpoints.admin.rates.confirmHeld),
    schema: {
      ...endpoints.admin.rates.confirmHeld.schema,
      tags: ["staff"],
      summary: "Applies a provider rate the live-rates job held back (it moved more than 10%); audited",
    },
    handler: async (request) => {
      const confirmed = await confirmHeldRateMove({
        db: app.db,
        code: request.params.code,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      await app.invalidateCurrencies();
      return confirmed;
    },
  });

  app.route({
    ...routeOf(endpoints.admin.rates.refreshState),
    schema: {
      ...endpoints.admin.rates.refreshState.schema,
      tags: ["staff"],
      summary: "Whether live rates are on, and when they last refreshed",
    },
    handler: async () => {
      return getRefreshState({ db: app.db, provider: app.rateProvider });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.rates.setRefresh),
    schema: {
      ...endpoints.admin.rates.setRefresh.schema,
      tags: ["staff"],
      summary: "Get the Latest (on) / Stop the Latest (off); persisted; audited",
    },
    handler: async (request) => {
      const state = await setRefreshEnabled({
        db: app.db,
        provider: app.rateProvider,
        enabled: request.body.enabled,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      return state;
    },
  });
}

/** The competitors' rates staff checked, for the public comparison. */
function competitorRateRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.compareRates.get),
    schema: {
      ...endpoints.admin.compareRates.get.schema,
      tags: ["staff"],
      summary: "The competitor figures for £450 in euros shown on the home page",
    },
    handler: async () => {
      return getCompetitorRates({ db: app.db });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.compareRates.set),
    schema: {
      ...endpoints.admin.compareRates.set.schema,
      tags: ["staff"],
      summary: "Sets the competitor figures (euros for £450 and the day checked; null when unknown); audited",
    },
    handler: async (request) =>
      setCompetitorRates({ db: app.db, figures: request.body, actor: auditActorOf(request), requestId: request.id }),
  });
}
