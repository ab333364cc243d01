import { isIPv4 } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError } from "../lib/app-error.ts";
import { noStore } from "../lib/no-store.ts";
import { queryRows } from "../lib/postgres.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../lib/endpoint-route.ts";

declare module "fastify" {
  interface FastifyInstance {
    metrics: {
      ordersPlaced: Counter;
      /** Counts an answer given outside Fastify's routing (the currencies fast path) like any route's. */
      observeRequest(method: string, route: string, status: number, seconds: number): void;
    };
    /** Set when a graceful shutdown begins: readiness fails so the load balancer stops sending traffic. */
    draining: boolean;
  }
}

/**
 * What operators and load balancers look at: liveness (`/api/health`), readiness (`/api/health/ready`)
 * and Prometheus metrics (`/metrics`, only for the addresses of METRICS_ALLOW). Each app has its own
 * registry, so several apps in one process (the tests) do not share counters.
 */
export const operationsPlugin = fp(async (instance: FastifyInstance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { requestDuration, ordersPlaced } = registerMetrics(app, registry);

  app.decorate("metrics", {
    ordersPlaced,
    observeRequest: (method, route, status, seconds) =>
      requestDuration.observe({ method, route, status: String(status) }, seconds),
  });
  app.decorate("draining", false);
  app.addHook("preClose", async () => {
    app.draining = true;
  });
  app.addHook("onResponse", async (request, reply) => {
    // The route pattern, never the raw address: label values stay few whatever clients send.
    const route = request.routeOptions.url ?? "unmatched";
    requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  registerHealthRoutes(app);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(app, request.ip)) {
      throw new AppError("forbidden", "Metrics are not available from this address.");
    }
    const body = await registry.metrics();
    noStore(reply).type(registry.contentType);
    return body;
  });
});

/**
 * The product's metrics in `registry`: request durations and orders placed (counted where they happen),
 * and gauges read at each scrape (outbox, background jobs, database pool).
 */
function registerMetrics(app: FastifyInstance, registry: Registry) {
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by route pattern",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: "orders_placed_total",
    help: "Orders created (a retried submission answered with its existing order is not counted)",
    registers: [registry],
  });
  new Gauge({
    name: "outbox_backlog",
    help: "E-mails waiting in the outbox to be sent",
    registers: [registry],
    async collect() {
      const row = await outboxState(app);
      this.set(row.backlog);
    },
  });
  new Gauge({
    name: "outbox_oldest_pending_age_seconds",
    help: "Age of the oldest e-mail waiting in the outbox (0 when none)",
    registers: [registry],
    async collect() {
      const row = await outboxState(app);
      this.set(row.oldestAgeSeconds);
    },
  });
  registerJobGauges(app, registry);
  new Gauge({
    name: "db_pool_connections",
    help: "Database connections of this instance: total open, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const use = app.database.poolUse();
      this.set({ state: "total" }, use.total);
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "waiting" }, use.waiting);
    },
  });
  return { requestDuration, ordersPlaced };
}

/** Each background job's runs, failures and lease on this instance (none where it runs no jobs). */
function registerJobGauges(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: "job_runs_total",
    help: "Runs of each background job on this instance",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      for (const stats of app.jobRunner?.stats() ?? []) this.set({ job: stats.name }, stats.runs);
    },
  });
  new Gauge({
    name: "job_failures_total",
    help: "Failed runs of each background job on this instance",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      for (const stats of app.jobRunner?.stats() ?? []) this.set({ job: stats.name }, stats.failures);
    },
  });
  new Gauge({
    name: "job_lease_held",
    help: "1 when this instance holds the job's lease (runs it), else 0; the sum over instances is at most 1",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      for (const stats of app.jobRunner?.stats() ?? []) this.set({ job: stats.name }, stats.holdsLease ? 1 : 0);
    },
  });
}

/** Liveness and readiness, for load balancers and orchestrators. */
function registerHealthRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...routeOf(endpoints.operations.health),
    schema: { ...endpoints.operations.health.schema, tags: ["operations"], summary: "Liveness: the process answers" },
    handler: async (_request, reply) => {
      noStore(reply);
      return { status: "ok" as const };
    },
  });

  app.route({
    ...routeOf(endpoints.operations.ready),
    schema: {
      ...endpoints.operations.ready.schema,
      tags: ["operations"],
      summary: "Readiness: the database answers, its migrations are complete, and the instance is not draining",
    },
    handler: async (_request, reply) => {
      const up = await app.database.ping();
      const migrated = up && (await isMigratedOnce(app));
      const ready = up && migrated && !app.draining;
      noStore(reply);
      return reply.status(ready ? 200 : 503).send({
        status: ready ? "ready" : "not_ready",
        database: up ? "up" : "down",
        migrations: migrated ? "done" : "pending",
        draining: app.draining,
      });
    },
  });
}

const migratedDatabases = new WeakSet<object>();
/** Once a database has every migration it keeps them: only the first positive answer is queried. */
async function isMigratedOnce(app: FastifyInstance): Promise<boolean> {
  if (migratedDatabases.has(app.database)) return true;
  const migrated = await app.database.migrated();
  if (migrated) migratedDatabases.add(app.database);
  return migrated;
}
function metricsAllowed(app: FastifyInstance, ip: string): boolean {
  // An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d.
  const address = ip.startsWith("::ffff:") && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  return app.config.metricsAllow.check(address, isIPv4(address) ? "ipv4" : "ipv6");
}

/** One query per scrape for both outbox figures (both gauges ask; the second gets the same answer). */
const outboxStates = new WeakMap<object, Promise<{ backlog: number; oldestAgeSeconds: number }>>();
function outboxState(app: FastifyInstance) {
  let pending = outboxStates.get(app);
  if (!pending) {
    pending = queryRows<{ backlog: number; oldest: number }>(
      app.db,
      sql`select count(*)::int as backlog,
          coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
          from outbox where status = 'pending'`,
    )
      .then(([row]) => {
        return { backlog: row?.backlog ?? 0, oldestAgeSeconds: row?.oldest ?? 0 };
      })
      .finally(() => setImmediate(() => outboxStates.delete(app)));
    outboxStates.set(app, pending);
  }
  return pending;
}
