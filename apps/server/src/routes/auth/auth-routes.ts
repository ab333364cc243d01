import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error.ts";
import { createAccountLinks } from "../../modules/users/index.ts";
import {
  queueExistingAccountEmail,
  queuePasswordResetEmail,
  queueVerificationEmail,
} from "../../modules/users/index.ts";
import { requireAuthenticator, verifySecureBox } from "../../modules/users/index.ts";
import { authPlugin, OIDC_PROVIDER_ID, oidcProviderName } from "../../plugins/auth.ts";
import { crossSitePlugin } from "../../plugins/cross-site.ts";
import {
  forgetLoadedSession,
  loadSession,
  requireUser,
  signedInSession,
  sessionPlugin,
} from "../../plugins/session.ts";
import { accountLifecycleRoutes } from "./account-lifecycle-routes.ts";
import { accountRoutes } from "./account-routes.ts";
import { attemptLimiter, secureBoxLimits } from "./attempt-limits.ts";
import { betterAuthMount } from "./better-auth-mount.ts";
import { oauthPopupRoutes } from "./oauth-popup.ts";
import { secondFactorRoutes } from "./second-factor-routes.ts";
import { noStore } from "../../lib/no-store.ts";
import { endpoints } from "@bureau/domain/contracts/endpoints";
import { routeOf } from "../../lib/endpoint-route.ts";

/**
 * Sign-in, sign-up, sessions, profile and the Secure Box. Wrapped with fastify-plugin so that the
 * auth instance (app.auth) and the cross-site refusal hook apply to the whole API, including the
 * staff routes and the areas registered before this one.
 */
export const authRoutes = fp(
  async (app: FastifyInstance) => {
    const accountLinks = createAccountLinks({ authSecret: app.config.authSecret, publicUrl: app.config.publicUrl });
    await app.register(authPlugin, {
      accountMail: {
        verification: (user) => queueVerificationEmail({ db: app.db, links: accountLinks, user }),
        existingAccount: (user) => queueExistingAccountEmail({ db: app.db, publicUrl: app.config.publicUrl, user }),
        passwordReset: ({ to, token }) =>
          queuePasswordResetEmail({ db: app.db, publicUrl: app.config.publicUrl, to, token }),
      },
    });
    await app.register(sessionPlugin);
    await app.register(crossSitePlugin);
    await app.register(betterAuthMount);
    await app.register(accountRoutes);
    await app.register(accountLifecycleRoutes, { links: accountLinks });
    await app.register(oauthPopupRoutes);
    await app.register(secondFactorRoutes);
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.route({
      ...routeOf(endpoints.session.current),
      schema: {
        ...endpoints.session.current.schema,
        tags: ["account"],
        summary: "The signed-in user of this session, or null",
      },
      handler: async (request, reply) => {
        noStore(reply);
        const current = await loadSession(request, reply as unknown as FastifyReply);
        return current?.user ?? null;
      },
    });

    api.route({
      ...routeOf(endpoints.session.signInProviders),
      schema: {
        ...endpoints.session.signInProviders.schema,
        tags: ["account"],
        summary: 'The "Continue with …" providers and whether each is configured',
      },
      handler: async () => ({
        providers: [
          { id: "google", name: "Google", configured: Boolean(app.config.google) },
          ...(app.config.oidc
            ? [{ id: OIDC_PROVIDER_ID, name: oidcProviderName(app.config.oidc.issuer), configured: true }]
            : []),
        ],
      }),
    });

    const secureBoxAttempts = attemptLimiter(app, "Secure Box", secureBoxLimits, "failures");
    api.route({
      ...routeOf(endpoints.session.openSecureBox),
      schema: {
        ...endpoints.session.openSecureBox.schema,
        tags: ["account"],
        summary: "Secure Box: marks this (admin) session staff-verified when the credentials match",
        description:
          "Needs a signed-in session (401 otherwise): the step marks a session, so there must be one. " +
          "Signed-in non-admins, and admins without an authenticator, get 403 without any comparison or count. Failed attempts are limited per " +
          "address and slowed down per admin account, and audited.",
      },
      // Non-admins are refused before the limits, so that they can neither try nor touch the counters.
      preHandler: [requireUser, staffAccountsOnly, secureBoxAttempts.enforce],
      handler: async (request, reply) => {
        try {
          await verifySecureBox({
            db: app.db,
            authSecret: app.config.authSecret,
            expected: app.config.secureBox,
            current: signedInSession(request),
            given: request.body,
            requestId: request.id,
          });
        } catch (error) {
          if (error instanceof AppError) await secureBoxAttempts.recordFailure(request);
          else await secureBoxAttempts.recordNotJudged(request);
          throw error;
        }
        await secureBoxAttempts.recordSuccess(request);
        forgetLoadedSession(request);
        noStore(reply);
        return { staffVerified: true as const };
      },
    });
  },
  { name: "auth-routes" },
);

/**
 * The Secure Box is the step of an admin with an authenticator: anyone else (a plain user, an admin
 * who has not set one up yet) is refused before any comparison or count.
 */
async function staffAccountsOnly(request: FastifyRequest) {
  const { user } = signedInSession(request);
  if (user.role === "user") {
    throw new AppError("forbidden", "The Secure Box is for staff accounts only.");
  }
  await requireAuthenticator(request.server.db, user.id);
}
