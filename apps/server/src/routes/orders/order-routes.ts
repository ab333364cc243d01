import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createBuybackQuote } from "../../modules/buyback/index.ts";
import { placeOrder } from "../../modules/placement/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { createQuote } from "../../modules/quotes/index.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/** Customers' quotes and orders. No sign-in needed: visitors order as guests (spec §6). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.orders.quote),
    schema: {
      ...endpoints.orders.quote.schema,
      tags: ["ordering"],
      summary: "Price one line with the current rate and hold it for 30 minutes",
    },
    config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      const { buybackToken, ...input } = request.body;
      if (buybackToken !== undefined) {
        // A sale under a buy-back guarantee: priced from the stored order the signed token names.
        const guaranteedOrderId = app.orderLinks.orderIdOf(buybackToken);
        if (!guaranteedOrderId || input.way !== "Sell") {
          throw new AppError("not_found", "This buy-back guarantee link is not valid. Please find your order again.");
        }
        const quote = await createBuybackQuote({
          db: app.db,
          guaranteedOrderId,
          input,
          timeZone: app.config.displayTimeZone,
        });
        return reply.status(201).send(quote);
      }
      const quote = await createQuote({
        db: app.db,
        input,
        limits: app.config.orderLimits,
        cachedCurrencies: async () => (await app.currencyList.get()).value,
      });
      return reply.status(201).send(quote);
    },
  });

  app.route({
    ...routeOf(endpoints.orders.place),
    schema: {
      ...endpoints.orders.place.schema,
      tags: ["ordering"],
      summary: "Place an order from held quotes (idempotent by idempotencyKey)",
    },
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      const { customer, buybackGuarantee, ...rest } = request.body;
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
          buybackGuarantee: buybackGuarantee ? app.config.buybackGuarantee : null,
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
  });
};
