import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { AppError } from "../../lib/app-error.ts";
import { routeOf } from "../../lib/endpoint-route.ts";
import { noStore } from "../../lib/no-store.ts";
import { ORDER_LINK_INVALID_MESSAGE, orderOfToken, type TrackingContext } from "../../modules/orders/index.ts";
import { amendOrder, quoteAmendment } from "../../modules/placement/index.ts";
import type { attemptLimiter } from "../auth/attempt-limits.ts";

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The customer's amendment of a Pending order (docs/features/amend-order.md), authorised by the order's
 * signed token and limited exactly as the customer's own cancel (the order-link uses per address), and
 * per minute as the basket's quotes and orders are. Both are POSTs: checking the price stores quotes.
 */
export function registerAmendmentRoutes(
  app: App,
  { linkUses, tracking }: { linkUses: ReturnType<typeof attemptLimiter>; tracking: () => TrackingContext },
) {
  /** The order behind a signed token, or the same answer as a bad link's. */
  const orderIdOfToken = (token: string) => {
    const orderId = app.orderLinks.orderIdOf(token);
    if (!orderId) throw new AppError("not_found", ORDER_LINK_INVALID_MESSAGE);
    return orderId;
  };

  app.route({
    ...routeOf(endpoints.orders.amendQuote),
    preHandler: linkUses.enforce,
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    schema: {
      ...endpoints.orders.amendQuote.schema,
      tags: ["ordering"],
      summary: "Price a Pending order's new amounts and branch afresh, beside what it holds now (changes nothing)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      return quoteAmendment({
        db: app.db,
        orderId: orderIdOfToken(request.body.token),
        branch: request.body.branch,
        amountsMinor: request.body.amountsMinor,
        limits: app.config.orderLimits,
        maxSterlingBackPercent: app.config.maxSterlingBackPercent,
        cachedCurrencies: async () => (await app.currencyList.get()).value,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.orders.amend),
    preHandler: linkUses.enforce,
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    schema: {
      ...endpoints.orders.amend.schema,
      tags: ["ordering"],
      summary: "The customer amends their Pending order from new quotes (idempotent by idempotencyKey)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      const { token, ...amendment } = request.body;
      await amendOrder({
        db: app.db,
        orderId: orderIdOfToken(token),
        request: amendment,
        rules: {
          limits: app.config.orderLimits,
          dueDiligence: app.config.dueDiligence,
          riskRules: app.config.riskRules,
          timeZone: app.config.displayTimeZone,
          maxSterlingBackPercent: app.config.maxSterlingBackPercent,
        },
      });
      return orderOfToken(app.db, tracking(), token);
    },
  });
}
