import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";
import { AUTH_BASE_PATH, trustedOrigins } from "./auth.ts";

const stateChangingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request refusal for our own API: a state-changing request that carries cookies must
 * come from one of our origins (Origin header, or Sec-Fetch-Site same-origin when a browser omits
 * Origin). better-auth checks its own endpoints the same way. SameSite=Lax cookies already stop most
 * cross-site requests; this closes the rest (and same-site sibling subdomains).
 */
function isCrossSiteStateChange(request: FastifyRequest, allowed: Set<string>): boolean {
  if (!stateChangingMethods.has(request.method)) return false;
  if (!request.url.startsWith("/api/") || request.url.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  if (!request.headers.cookie) return false;
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
