import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clearHoldRequestSchema,
  compliancePageQuerySchema,
  flaggedOrderListSchema,
  suspicionReportListSchema,
  suspicionReportRequestSchema,
  handoverRequestSchema,
  orderDetailsSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderListSchema,
  orderTransitionValues,
  statisticsSchema,
} from "@bureau/domain/contracts/dashboard";
import { dataExportSchema, phoneOnlyReviewSchema } from "@bureau/domain/contracts/data-export";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { orderStatusValues } from "@bureau/domain/contracts/orders";
import { mayClearHolds } from "@bureau/domain/customer-due-diligence";
import { displayDates } from "@bureau/domain/dates";
import { isMlro } from "../../modules/compliance/index.ts";
import { clearHold } from "../../modules/compliance/index.ts";
import { exportCustomerData } from "../../modules/data-rights/index.ts";
import { listPhoneOnlyOrders } from "../../modules/data-rights/index.ts";
import { listFlaggedOrders } from "../../modules/compliance/index.ts";
import { listSuspicionReports } from "../../modules/compliance/index.ts";
import { raiseSuspicionReport } from "../../modules/compliance/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { getStatistics } from "../../modules/dashboard/index.ts";
import { archiveOrder } from "../../modules/orders/index.ts";
import { getOrderDetails } from "../../modules/orders/index.ts";
import { exportOrdersCsv } from "../../modules/orders/index.ts";
import { listOrders } from "../../modules/orders/index.ts";
import { transitionOrder } from "../../modules/orders/index.ts";
import { auditActorOf } from "../../plugins/session.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Staff order lists, details, lifecycle actions and statistics. Registered inside the staff-only scope. */
export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/orders",
    {
      schema: {
        tags: ["staff"],
        summary: "One page of orders in a status, newest first, searchable by number, name, e-mail or phone",
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema, ...errors },
      },
    },
    async (request) => {
      return listOrders({ db: app.db, timeZone: app.config.displayTimeZone, ...request.query });
    },
  );

  app.get(
    "/api/admin/orders.csv",
    {
      schema: {
        tags: ["staff"],
        summary:
          "The orders matching the list filters (any status when none is given) as a CSV download, one record per order line, streamed",
        querystring: orderExportQuerySchema,
        response: errors,
      },
    },
    async (request, typedReply) => {
      const filters = request.query;
      const timeZone = app.config.displayTimeZone;
      // Personal data leaving the system: who took which export is in the server's log. Not an audit
      // entry: no staff GET changes any table (admin-routes.test.ts), and this is a read (decision 020).
      request.log.info(
        { staffId: auditActorOf(request).id, filters: { ...filters, q: filters.q ? "[search]" : undefined } },
        "order export",
      );
      const stream = exportOrdersCsv({ db: app.db, filters, timeZone });
      stream.on("error", (error) => request.log.error({ err: error }, "order export failed part way"));
      // A stream, not the typed JSON answer: step outside the typed reply.
      const reply = typedReply as unknown as FastifyReply;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="orders-${displayDates(timeZone).day(new Date())}.csv"`)
        .send(stream);
    },
  );

  app.get(
    "/api/admin/orders/:id",
    {
      schema: {
        tags: ["staff"],
        summary: "An order with its lines, timeline and the actions its state allows",
        params: z.object({ id: z.uuid("is not an order id") }),
        response: { 200: orderDetailsSchema, ...errors },
      },
    },
    async (request) => {
      const viewerIsMlro = isMlro(app.config.mlroEmails, auditActorOf(request).email);
      return getOrderDetails({
        db: app.db,
        orderId: request.params.id,
        viewerIsMlro,
        viewerMayClearHolds: mayClearHolds(app.config.mlroEmails, viewerIsMlro),
      });
    },
  );

  app.post(
    "/api/admin/orders/:id/archive",
    {
      schema: {
        tags: ["staff"],
        summary:
          "History's Delete on a completed order: archives it from the History list (audited); its status, stock, statistics, reports and exports stay as they were and the customer is not e-mailed. 409 for any other status or when already archived",
        params: z.object({ id: z.uuid("is not an order id") }),
        response: {
          200: z.object({
            id: z.string(),
            orderNumber: z.string(),
            status: z.enum(orderStatusValues),
            archivedAt: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      return archiveOrder({
        db: app.db,
        orderId: request.params.id,
        actor: auditActorOf(request),
        requestId: request.id,
      });
    },
  );

  app.post(
    "/api/admin/orders/:id/:transition",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Accept (pending), complete (accepted) or cancel (pending or accepted; delete keeps the order); 409 otherwise (a completed order is final) or while on hold. Complete needs the handover record (the ID checked; the card matching the name for Click & Collect; the notes received for Click & Sell; address and date of birth under enhanced due diligence), 400 without a valid one",
        params: z.object({ id: z.uuid("is not an order id"), transition: z.enum(orderTransitionValues) }),
        body: handoverRequestSchema.nullish(),
        response: {
          200: z.object({ id: z.string(), orderNumber: z.string(), status: z.enum(orderStatusValues) }),
          ...errors,
        },
      },
    },
    async (request) => {
      return transitionOrder({
        db: app.db,
        orderId: request.params.id,
        transition: request.params.transition,
        actor: auditActorOf(request),
        requestId: request.id,
        handover: request.params.transition === "complete" ? request.body : undefined,
        timeZone: app.config.displayTimeZone,
      });
    },
  );

  app.post(
    "/api/admin/orders/:id/hold/clear",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Clear an order's hold by recording the customer due diligence (ID verified, source of funds; audited), which also clears the customer's other orders held for the threshold alone: the MLRO only (any admin where MLRO_EMAILS is empty), 403 otherwise; 400 without a valid record; 409 when it is not on hold",
        params: z.object({ id: z.uuid("is not an order id") }),
        body: clearHoldRequestSchema,
        response: {
          200: z.object({
            id: z.string(),
            orderNumber: z.string(),
            clearedAt: z.string(),
            alsoCleared: z.array(z.string()),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const actor = auditActorOf(request);
      const actorIsMlro = isMlro(app.config.mlroEmails, actor.email);
      return clearHold({
        db: app.db,
        orderId: request.params.id,
        dueDiligence: request.body,
        actor,
        actorMayClear: mayClearHolds(app.config.mlroEmails, actorIsMlro),
        actorIsMlro,
        timeZone: app.config.displayTimeZone,
        requestId: request.id,
      });
    },
  );

  app.post(
    "/api/admin/orders/:id/suspicion-reports",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Raise an internal suspicion report on an order (read by the MLRO only); an open order goes on hold (audited, without the text)",
        params: z.object({ id: z.uuid("is not an order id") }),
        body: suspicionReportRequestSchema,
        response: {
          201: z.object({ id: z.string(), raisedAt: z.string(), held: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const raised = await raiseSuspicionReport({
        db: app.db,
        orderId: request.params.id,
        text: request.body.text,
        actor: auditActorOf(request),
        requestId: request.id,
      });
      return reply.code(201).send(raised);
    },
  );

  app.get(
    "/api/admin/suspicion-reports",
    {
      schema: {
        tags: ["staff"],
        summary: "Suspicion reports, newest first: for the admins named as MLRO (MLRO_EMAILS) only, 403 for others",
        querystring: compliancePageQuerySchema,
        response: { 200: suspicionReportListSchema, ...errors },
      },
    },
    async (request) => {
      if (!isMlro(app.config.mlroEmails, auditActorOf(request).email)) {
        throw new AppError("forbidden", "Suspicion reports are for the MLRO only.");
      }
      return listSuspicionReports({ db: app.db, ...request.query });
    },
  );

  app.get(
    "/api/admin/compliance/flagged-orders",
    {
      schema: {
        tags: ["staff"],
        summary: "Orders with risk flags, newest first, each with the rules that fired",
        querystring: compliancePageQuerySchema,
        response: { 200: flaggedOrderListSchema, ...errors },
      },
    },
    async (request) => {
      return listFlaggedOrders({ db: app.db, ...request.query });
    },
  );

  app.post(
    "/api/admin/orders/:id/data-export",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Subject access export: the personal data of this order's customer (every linked order, contact messages, rate alerts, accounts); audited, so a POST",
        params: z.object({ id: z.uuid("is not an order id") }),
        response: { 200: dataExportSchema, ...errors },
      },
    },
    async (request) => {
      return exportCustomerData({
        db: app.db,
        subject: { from: "order", orderId: request.params.id },
        staff: { actor: auditActorOf(request), requestId: request.id },
      });
    },
  );

  app.get(
    "/api/admin/orders/:id/data-export/phone-only",
    {
      schema: {
        tags: ["staff"],
        summary:
          "Orders sharing only this order's phone number: left out of the subject access export, listed for staff to check with the customer",
        params: z.object({ id: z.uuid("is not an order id") }),
        response: { 200: phoneOnlyReviewSchema, ...errors },
      },
    },
    async (request) => {
      return listPhoneOnlyOrders({ db: app.db, orderId: request.params.id });
    },
  );

  app.get(
    "/api/admin/statistics",
    {
      schema: {
        tags: ["staff"],
        summary: "Order counts by status and chart data for the last 30 days",
        response: { 200: statisticsSchema, ...errors },
      },
    },
    async () => {
      return getStatistics({ db: app.db, timeZone: app.config.displayTimeZone });
    },
  );
};
