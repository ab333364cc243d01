import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currencyListSchema } from "@bureau/domain/contracts/reference-data";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createTestApp } from "../../test/test-app.ts";

describe("public reference data", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists at least 70 seeded currencies with 4-decimal customer rates", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/currencies" });
    expect(response.statusCode).toBe(200);
    const body = currencyListSchema.parse(response.json());
    expect(body.currencies.length).toBeGreaterThanOrEqual(70);
    expect(body.currencies[0]?.code).toBe("EUR");
    for (const currency of body.currencies) {
      expect(currency.collectRate).toMatch(/^\d+\.\d{4}$/);
      expect(Number(currency.sell)).toBeLessThan(0);
      expect(Number(currency.buy)).toBeGreaterThan(0);
    }
    expect(body.ratesUpdatedAt).toBe("2026-11-02T00:00:00.000Z");
  });

  it("answers 304 to a matching ETag", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/currencies" });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await t.app.inject({ method: "GET", url: "/api/currencies", headers: { "if-none-match": etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("answers over HTTP from the fast path with the same body and headers as the route", async () => {
    await t.app.enableFastPaths();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    const viaRoute = await t.app.inject({ method: "GET", url: "/api/currencies" });
    const viaHttp = await fetch(`http://127.0.0.1:${port}/api/currencies`);
    expect(viaHttp.status).toBe(200);
    expect(await viaHttp.text()).toBe(viaRoute.body);
    for (const name of [
      "content-type",
      "cache-control",
      "etag",
      "content-security-policy",
      "x-content-type-options",
      "referrer-policy",
    ]) {
      expect(viaHttp.headers.get(name), name).toBe(String(viaRoute.headers[name]));
    }
    expect(viaHttp.headers.get("x-request-id")).toBeTruthy();
    const notModified = await fetch(`http://127.0.0.1:${port}/api/currencies`, {
      headers: { "if-none-match": String(viaRoute.headers.etag) },
    });
    expect(notModified.status).toBe(304);
    // Other paths still go through the framework.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/currencies/extra`)).status).toBe(404);
  });

  it("counts the fast path's answers in the request-duration metric under the route's label", async () => {
    // The previous test enabled the fast path and started listening.
    const { port } = t.app.server.address() as { port: number };
    const count = async (status: number) => {
      const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
      expect(metrics.statusCode).toBe(200);
      const line = metrics.body
        .split("\n")
        .find((l) =>
          l.startsWith(`http_request_duration_seconds_count{method="GET",route="/api/currencies",status="${status}"}`),
        );
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    const before = { ok: await count(200), notModified: await count(304) };
    const first = await fetch(`http://127.0.0.1:${port}/api/currencies`);
    await first.arrayBuffer();
    await (await fetch(`http://127.0.0.1:${port}/api/currencies?x=1`)).arrayBuffer();
    const etag = String(first.headers.get("etag"));
    await fetch(`http://127.0.0.1:${port}/api/currencies`, { headers: { "if-none-match": etag } });
    expect(await count(200)).toBe(before.ok + 2);
    expect(await count(304)).toBe(before.notModified + 1);
  });

  it("lists the four branches with opening hours", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/branches" });
    const keys = response.json().branches.map((b: { key: string }) => b.key);
    expect(keys.sort()).toEqual(["172", "brighton", "chichester", "worthing"]);
    expect(response.json().branches[0].hours).toHaveLength(7);
  });

  it("publishes the OpenAPI document", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain("/api/currencies");
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(docs.statusCode).toBe(200);
  });

  it("lets no other site frame the API reference, like every other page", async () => {
    for (const url of ["/api/docs/", "/api/docs/json"]) {
      const docs = await t.app.inject({ method: "GET", url });
      expect(docs.statusCode).toBe(200);
      const csp = String(docs.headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
    }
  });

  it("lists the staff operations only to a staff-verified session, in the document and the reference page's", async () => {
    const staffPaths = async (url: string, cookie?: string) => {
      const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      const paths = Object.keys(response.json().paths);
      expect(paths).toContain("/api/currencies");
      return paths.filter((path) => path.startsWith("/api/admin"));
    };
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    for (const url of ["/api/openapi.json", "/api/docs/json"]) {
      expect(await staffPaths(url)).toEqual([]);
      expect(await staffPaths(url, admin.cookie)).toEqual([]);
      expect((await staffPaths(url, staff.cookie)).length).toBeGreaterThan(5);
    }
  });

  it("answers unknown API paths with a JSON 404 carrying the request id", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
    expect(response.json().error.requestId).toBe(response.headers["x-request-id"]);
  });

  it("re-running the seed adds nothing and keeps staff changes", async () => {
    const { seedDatabase } = await import("../../db/seed.ts");
    const again = await seedDatabase(t.db);
    expect(again).toEqual({ currenciesAdded: 0, branchesAdded: 0 });
  });
});
