import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  ACCOUNT_DISABLED_MESSAGE,
  OAUTH_POPUP_COMPLETE_PATH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@bureau/domain/account-rules";
import type { Config } from "../config.ts";
import { accounts, sessions, users, verifications } from "../db/auth-schema.ts";
import type { Db } from "../db/client.ts";

/**
 * Identity on our own database (docs/decisions/003 and 005): better-auth keeps users, hashed
 * passwords, sessions and OAuth accounts in our PostgreSQL tables; roles and the Secure Box step
 * are ours. This plugin builds the library instance from the typed config and decorates the app
 * with it (`app.auth`). Reading the session and guarding routes is plugins/session.ts; refusing
 * cross-site state changes is plugins/cross-site.ts.
 */

export const AUTH_BASE_PATH = "/api/auth";
/** better-auth id of the generic OpenID Connect provider (OIDC_* variables). */
export const OIDC_PROVIDER_ID = "oidc";
/**
 * Header through which we hand better-auth the client address Fastify worked out (with its
 * trustProxy rules). It is always overwritten, so a client cannot choose its own value.
 */
export const CLIENT_IP_HEADER = "x-harbour-client-ip";
const COOKIE_PREFIX = "harbour";

/** The name of better-auth's session cookie under our prefix (and `__Secure-` behind HTTPS). */
export function sessionCookieName(config: Pick<Config, "secureCookies">): string {
  return `${config.secureCookies ? "__Secure-" : ""}${COOKIE_PREFIX}.session_token`;
}

/**
 * Origins allowed to make state-changing requests: the public URL, and when that is a loopback
 * address its other spelling (people open http://127.0.0.1:3000 as often as http://localhost:3000).
 */
export function trustedOrigins(config: Config): string[] {
  const origin = new URL(config.publicUrl);
  const origins = [origin.origin];
  const aliases: Record<string, string> = { localhost: "127.0.0.1", "127.0.0.1": "localhost" };
  const alias = aliases[origin.hostname];
  if (alias) origins.push(`${origin.protocol}//${alias}${origin.port ? `:${origin.port}` : ""}`);
  return origins;
}

/** "Continue with {name}" for the generic provider: its issuer's organisation, e.g. "Okta". */
export function oidcProviderName(issuer: string): string {
  const { hostname } = new URL(issuer);
  if (hostname === "localhost" || /^[\d.]+$/.test(hostname) || hostname.includes(":")) return "OpenID Connect";
  const labels = hostname.split(".");
  const organisation = labels.length >= 2 ? labels[labels.length - 2]! : labels[0]!;
  return organisation.charAt(0).toUpperCase() + organisation.slice(1);
}

/** How long an e-mail verification link works (issue 13: 24 hours). */
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
/** How long a password reset link works; it also works only once (better-auth consumes the token). */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

/**
 * Sends the account e-mails better-auth asks for: given by the auth routes (modules/users/account-mail.ts
 * queues them in the outbox), so that this plugin stays free of operations.
 */
export type AccountMail = {
  /** The links are ours (modules/users/account-links.ts), not the library's: its token is not used. */
  verification: (user: { id: string; email: string }) => Promise<void>;
  /** Someone signed up with this existing account's address (decision 030). */
  existingAccount: (user: { id: string; email: string }) => Promise<void>;
  passwordReset: (message: { to: string; token: string }) => Promise<void>;
};

export function createAuth({
  config,
  db,
  log,
  accountMail,
}: {
  config: Config;
  db: Db;
  log?: FastifyInstance["log"];
  accountMail: AccountMail;
}) {
  return betterAuth({
    appName: "Harbour FX",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Reset tokens (and every other single-use identifier) are kept as SHA-256 hashes: a copy of the
    // table opens no account (decision 031). Rows written before are still found by their plain value.
    verification: { storeIdentifier: "hashed" },
    emailAndPassword: emailAndPasswordOptions(accountMail),
    emailVerification: emailVerificationOptions(accountMail),
    socialProviders: socialProviderOptions(config),
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                name: oidcProviderName(config.oidc.issuer),
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                discoveryUrl: `${config.oidc.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
                scopes: ["openid", "email", "profile"],
                // OpenID Connect's default client authentication (most providers accept it).
                authentication: "basic",
              },
            ],
          }),
        ]
      : [],
    user: {
      additionalFields: {
        // input: false — a role in any sign-up or update body is dropped (sign-up gets the default).
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    session: {
      additionalFields: {
        staffVerifiedAt: { type: "date", required: false, input: false },
        staffActiveAt: { type: "date", required: false, input: false },
      },
    },
    account: {
      // A sign-in through a provider joins the existing account of the same e-mail only when that
      // account's own e-mail is verified and the provider says the e-mail is verified (email_verified).
      // Only Google is trusted without that claim: it verifies the addresses it hands out. A generic
      // OpenID provider may let anyone claim any address, which would hand over the account.
      accountLinking: { enabled: true, trustedProviders: ["google"], requireLocalEmailVerified: true },
    },
    // Our own limits (routes/auth/attempt-limits.ts) run in Fastify, where the client address is known;
    // better-auth's would count by headers that in-process requests do not have.
    rateLimit: { enabled: false },
    // The profile (display name, our own photo URL) changes only through /api/account/*, so that the
    // image can never point at another site. E-mail change is not offered; closing an account is ours
    // (/api/account/closure). Verifying an address is ours too: a signed-in POST, never a GET.
    disabledPaths: ["/update-user", "/change-email", "/delete-user", "/delete-user/callback", "/verify-email"],
    onAPIError: { errorURL: `${config.publicUrl}${OAUTH_POPUP_COMPLETE_PATH}` },
    advanced: {
      useSecureCookies: config.secureCookies,
      // Explicit, because better-auth relaxes both under NODE_ENV=test: tests must see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // A disabled account (Users, "Disable") gets no new session by any way of signing in.
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const [owner] = await db
              .select({ disabledAt: users.disabledAt })
              .from(users)
              .where(eq(users.id, session.userId));
            if (owner?.disabledAt) throw new APIError("FORBIDDEN", { message: ACCOUNT_DISABLED_MESSAGE });
          },
        },
      },
    },
    telemetry: { enabled: false },
    logger: authLogger(log),
  });
}

/** Accounts by e-mail and password: sign-up, sign-in, and reset by e-mail. */
function emailAndPasswordOptions(accountMail: AccountMail): NonNullable<BetterAuthOptions["emailAndPassword"]> {
  return {
    enabled: true,
    // A sign-up never signs in (decision 030): it answers the same whether or not the address has an
    // account (better-auth then answers a duplicate with a generic success), and the account's
    // owner, not whoever typed the address, is told by e-mail. The new account signs in as usual.
    autoSignIn: false,
    onExistingUserSignUp: ({ user }) => accountMail.existingAccount({ id: user.id, email: user.email }),
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
    // Reset by e-mail: a single-use link (better-auth consumes its token) that works for an hour, sent
    // through the outbox; the reset ends every session of the account (docs/decisions/014).
    sendResetPassword: ({ user, token }) => accountMail.passwordReset({ to: user.email, token }),
    resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
    revokeSessionsOnPasswordReset: true,
  };
}

/**
 * Sign-up sends a verification e-mail (through the outbox, so a slow mail server never slows the
 * sign-up and a failed send is retried). Its link opens a page whose POST, signed in as the account,
 * confirms the address (routes/auth/account-lifecycle-routes.ts): the library's GET /verify-email,
 * which verified without a session, is disabled below. Unverified accounts can sign in and order;
 * they see no orders by their address and cannot become staff (decision 012, decision 014 and decision 030).
 */
function emailVerificationOptions(accountMail: AccountMail): NonNullable<BetterAuthOptions["emailVerification"]> {
  return {
    sendOnSignUp: true,
    sendOnSignIn: false,
    autoSignInAfterVerification: false,
    expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
    sendVerificationEmail: ({ user }) => accountMail.verification({ id: user.id, email: user.email }),
  };
}

/** Google, where configured (GOOGLE_* variables). */
function socialProviderOptions(config: Config): NonNullable<BetterAuthOptions["socialProviders"]> {
  return config.google
    ? {
        google: {
          clientId: config.google.clientId,
          clientSecret: config.google.clientSecret,
          prompt: "select_account",
        },
      }
    : {};
}

/** better-auth's warnings and errors, in the app's log. */
function authLogger(log: FastifyInstance["log"] | undefined): NonNullable<BetterAuthOptions["logger"]> {
  return {
    level: "warn",
    log: (level, message, ...args) => {
      if (!log) return;
      const target = level === "error" ? log.error : level === "warn" ? log.warn : log.info;
      target.call(log, { auth: args.length ? args : undefined }, `auth: ${message}`);
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { accountMail: AccountMail }) => {
    app.decorate(
      "auth",
      createAuth({ config: app.config, db: app.db, log: app.log, accountMail: options.accountMail }),
    );
  },
  { name: "auth" },
);
