import { endpoints } from "@bureau/domain/contracts/endpoints";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routeOf, type ZodApp } from "../../lib/endpoint-route.ts";
import {
  closeTill,
  listTillsAwaitingSignOff,
  moveTillCash,
  openTill,
  signOffTill,
  tillOf,
} from "../../modules/till/index.ts";
import { actingStaffOf, auditActorOf, requireBranch, signedInSession } from "../../plugins/session.ts";

/**
 * The till (issue 33 item 2): a cashier's own till at a branch they work at (open with the float
 * counted, close with the drawer counted), and a manager's sign-off of a variance above
 * TILL_VARIANCE_SIGNOFF_GBP. Registered inside the staff-only scope; the matrix gives "till.own" and
 * "till.signoff".
 */
export const tillAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerOwnTillRoutes(app);
  registerSignOffRoutes(app);
};

/** A cashier's own till: the page's data, open, cash to or from the safe, close. */
function registerOwnTillRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.till.mine),
    schema: {
      ...endpoints.admin.till.mine.schema,
      tags: ["staff"],
      summary:
        "What a till counts at a branch (sterling and each tracked currency by denomination) and the signed-in staff member's till there that is not closed, with its float and expected close",
    },
    handler: async (request) => {
      requireBranch(request, request.query.branch);
      return tillOf({
        db: app.db,
        cashierId: signedInSession(request).user.id,
        branchKey: request.query.branch,
        signOffAboveGbpMinor: app.config.tillVarianceSignOffGbpMinor,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.till.open),
    schema: {
      ...endpoints.admin.till.open.schema,
      tags: ["staff"],
      summary:
        "Open one's till at a branch one works at with the float counted by denomination (audited); 409 when a till there is not closed",
    },
    handler: async (request, reply) => {
      requireBranch(request, request.body.branch);
      const till = await openTill({
        db: app.db,
        branchKey: request.body.branch,
        cashier: auditActorOf(request),
        counts: request.body.counts,
        requestId: request.id,
      });
      return reply.code(201).send(till);
    },
  });

  app.route({
    ...routeOf(endpoints.admin.till.close),
    schema: {
      ...endpoints.admin.till.close.schema,
      tags: ["staff"],
      summary:
        "Close one's own till with the drawer counted by denomination; the variance per currency is answered. Above TILL_VARIANCE_SIGNOFF_GBP the count is kept, the till waits for a manager's sign-off and the answer is 409 naming the variance",
    },
    handler: async (request) =>
      closeTill({
        db: app.db,
        tillId: request.params.id,
        actor: actingStaffOf(request),
        counts: request.body.counts,
        signOffAboveGbpMinor: app.config.tillVarianceSignOffGbpMinor,
        requestId: request.id,
      }),
  });

  app.route({
    ...routeOf(endpoints.admin.till.moveCash),
    schema: {
      ...endpoints.admin.till.moveCash.schema,
      tags: ["staff"],
      summary:
        "Record cash moved between one's own open till and the safe (in or out), counted by denomination with a reason; out of the drawer no more than it should hold (audited)",
    },
    handler: async (request) =>
      moveTillCash({
        db: app.db,
        tillId: request.params.id,
        actor: actingStaffOf(request),
        move: request.body,
        requestId: request.id,
      }),
  });
}

/** A manager's part: the tills of their branches waiting for a sign-off, and the sign-off. */
function registerSignOffRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.till.awaitingSignOff),
    schema: {
      ...endpoints.admin.till.awaitingSignOff.schema,
      tags: ["staff"],
      summary:
        "Tills counted with a variance above the threshold and waiting for a sign-off, at a branch or at all of one's branches",
    },
    handler: async (request) => {
      if (request.query.branch) requireBranch(request, request.query.branch);
      return listTillsAwaitingSignOff({ db: app.db, actor: actingStaffOf(request), branchKey: request.query.branch });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.till.signOff),
    schema: {
      ...endpoints.admin.till.signOff.schema,
      tags: ["staff"],
      summary:
        "A manager at the till's branch, not its cashier, signs off the variance with a reason; the till closes (audited)",
    },
    handler: async (request) =>
      signOffTill({
        db: app.db,
        tillId: request.params.id,
        actor: actingStaffOf(request),
        reason: request.body.reason,
        requestId: request.id,
      }),
  });
}
