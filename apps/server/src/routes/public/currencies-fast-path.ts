import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

const VARYING = new Set([
  "date",
  "content-length",
  "x-request-id",
  "etag",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/**
 * GET /api/currencies is the product's hottest public call (every page view of the widget and rates
 * list). Under load the framework's per-request work cost half its throughput, so this one read-only
 * endpoint is answered before routing, from the same cache and with the very headers the Fastify
 * route sends (copied from it at start, so the two cannot drift). Everything else, including this
 * path's errors, goes through Fastify as usual. Its answers are counted in the request-duration metric
 * under the route's own label, as Fastify's onResponse hook counts every other route's.
 */
export async function createCurrenciesFastPath(app: FastifyInstance) {
  const sample = await app.inject({ method: "GET", url: "/api/currencies" });
  if (sample.statusCode !== 200) return null;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sample.headers)) {
    if (!VARYING.has(name) && typeof value === "string") headers[name] = value;
  }
  const observe = (method: string, status: number, started: number) =>
    app.metrics.observeRequest(method, "/api/currencies", status, (performance.now() - started) / 1000);
  return async function serveCurrencies(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const url = request.url ?? "";
    if (url !== "/api/currencies" && !url.startsWith("/api/currencies?")) return false;
    const started = performance.now();
    let cached: Awaited<ReturnType<typeof app.currencyList.get>>;
    try {
      cached = await app.currencyList.get();
    } catch {
      return false; // let the normal route produce the error response
    }
    const common = { ...headers, etag: cached.etag, "x-request-id": randomUUID() };
    if (request.headers["if-none-match"] === cached.etag) {
      response.writeHead(304, common);
      response.end();
      observe(request.method, 304, started);
      return true;
    }
    response.writeHead(200, { ...common, "content-length": cached.body.length });
    response.end(request.method === "HEAD" ? undefined : cached.body);
    observe(request.method, 200, started);
    return true;
  };
}
