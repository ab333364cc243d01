import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EndpointRoute, type EndpointRouteTree, endpointRoutes } from "@bureau/domain/contracts/endpoint-routes";
import { listRoutes, type RouteEntry } from "../test/route-table.ts";
import { createTestApp } from "../test/test-app.ts";

/** Every endpoint of the map as "METHOD path", with its name in the map. */
function mapEntries(tree: EndpointRouteTree, trail: string[] = []): { name: string; key: string }[] {
  return Object.entries(tree).flatMap(([name, node]) =>
    typeof node.path === "string"
      ? [{ name: [...trail, name].join("."), key: `${(node as EndpointRoute).method} ${node.path}` }]
      : mapEntries(node as EndpointRouteTree, [...trail, name]),
  );
}

/**
 * The /api/ routes that are not in the endpoint map, each with why. Anything else the server registers
 * under /api/ must be in the map, so that the web app's client and the route share one definition.
 */
const notInTheMap: { routes: RegExp; reason: string }[] = [
  { routes: /^GET \/api\/openapi\.json$/, reason: "the API's OpenAPI document, generated from the routes themselves" },
  { routes: /^GET \/api\/docs(\/.*)?$/, reason: "the API's documentation pages (Swagger UI), for people" },
  {
    routes: /^(GET|POST) \/api\/auth\/\*$/,
    reason: "better-auth's own endpoints; those the web app calls are in the map by name",
  },
];
const isNotInTheMap = (key: string) => notInTheMap.some(({ routes }) => routes.test(key));

/** better-auth serves any path under /api/auth through its catch-all route. */
const betterAuthCatchAll = /^(GET|POST) \/api\/auth\//;

describe("the endpoint map and the server's routes", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let registered: Set<string>;

  beforeAll(async () => {
    t = await createTestApp();
    registered = new Set(
      listRoutes(t)
        // Fastify adds a HEAD route for every GET by itself.
        .filter((route: RouteEntry) => route.method !== "HEAD")
        .map((route) => `${route.method} ${route.url}`),
    );
  });
  afterAll(() => t.close());

  it("registers every endpoint of the map with the map's method and path", () => {
    const missing = mapEntries(endpointRoutes)
      .filter(
        ({ key }) =>
          !registered.has(key) && !(betterAuthCatchAll.test(key) && registered.has(`${key.split(" ")[0]} /api/auth/*`)),
      )
      .map(({ name, key }) => `${name}: ${key}`);
    expect(missing).toEqual([]);
  });

  it("has every /api/ route the server registers in the map, or in the short list of routes that are not", () => {
    const mapped = new Set(mapEntries(endpointRoutes).map(({ key }) => key));
    const unmapped = [...registered].filter(
      (key) => key.split(" ")[1]?.startsWith("/api/") && !mapped.has(key) && !isNotInTheMap(key),
    );
    expect(unmapped).toEqual([]);
  });

  it("lists as not in the map only routes that the server registers", () => {
    const listedButAbsent = notInTheMap.filter(({ routes }) => ![...registered].some((key) => routes.test(key)));
    expect(listedButAbsent.map(({ reason }) => reason)).toEqual([]);
  });
});
