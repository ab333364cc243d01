import type { FastifyBaseLogger } from "fastify";
import type { OrderExpiry } from "@bureau/domain/order-lifecycle";
import type { Db } from "../db/client.ts";
import { expireOverdueOrders } from "../modules/orders/index.ts";
import type { Job } from "./job-runner.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Order expiry: closes the orders not collected in time (packages/domain order-lifecycle), on one
 * instance at a time. It looks once a minute, or four times within the shortest rule when an operator
 * set one shorter than four minutes, so an order ends close to its rule; a look is one indexed query
 * when nothing is due.
 */
export function orderExpiryJob({
  db,
  expiry,
  log,
  everyMs = Math.max(1000, Math.min(60_000, (Math.min(expiry.acceptedDays, expiry.pendingDays) * DAY_MS) / 4)),
}: {
  db: Db;
  expiry: OrderExpiry;
  log: FastifyBaseLogger;
  everyMs?: number;
}): Job {
  return {
    name: "order-expiry",
    everyMs,
    leaseSeconds: 120,
    async run() {
      const { expired } = await expireOverdueOrders({ db, expiry });
      if (expired > 0) log.info({ expired }, "orders expired (not collected in time)");
    },
  };
}
