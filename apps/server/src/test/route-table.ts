import type { FastifyInstance, HTTPMethods, RouteOptions } from "fastify";

export type RouteEntry = { method: HTTPMethods; url: string };

/**
 * Records every route as Fastify adds it (its onRoute hook, given to buildApp by createTestApp), so
 * that a test can walk all of them, including routes added after the test was written.
 */
export function routeRecorder() {
  const routes: RouteEntry[] = [];
  return {
    routes,
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method: method as HTTPMethods, url: route.url });
    },
  };
}

/**
 * The recorded routes of a test app. Each is checked against app.hasRoute, so that a route the
 * recorder got wrong fails loudly instead of being skipped.
 */
export function listRoutes(t: { app: FastifyInstance; routes: readonly RouteEntry[] }): RouteEntry[] {
  for (const route of t.routes) {
    if (!t.app.hasRoute(route)) throw new Error(`recorded route ${route.method} ${route.url} is not a route`);
  }
  return [...t.routes];
}

/** A concrete URL for a route pattern: every :param becomes a harmless value, a wildcard a path. */
export function exampleUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, "example-id").replace(/\*$/, "example/path");
}
