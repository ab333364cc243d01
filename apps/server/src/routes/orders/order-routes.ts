import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  orderReceiptSchema,
  placeOrderRequestSchema,
  quoteRequestSchema,
  quoteSchema,
} from "@bureau/domain/contracts/orders";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { placeOrder } from "../../modules/placement/place-order.ts";
import { createQuote } from "../../modules/quotes/create-quote.ts";

/** Customers' quotes and orders. No sign-in needed: visitors order as guests (spec §6). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/quotes",
    {
      schema: {
        tags: ["ordering"],
        summary: "Price one line with the current rate and hold it for 30 minutes",
        body: quoteRequestSchema,
        response: {
          201: quoteSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          422: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const quote = await createQuote({
        db: app.db,
        input: request.body,
        limits: app.config.orderLimits,
        cachedCurrencies: async () => (await app.currencyList.get()).value,
      });
      return reply.status(201).send(quote);
    },
  );

  app.post(
    "/api/orders",
    {
      schema: {
        tags: ["ordering"],
        summary: "Place an order from held quotes (idempotent by idempotencyKey)",
        body: placeOrderRequestSchema,
        response: {
          200: orderReceiptSchema,
          201: orderReceiptSchema,
          400: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { customer, ...rest } = request.body;
      const { orderId, receipt, created } = await placeOrder({
        db: app.db,
        limits: app.config.orderLimits,
        sanctionsThreshold: app.config.sanctionsMatchThreshold,
        dueDiligence: app.config.dueDiligence,
        riskRules: app.config.riskRules,
        timeZone: app.config.displayTimeZone,
        maxSterlingBackPercent: app.config.maxSterlingBackPercent,
        input: {
          ...rest,
          customer: {
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phone: customer.phone,
          },
        },
      });
      if (created) app.metrics.ordersPlaced.inc();
      // The confirmation links to the order page with the same signed token as the e-mails.
      return reply.status(created ? 201 : 200).send({ ...receipt, accessToken: app.orderLinks.tokenFor(orderId) });
    },
  );
};
