import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  secureBoxRequestSchema,
  secureBoxResponseSchema,
  sessionResponseSchema,
  signInProvidersSchema,
} from "@bureau/domain/contracts/accounts";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { verifySecureBox } from "../../modules/users/secure-box.ts";
import { authPlugin, OIDC_PROVIDER_ID, oidcProviderName } from "../../plugins/auth.ts";
import { crossSitePlugin } from "../../plugins/cross-site.ts";
import {
  forgetLoadedSession,
  loadSession,
  requireUser,
  signedInSession,
  sessionPlugin,
} from "../../plugins/session.ts";
import { accountRoutes } from "./account-routes.ts";
import { failureLimiter, secureBoxLimits } from "./attempt-limits.ts";
import { betterAuthMount } from "./better-auth-mount.ts";
import { oauthPopupRoutes } from "./oauth-popup.ts";

/**
 * Sign-in, sign-up, sessions, profile and the Secure Box. Wrapped with fastify-plugin so that the
 * auth instance (app.auth) and the cross-site refusal hook apply to the whole API, including the
 * staff routes and the areas registered before this one.
 */
export const authRoutes = fp(
  async (app: FastifyInstance) => {
    await app.register(authPlugin);
    await app.register(sessionPlugin);
    await app.register(crossSitePlugin);
    await app.register(betterAuthMount);
    await app.register(accountRoutes);
    await app.register(oauthPopupRoutes);
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/api/session",
      {
        schema: {
          tags: ["account"],
          summary: "The signed-in user of this session, or null",
          response: { 200: sessionResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const current = await loadSession(request, reply as unknown as FastifyReply);
        return current?.user ?? null;
      },
    );

    api.get(
      "/api/sign-in-providers",
      {
        schema: {
          tags: ["account"],
          summary: 'The "Continue with …" providers and whether each is configured',
          response: { 200: signInProvidersSchema },
        },
      },
      async () => ({
        providers: [
          { id: "google", name: "Google", configured: Boolean(app.config.google) },
          ...(app.config.oidc
            ? [{ id: OIDC_PROVIDER_ID, name: oidcProviderName(app.config.oidc.issuer), configured: true }]
            : []),
        ],
      }),
    );

    const secureBoxFailures = failureLimiter("Secure Box", secureBoxLimits);
    api.post(
      "/api/box",
      {
        schema: {
          tags: ["account"],
          summary: "Secure Box: marks this (admin) session staff-verified when the credentials match",
          description:
            "Needs a signed-in session (401 otherwise): the step marks a session, so there must be one. " +
            "Signed-in non-admins get 403 without any comparison. Attempts are limited per address and " +
            "per username, and audited.",
          body: secureBoxRequestSchema,
          response: { 200: secureBoxResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
        },
        preHandler: [requireUser, secureBoxFailures.enforce],
      },
      async (request, reply) => {
        try {
          await verifySecureBox({
            db: app.db,
            expected: app.config.secureBox,
            current: signedInSession(request),
            given: request.body,
            requestId: request.id,
          });
        } catch (error) {
          secureBoxFailures.recordFailure(request);
          throw error;
        }
        forgetLoadedSession(request);
        reply.header("cache-control", "no-store");
        return { staffVerified: true as const };
      },
    );
  },
  { name: "auth-routes" },
);
