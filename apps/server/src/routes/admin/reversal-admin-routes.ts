import { endpoints } from "@bureau/domain/contracts/endpoints";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routeOf } from "../../lib/endpoint-route.ts";
import {
  approveReversal,
  listRequestedReversals,
  refuseReversal,
  requestReversal,
} from "../../modules/reversals/index.ts";
import { actingStaffOf, branchScopeOf, requireBranch } from "../../plugins/session.ts";

/**
 * Reversals (issue 33 item 4, docs/features/reversals.md): staff at the order's branch ask for a
 * completed order or trade to be reversed with a reason; a manager at that branch (or an admin) who did
 * not ask approves or refuses it. Registered inside the staff-only scope; the matrix gives
 * "reversal.request" and "reversal.approve". Nothing here e-mails the customer.
 */
export const reversalAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.reversals.request),
    schema: {
      ...endpoints.admin.reversals.request.schema,
      tags: ["staff"],
      summary:
        "Ask for a completed order or trade at one of one's branches to be reversed, with a reason (audited); 409 when it is not completed, already reversed or a reversal is already requested; nothing moves until a manager approves",
    },
    handler: async (request, reply) => {
      const reversal = await requestReversal({
        db: app.db,
        orderId: request.params.id,
        reason: request.body.reason,
        actor: actingStaffOf(request),
        requestId: request.id,
      });
      return reply.code(201).send(reversal);
    },
  });

  app.route({
    ...routeOf(endpoints.admin.reversals.list),
    schema: {
      ...endpoints.admin.reversals.list.schema,
      tags: ["staff"],
      summary: "Reversals waiting for a decision at a branch or at all of one's branches, oldest first",
    },
    handler: async (request) => {
      if (request.query.branch) requireBranch(request, request.query.branch);
      return listRequestedReversals({
        db: app.db,
        branchScope: branchScopeOf(request),
        branchKey: request.query.branch,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.reversals.approve),
    schema: {
      ...endpoints.admin.reversals.approve.schema,
      tags: ["staff"],
      summary:
        "A manager at the order's branch who did not ask approves the reversal: the completion's till movements are written negated, its notes go back into or out of stock, the order is marked reversed (audited; the customer is not e-mailed). 409 when decided, when the stock no longer holds the notes, or when no till is open to take the money",
    },
    handler: async (request) =>
      approveReversal({
        db: app.db,
        reversalId: request.params.id,
        actor: actingStaffOf(request),
        requestId: request.id,
      }),
  });

  app.route({
    ...routeOf(endpoints.admin.reversals.refuse),
    schema: {
      ...endpoints.admin.reversals.refuse.schema,
      tags: ["staff"],
      summary:
        "A manager at the order's branch who did not ask refuses the reversal with a note (audited); nothing else changes",
    },
    handler: async (request) =>
      refuseReversal({
        db: app.db,
        reversalId: request.params.id,
        actor: actingStaffOf(request),
        note: request.body.note,
        requestId: request.id,
      }),
  });
};
