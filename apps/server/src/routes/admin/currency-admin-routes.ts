import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addCurrencyRequestSchema,
  adminCurrencyListSchema,
  adminCurrencySchema,
  rateCheckRequestSchema,
  rateCheckSchema,
  rateRefreshStateSchema,
  rateRefreshToggleSchema,
  updateCurrencyRequestSchema,
} from "@bureau/domain/contracts/dashboard";
import { competitorRatesSettingSchema } from "@bureau/domain/contracts/compare-rates";
import { heldRateConfirmedSchema } from "@bureau/domain/contracts/dashboard";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
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

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};
const codeParams = z.object({ code: z.string().regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code") });

/** Currencies, margins and live rates for staff. Registered inside the staff-only scope. */
export const currencyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/currencies",
    {
      schema: {
        tags: ["staff"],
        summary: "Every currency with market, buying and selling prices",
        response: { 200: adminCurrencyListSchema, ...errors },
      },
    },
    async () => {
      return listAdminCurrencies({ db: app.db });
    },
  );

  app.get(
    "/api/admin/currencies/:code",
    {
      schema: {
        tags: ["staff"],
        summary: "One currency",
        params: codeParams,
        response: { 200: adminCurrencySchema, ...errors },
      },
    },
    async (request) => getAdminCurrency({ db: app.db, code: request.params.code }),
  );

  app.post(
    "/api/admin/rates/check",
    {
      schema: {
        tags: ["staff"],
        summary: "The market rate of 1 GBP in a currency from the rates provider (Wrong currency tried when none)",
        body: rateCheckRequestSchema,
        response: { 200: rateCheckSchema, ...errors },
      },
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    },
    async (request) => checkRate({ provider: app.rateProvider, code: request.body.code }),
  );

  app.post(
    "/api/admin/rates/held/:code/confirm",
    {
      schema: {
        tags: ["staff"],
        summary: "Applies a provider rate the live-rates job held back (it moved more than 10%); audited",
        params: codeParams,
        response: { 200: heldRateConfirmedSchema, ...errors },
      },
    },
    async (request) => {
      const confirmed = await confirmHeldRateMove({
        db: app.db,
        code: request.params.code,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      await app.invalidateCurrencies();
      return confirmed;
    },
  );

  app.post(
    "/api/admin/currencies",
    {
      schema: {
        tags: ["staff"],
        summary: "Adds a currency; the market rate is fetched by the server; audited",
        body: addCurrencyRequestSchema,
        response: { 201: adminCurrencySchema, ...errors },
      },
    },
    async (request, reply) => {
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
  );

  app.put(
    "/api/admin/currencies/:code",
    {
      schema: {
        tags: ["staff"],
        summary: "Updates a currency's Country Name and margins; audited",
        params: codeParams,
        body: updateCurrencyRequestSchema,
        response: { 200: adminCurrencySchema, ...errors },
      },
    },
    async (request) => {
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
  );

  app.get(
    "/api/admin/compare-rates",
    {
      schema: {
        tags: ["staff"],
        summary: "The competitor figures for £450 in euros shown on the home page",
        response: { 200: competitorRatesSettingSchema, ...errors },
      },
    },
    async () => {
      return getCompetitorRates({ db: app.db });
    },
  );

  app.put(
    "/api/admin/compare-rates",
    {
      schema: {
        tags: ["staff"],
        summary: "Sets the competitor figures (euros for £450 and the day checked; null when unknown); audited",
        body: competitorRatesSettingSchema.max(10),
        response: { 200: competitorRatesSettingSchema, ...errors },
      },
    },
    async (request) =>
      setCompetitorRates({ db: app.db, figures: request.body, actor: auditActorOf(request), requestId: request.id }),
  );

  app.get(
    "/api/admin/rates/refresh",
    {
      schema: {
        tags: ["staff"],
        summary: "Whether live rates are on, and when they last refreshed",
        response: { 200: rateRefreshStateSchema, ...errors },
      },
    },
    async () => {
      return getRefreshState({ db: app.db, provider: app.rateProvider });
    },
  );

  app.put(
    "/api/admin/rates/refresh",
    {
      schema: {
        tags: ["staff"],
        summary: "Get the Latest (on) / Stop the Latest (off); persisted; audited",
        body: rateRefreshToggleSchema,
        response: { 200: rateRefreshStateSchema, ...errors },
      },
    },
    async (request) => {
      const state = await setRefreshEnabled({
        db: app.db,
        provider: app.rateProvider,
        enabled: request.body.enabled,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      return state;
    },
  );
};
