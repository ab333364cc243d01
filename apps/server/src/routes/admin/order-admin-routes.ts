import { roleMay } from "@bureau/domain/staff-permissions";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { displayDates } from "@bureau/domain/dates";
import { clearHold } from "../../modules/compliance/index.ts";
import { exportCustomerData } from "../../modules/data-rights/index.ts";
import { listPhoneOnlyOrders } from "../../modules/data-rights/index.ts";
import { listFlaggedOrders } from "../../modules/compliance/index.ts";
import { listSuspicionReports } from "../../modules/compliance/index.ts";
import { raiseSuspicionReport } from "../../modules/compliance/index.ts";
import { getStatistics } from "../../modules/dashboard/index.ts";
import { archiveOrder } from "../../modules/orders/index.ts";
import { branchOfOrder, getOrderDetails } from "../../modules/orders/index.ts";
import { exportOrdersCsv } from "../../modules/orders/index.ts";
import { listOrders } from "../../modules/orders/index.ts";
import { transitionOrder } from "../../modules/orders/index.ts";
import { auditActorOf, branchScopeOf, requireBranch, signedInSession } from "../../plugins/session.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf, type ZodApp } from "../../lib/endpoint-route.ts";

/** Staff order lists, details, lifecycle actions and statistics. Registered inside the staff-only scope. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  orderReadRoutes(app);
  orderLifecycleRoutes(app);
  orderComplianceRoutes(app);
  orderDataRightsRoutes(app);
};

/** The order list, its CSV export, one order's details and the statistics. */
function orderReadRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.orders.list),
    schema: {
      ...endpoints.admin.orders.list.schema,
      tags: ["staff"],
      summary: "One page of orders in a status, newest first, searchable by number, name, e-mail or phone",
    },
    handler: async (request) => {
      return listOrders({
        db: app.db,
        timeZone: app.config.displayTimeZone,
        branchScope: branchScopeOf(request),
        ...request.query,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.orders.csv),
    schema: {
      ...endpoints.admin.orders.csv.schema,
      tags: ["staff"],
      summary:
        "The orders matching the list filters (any status when none is given) as a CSV download, one record per order line, streamed",
    },
    handler: async (request, typedReply) => {
      const filters = request.query;
      const timeZone = app.config.displayTimeZone;
      // Personal data leaving the system: who took which export is in the server's log. Not an audit
      // entry: no staff GET changes any table (admin-routes.test.ts), and this is a read (docs/features/collection-pass-and-rate-board.md).
      request.log.info(
        { staffId: auditActorOf(request).id, filters: { ...filters, q: filters.q ? "[search]" : undefined } },
        "order export",
      );
      const stream = exportOrdersCsv({ db: app.db, filters, timeZone, branchScope: branchScopeOf(request) });
      stream.on("error", (error) => request.log.error({ err: error }, "order export failed part way"));
      // A stream, not the typed JSON answer: step outside the typed reply.
      const reply = typedReply as unknown as FastifyReply;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="orders-${displayDates(timeZone).day(new Date())}.csv"`)
        .send(stream);
    },
  });

  app.route({
    ...routeOf(endpoints.admin.orders.details),
    schema: {
      ...endpoints.admin.orders.details.schema,
      tags: ["staff"],
      summary: "An order with its lines, timeline and the actions its state allows",
    },
    handler: async (request) => {
      await requireOrderOfMyBranch(app, request, request.params.id);
      const viewerIsMlro = roleMay(signedInSession(request).user.role, "compliance.work");
      return getOrderDetails({
        db: app.db,
        orderId: request.params.id,
        viewerIsMlro,
        viewerMayClearHolds: viewerIsMlro,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.statistics),
    schema: {
      ...endpoints.admin.statistics.schema,
      tags: ["staff"],
      summary: "Order counts by status and chart data for the last 30 days",
    },
    handler: async () => {
      return getStatistics({ db: app.db, timeZone: app.config.displayTimeZone });
    },
  });
}

/** An order's lifecycle actions: the transitions and the archive of a completed order. */
function orderLifecycleRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.orders.archive),
    schema: {
      ...endpoints.admin.orders.archive.schema,
      tags: ["staff"],
      summary:
        "History's Delete on a completed order: archives it from the History list (audited); its status, stock, statistics, reports and exports stay as they were and the customer is not e-mailed. 409 for any other status or when already archived",
    },
    handler: async (request) => {
      await requireOrderOfMyBranch(app, request, request.params.id);
      return archiveOrder({
        db: app.db,
        orderId: request.params.id,
        actor: auditActorOf(request),
        requestId: request.id,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.orders.transition),
    schema: {
      ...endpoints.admin.orders.transition.schema,
      tags: ["staff"],
      summary:
        "Accept (pending), complete (accepted) or cancel (pending or accepted; delete keeps the order); 409 otherwise (a completed order is final) or while on hold. Complete needs the handover record (the ID checked; the card matching the name for Click & Collect; the notes received for Click & Sell; address and date of birth under enhanced due diligence), 400 without a valid one",
    },
    handler: async (request) => {
      await requireOrderOfMyBranch(app, request, request.params.id);
      return transitionOrder({
        db: app.db,
        orderId: request.params.id,
        transition: request.params.transition,
        actor: auditActorOf(request),
        requestId: request.id,
        handover: request.params.transition === "complete" ? request.body : undefined,
        timeZone: app.config.displayTimeZone,
        counterIdFromGbpMinor: app.config.counterIdFromGbpMinor,
      });
    },
  });
}

/** Holds, suspicion reports and the flagged orders of the compliance screen. */
function orderComplianceRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.orders.clearHold),
    schema: {
      ...endpoints.admin.orders.clearHold.schema,
      tags: ["staff"],
      summary:
        "Clear an order's hold by recording the customer due diligence (ID verified, source of funds; audited), which also clears the customer's other orders held for the threshold alone: the MLRO only (any admin where MLRO_EMAILS is empty), 403 otherwise; 400 without a valid record; 409 when it is not on hold",
    },
    handler: async (request) => {
      const actor = auditActorOf(request);
      const actorIsMlro = roleMay(signedInSession(request).user.role, "compliance.work");
      return clearHold({
        db: app.db,
        orderId: request.params.id,
        dueDiligence: request.body,
        actor,
        actorMayClear: actorIsMlro,
        actorIsMlro,
        timeZone: app.config.displayTimeZone,
        requestId: request.id,
      });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.orders.raiseSuspicionReport),
    schema: {
      ...endpoints.admin.orders.raiseSuspicionReport.schema,
      tags: ["staff"],
      summary:
        "Raise an internal suspicion report on an order (read by the MLRO only); an open order goes on hold (audited, without the text)",
    },
    handler: async (request, reply) => {
      await requireOrderOfMyBranch(app, request, request.params.id);
      const raised = await raiseSuspicionReport({
        db: app.db,
        orderId: request.params.id,
        text: request.body.text,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      return reply.code(201).send(raised);
    },
  });

  app.route({
    ...routeOf(endpoints.admin.compliance.suspicionReports),
    schema: {
      ...endpoints.admin.compliance.suspicionReports.schema,
      tags: ["staff"],
      summary: "Suspicion reports, newest first: for the MLRO (and admins) only, as the permission matrix says",
    },
    handler: async (request) => {
      return listSuspicionReports({ db: app.db, ...request.query });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.compliance.flaggedOrders),
    schema: {
      ...endpoints.admin.compliance.flaggedOrders.schema,
      tags: ["staff"],
      summary: "Orders with risk flags, newest first, each with the rules that fired",
    },
    handler: async (request) => {
      return listFlaggedOrders({ db: app.db, ...request.query });
    },
  });
}

/** A customer's data export from their order, and the phone-only review. */
function orderDataRightsRoutes(app: ZodApp) {
  app.route({
    ...routeOf(endpoints.admin.orders.dataExport),
    schema: {
      ...endpoints.admin.orders.dataExport.schema,
      tags: ["staff"],
      summary:
        "Subject access export: the personal data of this order's customer (every linked order, contact messages, rate alerts, accounts); audited, so a POST",
    },
    handler: async (request) => {
      return exportCustomerData({
        db: app.db,
        subject: { from: "order", orderId: request.params.id },
        staff: { actor: auditActorOf(request), requestId: request.id },
      });
    },
  });

  app.route({
    ...routeOf(endpoints.admin.orders.phoneOnlyReview),
    schema: {
      ...endpoints.admin.orders.phoneOnlyReview.schema,
      tags: ["staff"],
      summary:
        "Orders sharing only this order's phone number: left out of the subject access export, listed for staff to check with the customer",
    },
    handler: async (request) => {
      return listPhoneOnlyOrders({ db: app.db, orderId: request.params.id });
    },
  });
}

/**
 * A cashier or a manager works with their branches' orders only (decision 035): another branch's order
 * is refused before anything is read or changed. An unknown order goes on to the route's own 404.
 */
export async function requireOrderOfMyBranch(app: ZodApp, request: FastifyRequest, orderId: string) {
  if (branchScopeOf(request) === null) return;
  const branch = await branchOfOrder(app.db, orderId);
  if (branch) requireBranch(request, branch);
}
