import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listUsers, makeAdmin, resetSecondFactor, setStaffRole, setUserDisabled } from "../../modules/users/index.ts";
import { actingStaffOf, auditActorOf, requirePermission, requireStaff } from "../../plugins/session.ts";
import { permissionOfAdminRoute } from "@bureau/domain/staff-permissions";
import { auditAdminRoutes } from "./audit-admin-routes.ts";
import { boardAdminRoutes } from "./board-admin-routes.ts";
import { collectAdminRoutes } from "./collect-admin-routes.ts";
import { complianceOverviewRoutes } from "./compliance-overview-routes.ts";
import { currencyAdminRoutes } from "./currency-admin-routes.ts";
import { orderAdminRoutes } from "./order-admin-routes.ts";
import { reportAdminRoutes } from "./report-admin-routes.ts";
import { sanctionsAdminRoutes } from "./sanctions-admin-routes.ts";
import { stockAdminRoutes } from "./stock-admin-routes.ts";
import { tillAdminRoutes } from "./till-admin-routes.ts";
import { counterAdminRoutes } from "./counter-admin-routes.ts";
import { reversalAdminRoutes } from "./reversal-admin-routes.ts";
import { warningsAdminRoutes } from "./warnings-admin-routes.ts";
import { noStore } from "../../lib/no-store.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/**
 * Staff API under /api/admin. Every route registered inside this plugin is protected by
 * construction: the onRequest hook below runs before anything else (even body parsing) and answers
 * 401 to anonymous visitors and 403 to anyone who is not an admin with a staff-verified session.
 * apps/server/src/routes/admin/admin-routes.test.ts walks the server's route table and fails if any
 * /api/admin route answers otherwise, so a route added outside this scope is caught too.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  protectAsStaffOnly(app);

  await app.register(userAdminRoutes);
  await app.register(orderAdminRoutes);
  await app.register(currencyAdminRoutes);
  await app.register(stockAdminRoutes);
  await app.register(tillAdminRoutes);
  await app.register(counterAdminRoutes);
  await app.register(reversalAdminRoutes);
  await app.register(boardAdminRoutes);
  await app.register(sanctionsAdminRoutes);
  await app.register(collectAdminRoutes);
  await app.register(reportAdminRoutes);
  await app.register(auditAdminRoutes);
  await app.register(complianceOverviewRoutes);
  await app.register(warningsAdminRoutes);
  // Further staff areas register their plugins HERE, inside this protected scope.
  // Inside them, `auditActorOf(request)` is the acting admin (for audit entries).
};

/**
 * Puts the staff check in front of every route of this scope (and of scopes registered in it), then the
 * permission the matrix gives that route (decision 035): a route the matrix does not name stops the
 * server at start. Every answer, refusals included, is marked no-store: staff data must not stay in a
 * shared or browser cache.
 */
export function protectAsStaffOnly(scope: FastifyInstance) {
  scope.addHook("onRequest", async (_request, reply) => {
    noStore(reply);
  });
  scope.addHook("onRequest", requireStaff);
  scope.addHook("onRoute", (route) => {
    const methods = [route.method].flat().filter((method) => method !== "HEAD");
    if (methods.length === 0) return; // the HEAD twin of a GET route carries the GET's own hooks
    const permission = permissionOfAdminRoute(methods[0]!, route.url);
    if (!permission)
      throw new Error(`${methods[0]} ${route.url} has no permission in packages/domain/src/staff-permissions.ts`);
    route.onRequest = [...[route.onRequest ?? []].flat(), requirePermission(permission)];
  });
}

export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.admin.users.list),
    schema: {
      ...endpoints.admin.users.list.schema,
      tags: ["staff"],
      summary: "Users with e-mail and role, oldest first, one keyset page at a time",
    },
    handler: async (request) => {
      return listUsers({ db: app.db, after: request.query.after, limit: request.query.limit });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.users.makeAdmin),
    schema: {
      ...endpoints.admin.users.makeAdmin.schema,
      tags: ["staff"],
      summary: "Makes a user an Admin (409 when already Admin); audited",
    },
    handler: async (request) =>
      makeAdmin({
        db: app.db,
        userId: request.params.id,
        actor: auditActorOf(request),
        requestId: request.id,
        publicUrl: app.config.publicUrl,
      }),
  });

  app.route({
    ...routeOf(endpoints.admin.users.resetSecondFactor),
    schema: {
      ...endpoints.admin.users.resetSecondFactor.schema,
      tags: ["staff"],
      summary:
        "Resets another staff member's authenticator: it and their Secure Box passes end, and a new set-up link is e-mailed to them; audited",
    },
    handler: async (request) =>
      resetSecondFactor({
        db: app.db,
        userId: request.params.id,
        actor: actingStaffOf(request),
        requestId: request.id,
        publicUrl: app.config.publicUrl,
      }),
  });

  app.route({
    ...routeOf(endpoints.admin.users.setRole),
    schema: {
      ...endpoints.admin.users.setRole.schema,
      tags: ["staff"],
      summary:
        "Gives a role and branches (an admin any; a manager cashier at their own branches; role user demotes); the last admin stays; audited",
    },
    handler: async (request) =>
      setStaffRole({
        db: app.db,
        userId: request.params.id,
        role: request.body.role,
        branches: request.body.branches,
        actor: actingStaffOf(request),
        requestId: request.id,
        publicUrl: app.config.publicUrl,
      }),
  });

  for (const [endpoint, disabled] of [
    [endpoints.admin.users.disable, true],
    [endpoints.admin.users.enable, false],
  ] as const) {
    app.route({
      ...routeOf(endpoint),
      schema: {
        ...endpoint.schema,
        tags: ["staff"],
        summary: disabled
          ? "Disables an account: no sign-in, every session ends (never the last admin); audited"
          : "Enables a disabled account again; audited",
      },
      handler: async (request) =>
        setUserDisabled({
          db: app.db,
          userId: request.params.id,
          disabled,
          actor: actingStaffOf(request),
          requestId: request.id,
        }),
    });
  }
};
