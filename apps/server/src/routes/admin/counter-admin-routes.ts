import { endpoints } from "@bureau/domain/contracts/endpoints";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routeOf } from "../../lib/endpoint-route.ts";
import { counterView, makeWalkInTrade, setCounterMargins } from "../../modules/counter/index.ts";
import { auditActorOf, requireBranch, signedInSession } from "../../plugins/session.ts";

/**
 * Walk-in trades at the counter (issue 33 item 3, docs/features/counter.md). Registered inside the
 * staff-only scope; the matrix gives "counter.trade" (cashiers, managers, admins at their branches) and
 * "rates.manage" for the counter's margins.
 */
export const counterAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.counter.view),
    schema: {
      ...endpoints.admin.counter.view.schema,
      tags: ["staff"],
      summary:
        "The counter at a branch one works at: each active currency's We sell and We buy rates (its counter margins where set), COUNTER_ID_FROM_GBP, and whether one's till is open there",
    },
    handler: async (request) => {
      requireBranch(request, request.query.branch);
      return counterView({
        db: app.db,
        branchKey: request.query.branch,
        cashierId: signedInSession(request).user.id,
        idFromGbpMinor: app.config.counterIdFromGbpMinor,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.counter.trade),
    schema: {
      ...endpoints.admin.counter.trade.schema,
      tags: ["staff"],
      summary:
        "Make a walk-in trade at a branch one works at, with one's till open there: priced at the counter's rates, placed through the placement's decisions (screening, linked totals, due diligence, holds) and completed at once (201) with the payment and the notes moving the till and stock; 202 when compliance holds it (nothing changes hands). The same idempotencyKey answers the same trade",
    },
    handler: async (request, reply) => {
      const { branch, idempotencyKey, ...input } = request.body;
      requireBranch(request, branch);
      const result = await makeWalkInTrade({
        db: app.db,
        cashier: auditActorOf(request),
        branchKey: branch,
        idempotencyKey,
        input: { ...input, idType: input.idType || undefined },
        placement: {
          sanctionsThreshold: app.config.sanctionsMatchThreshold,
          dueDiligence: app.config.dueDiligence,
          riskRules: app.config.riskRules,
          timeZone: app.config.displayTimeZone,
          maxSterlingBackPercent: app.config.maxSterlingBackPercent,
        },
        counterIdFromGbpMinor: app.config.counterIdFromGbpMinor,
        timeZone: app.config.displayTimeZone,
        requestId: request.id,
      });
      return reply.code(result.status === "completed" ? 201 : 202).send(result);
    },
  });

  app.route({
    ...routeOf(endpoints.admin.counter.setMargins),
    schema: {
      ...endpoints.admin.counter.setMargins.schema,
      tags: ["staff"],
      summary:
        "Set a currency's counter margins (both, in percent; both null to use the online margins), under the online margins' rule (audited)",
    },
    handler: async (request) =>
      setCounterMargins({
        db: app.db,
        code: request.params.code,
        sellMargin: request.body.sellMargin,
        buyMargin: request.body.buyMargin,
        actor: auditActorOf(request),
        requestId: request.id,
      }),
  });
};
