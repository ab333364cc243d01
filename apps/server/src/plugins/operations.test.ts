import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { openDatabase } from "../db/client.ts";
import { createTestApp, testConfig } from "../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe("health and metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_ALLOW: "127.0.0.1,10.0.0.0/8", LOG_LEVEL: "error" } });
  });
  afterAll(() => t.close());

  it("answers liveness without the database, and readiness when the database is up and migrated", async () => {
    const live = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "up", migrations: "done", draining: false });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("is not ready before the migrations have run, nor once the database is unreachable", async () => {
    const database = openDatabase({ kind: "pglite", dataDir: "memory" });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    const before = await app.inject({ method: "GET", url: "/api/health/ready" });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({ status: "not_ready", database: "up", migrations: "pending" });
    await database.migrate();
    expect((await app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
    await database.close();
    const down = await app.inject({ method: "GET", url: "/api/health/ready" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: "not_ready", database: "down" });
    // Liveness does not depend on the database: the process itself is fine.
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });

  it("serves Prometheus metrics only to the addresses of METRICS_ALLOW", async () => {
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/quotes",
      payload: { currency: "EUR", way: "Order", gbpMinor: 25_000 },
    });
    expect(quote.statusCode).toBe(201);
    const q = quote.json();
    const order = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        idempotencyKey: randomUUID(),
        way: "Order",
        branch: "worthing",
        lines: [{ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor }],
        customer: {
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          confirmEmail: "ada@example.com",
          phone: "07700 900000",
          acceptedTerms: true,
        },
      },
    });
    expect(order.statusCode).toBe(201);

    const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers["content-type"]).toContain("text/plain");
    const text = metrics.body;
    expect(text).toMatch(/^orders_placed_total 1$/m);
    expect(text).toMatch(/^outbox_backlog 1$/m);
    expect(text).toMatch(/^outbox_oldest_pending_age_seconds \d/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/orders",status="201"\} 1$/m,
    );
    expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toContain("process_cpu_seconds_total");

    const fromInside = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "10.20.30.40" });
    expect(fromInside.statusCode).toBe(200);
    for (const outsider of ["203.0.113.9", "192.168.1.1", "::2"]) {
      const refused = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: outsider });
      expect(refused.statusCode, outsider).toBe(403);
      expect(refused.body).not.toContain("orders_placed_total");
    }
  });
});
