import type { FastifyInstance, HTTPMethods } from "fastify";

export type RouteEntry = { method: HTTPMethods; url: string };

/**
 * Every route the server has, read from Fastify's own route tree (printRoutes), so that a test can
 * walk all of them, including routes added after the test was written. Each entry is checked against
 * app.hasRoute, so a misread of the tree fails loudly instead of silently skipping routes.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: true });
  const segments: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of tree.split("\n")) {
    const connector = line.search(/[├└]── /);
    if (connector < 0) continue;
    const depth = connector / 4;
    const rest = line.slice(connector + 4);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(rest);
    if (!match) continue;
    segments.length = depth;
    segments[depth] = match[1] ?? "";
    if (!match[2]) continue;
    const url = segments.join("");
    for (const method of match[2].split(",").map((m) => m.trim()) as HTTPMethods[]) {
      if (!app.hasRoute({ method, url })) {
        throw new Error(`route table misread: ${method} ${url} is not a route (tree line: ${line})`);
      }
      routes.push({ method, url });
    }
  }
  return routes;
}

/** A concrete URL for a route pattern: every :param becomes a harmless value, a wildcard a path. */
export function exampleUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, "example-id").replace(/\*$/, "example/path");
}
