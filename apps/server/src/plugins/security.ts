import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";

/**
 * Security headers with a strict Content-Security-Policy. React Router's inline hydration scripts
 * carry a per-request nonce (reply.cspNonce.script), so script-src never needs 'unsafe-inline'.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const secure = opts.config.secureCookies;
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["https://www.google.com"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // Set early (not onSend) so that pages rendered through a hijacked reply carry them too.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  });
});
