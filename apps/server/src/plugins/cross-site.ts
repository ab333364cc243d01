import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";
import { AUTH_BASE_PATH, trustedOrigins } from "./auth.ts";

const stateChangingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The one cross-site refusal, for the API and the pages' form actions alike (one onRequest hook, so
 * a page action cannot be reached around it): a state-changing request must come from one of our
 * origins (Origin header, or Sec-Fetch-Site same-origin when a browser omits Origin).
 * - API calls are checked when they carry cookies: without them they act for nobody. better-auth
 *   checks its own endpoints the same way. SameSite=Lax cookies already stop most cross-site
 *   requests; this closes the rest (and same-site sibling subdomains).
 * - Page form posts are checked always: only our own pages post to them, and a form on another site
 *   must not send a message in a visitor's name even when they are signed out.
 */
function isCrossSiteStateChange(request: FastifyRequest, allowed: Set<string>): boolean {
  if (!stateChangingMethods.has(request.method)) return false;
  if (request.url.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  const isApi = request.url.startsWith("/api/");
  if (isApi && !request.headers.cookie) return false;
  const origin = request.headers.origin;
  if (origin) return !allowed.has(origin);
  return request.headers["sec-fetch-site"] !== "same-origin";
}

export const crossSitePlugin = fp(
  async (app: FastifyInstance) => {
    const allowed = new Set(trustedOrigins(app.config));
    app.addHook("onRequest", async (request) => {
      if (isCrossSiteStateChange(request, allowed)) {
        throw new AppError("forbidden", "This request came from another site and was refused.");
      }
    });
  },
  { name: "cross-site" },
);
