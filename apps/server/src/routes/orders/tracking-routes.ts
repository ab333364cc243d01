import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { collectionPassPng } from "../../modules/orders/index.ts";
import { cancelTrackedOrder, findTrackedOrder, openOrderLink } from "../../modules/orders/index.ts";
import { registerAmendmentRoutes } from "./amendment-routes.ts";
import { AppError } from "../../lib/app-error.ts";
import { clientAddressKey } from "../../lib/client-address.ts";
import { type AttemptLimit, attemptLimiter } from "../auth/attempt-limits.ts";
import { noStore } from "../../lib/no-store.ts";
import { loadSession } from "../../plugins/session.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

const MINUTE = 60_000;

/**
 * Misses are limited per client address and per order number (in PostgreSQL, shared by every
 * instance), so that neither one address trying many numbers nor many addresses trying one number
 * (to guess its e-mail) get far. Only misses count. An address that keeps missing is refused; an order
 * number is never refused, only answered later and later (decision 031): a refusal per number would let
 * anyone who knows a number lock its owner out, and the right number with the right e-mail always finds
 * the order (and ends the slow-down).
 */
export const trackOrderLimits: AttemptLimit[] = [
  {
    name: "track:address",
    windowMs: 15 * MINUTE,
    key: (request) => clientAddressKey(request.ip),
    policy: { kind: "refuse", max: 20 },
  },
  {
    name: "track:order",
    windowMs: 15 * MINUTE,
    key: (request) => {
      const value = (request.body as { orderNumber?: unknown } | undefined)?.orderNumber;
      return typeof value === "string" && value.trim() ? value.replace(/\s+/g, "") : undefined;
    },
    policy: { kind: "slow-down", after: 3, firstDelayMs: 500, maxDelayMs: 4_000 },
  },
];

/** Opening or acting through a signed link: generous, but not a guessing machine. */
export const orderLinkLimits: AttemptLimit[] = [
  {
    name: "order-link:address",
    windowMs: 15 * MINUTE,
    key: (request) => clientAddressKey(request.ip),
    policy: { kind: "refuse", max: 120 },
  },
];

/** Customers following their own orders: no sign-in, the order number and e-mail or a signed link. */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const lookups = attemptLimiter(app, "order lookup", trackOrderLimits, "failures");
  const linkUses = attemptLimiter(app, "order link", orderLinkLimits, "every-attempt");
  // Read per request: "today" (for the branch's hours) is the day of the request.
  const tracking = () => ({
    links: app.orderLinks,
    expiry: app.config.orderExpiry,
    timeZone: app.config.displayTimeZone,
  });

  app.route({
    ...routeOf(endpoints.orders.track),
    preHandler: lookups.enforce,
    schema: {
      ...endpoints.orders.track.schema,
      tags: ["ordering"],
      summary: "Find an order by its number and the e-mail given with it",
    },
    handler: async (request, reply) => {
      noStore(reply);
      let tracked: Awaited<ReturnType<typeof findTrackedOrder>>;
      try {
        tracked = await findTrackedOrder({ db: app.db, tracking: tracking(), ...request.body });
      } catch (error) {
        if (error instanceof AppError && error.code === "not_found") await lookups.recordFailure(request);
        else await lookups.recordNotJudged(request);
        throw error;
      }
      await lookups.recordSuccess(request);
      return tracked;
    },
  });

  app.route({
    ...routeOf(endpoints.orders.openLink),
    preHandler: linkUses.enforce,
    schema: {
      ...endpoints.orders.openLink.schema,
      tags: ["ordering"],
      summary: "The order behind a signed order link (while the order is open; always for its verified owner)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      const current = await loadSession(request, reply);
      const verifiedEmail = current?.user.emailVerified ? current.user.email : undefined;
      return openOrderLink({ db: app.db, tracking: tracking(), token: request.params.token, verifiedEmail });
    },
  });

  app.route({
    ...routeOf(endpoints.orders.collectionPass),
    preHandler: linkUses.enforce,
    schema: {
      ...endpoints.orders.collectionPass.schema,
      tags: ["ordering"],
      summary: "The order's collection pass: a PNG QR code of its signed collection address (no personal data)",
    },
    handler: async (request, typedReply) => {
      // An image, not JSON: step outside the typed reply.
      const reply = typedReply as unknown as FastifyReply;
      const orderId = app.orderLinks.orderIdOf(request.params.token);
      if (!orderId) throw new AppError("not_found", "There is no such order link.");
      const png = await collectionPassPng({ links: app.orderLinks, orderId });
      // The same token always gives the same image; it is the customer's, so not for shared caches.
      return reply.type("image/png").header("cache-control", "private, max-age=86400").send(png);
    },
  });

  app.route({
    ...routeOf(endpoints.orders.cancel),
    preHandler: linkUses.enforce,
    schema: {
      ...endpoints.orders.cancel.schema,
      tags: ["ordering"],
      summary: "The customer cancels their own order (Pending or Accepted only)",
    },
    handler: async (request, reply) => {
      noStore(reply);
      const tracked = await cancelTrackedOrder({
        db: app.db,
        tracking: tracking(),
        token: request.body.token,
        requestId: request.id,
      });
      return tracked;
    },
  });

  registerAmendmentRoutes(app, { linkUses, tracking });
};
