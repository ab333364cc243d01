import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Endpoint } from "@bureau/domain/contracts/endpoints";

/**
 * A route's method and URL from the endpoint map (packages/domain/src/contracts/endpoints.ts), whose
 * schemas the route spreads into its own: `app.route({ ...routeOf(place), schema: { ...place.schema,
 * tags, summary }, handler })`. The web app's client is typed from the same entry, so the two cannot
 * disagree (decision 034). The schema stays a property of the route itself so that Fastify's type
 * provider types the handler's request and reply from it.
 */
export function routeOf<E extends Endpoint>(endpoint: E): { method: E["method"]; url: E["path"] } {
  return { method: endpoint.method, url: endpoint.path };
}

/** The app as a route plugin sees it, for the functions that register one group of a plugin's routes. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
