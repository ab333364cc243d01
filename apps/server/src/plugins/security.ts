import { randomBytes } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";

declare module "fastify" {
  interface FastifyReply {
    /** The CSP nonce of this page response (absent for API responses). */
    pageNonce: string | undefined;
  }
}

/**
 * Security headers (helmet) with a strict Content-Security-Policy. Pages get a fresh nonce that React
 * Router's inline hydration scripts carry, so script-src never needs 'unsafe-inline'. API responses
 * (JSON, never rendered) get a deny-all policy without nonce work: generating nonces on every API
 * call was a measurable cost under load (bench/report.md).
 */
export function contentSecurityPolicy(config: Pick<Config, "secureCookies">) {
  const api = "default-src 'none'; frame-ancestors 'none'";
  const page = (nonce: string) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      `style-src 'self' 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-src https://www.google.com",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(config.secureCookies ? ["upgrade-insecure-requests"] : []),
    ].join(";");
  return { api, page };
}
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const secure = opts.config.secureCookies;
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  const csp = contentSecurityPolicy(opts.config);
  app.decorateReply("pageNonce", undefined);
  // Set early (not onSend) so that pages rendered through a hijacked reply carry them too.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // The staff dashboard's Collect page reads collection passes with the camera; nothing else may use it.
    const camera = request.url.toLowerCase().startsWith("/dashboard") ? "camera=(self)" : "camera=()";
    reply.header("permissions-policy", `${camera}, microphone=(), geolocation=(), payment=()`);
    // The API reference page brings its own policy (@fastify/swagger-ui staticCSP).
    if (request.url.startsWith("/api/") && !request.url.startsWith("/api/docs")) {
      reply.header("content-security-policy", csp.api);
      return;
    }
    const nonce = randomBytes(16).toString("base64");
    reply.pageNonce = nonce;
    reply.header("content-security-policy", csp.page(nonce));
  });
});
