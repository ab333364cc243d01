import { betterAuth } from "better-auth";
import type { AuditActor } from "../modules/audit/write-audit.ts";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { fromNodeHeaders } from "better-auth/node";
import { genericOAuth } from "better-auth/plugins";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { OAUTH_POPUP_COMPLETE_PATH } from "@bureau/domain/account-rules";
import type { SessionUser } from "@bureau/domain/contracts/accounts";
import type { Config } from "../config.ts";
import { accounts, sessions, users, verifications } from "../db/auth-schema.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";

/**
 * Identity on our own database (docs/decisions/003 and 005): better-auth keeps users, hashed
 * passwords, sessions and OAuth accounts in our PostgreSQL tables; roles and the Secure Box step
 * are ours. This plugin builds the library instance from the typed config, decorates the app with
 * it, refuses cross-site state changes, and exports the preHandlers other areas put on their routes:
 * `requireUser` and `requireStaff`.
 */

export const AUTH_BASE_PATH = "/api/auth";
/** better-auth id of the generic OpenID Connect provider (OIDC_* variables). */
export const OIDC_PROVIDER_ID = "oidc";
/** A Secure Box pass lasts a working day, not the whole (sliding, 7-day) session. */
export const STAFF_VERIFICATION_TTL_MS = 12 * 60 * 60 * 1000;
/**
 * Header through which we hand better-auth the client address Fastify worked out (with its
 * trustProxy rules). It is always overwritten, so a client cannot choose its own value.
 */
export const CLIENT_IP_HEADER = "x-harbour-client-ip";
const COOKIE_PREFIX = "harbour";

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

export function createAuth({ config, db, log }: { config: Config; db: Db; log?: FastifyInstance["log"] }) {
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
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8, maxPasswordLength: 128 },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: "select_account",
          },
        }
      : {},
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
      },
    },
    account: {
      // A Google or OIDC sign-in whose verified e-mail matches an existing account joins that account.
      accountLinking: { enabled: true, trustedProviders: ["google", OIDC_PROVIDER_ID] },
    },
    // Our own limits (routes/auth/attempt-limits.ts) run in Fastify, where the client address is known;
    // better-auth's would count by headers that in-process requests do not have.
    rateLimit: { enabled: false },
    // The profile (display name, our own photo URL) changes only through /api/account/*, so that the
    // image can never point at another site. Account deletion and e-mail change are not offered.
    disabledPaths: ["/update-user", "/change-email", "/delete-user", "/delete-user/callback"],
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
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        if (!log) return;
        const target = level === "error" ? log.error : level === "warn" ? log.warn : log.info;
        target.call(log, { auth: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The current request's session as our routes use it. */
export type CurrentSession = {
  sessionId: string;
  user: SessionUser;
};

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** undefined: not looked up yet; null: anonymous. Use loadSession(). */
    currentSession: CurrentSession | null | undefined;
  }
}

function sessionCookieName(config: Config) {
  return `${config.secureCookies ? "__Secure-" : ""}${COOKIE_PREFIX}.session_token`;
}

/** Staff verification counts only while it is fresh (STAFF_VERIFICATION_TTL_MS). */
export function isStaffVerificationValid(staffVerifiedAt: Date | null | undefined, now = Date.now()): boolean {
  return staffVerifiedAt instanceof Date && now - staffVerifiedAt.getTime() < STAFF_VERIFICATION_TTL_MS;
}

/**
 * Reads the session of this request once (cached on the request). When better-auth slides the
 * session's expiry it answers with a fresh cookie, which is passed on to the reply.
 */
export async function loadSession(request: FastifyRequest, reply?: FastifyReply): Promise<CurrentSession | null> {
  if (request.currentSession !== undefined) return request.currentSession;
  const app = request.server;
  const cookie = request.headers.cookie;
  if (!cookie?.includes(sessionCookieName(app.config))) {
    request.currentSession = null;
    return null;
  }
  const { headers, response } = await app.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
  });
  if (reply && !reply.sent) for (const value of headers.getSetCookie()) reply.header("set-cookie", value);
  if (!response) {
    request.currentSession = null;
    return null;
  }
  const { session, user } = response;
  const staffVerifiedAt = (session as { staffVerifiedAt?: Date | null }).staffVerifiedAt ?? null;
  const role = (user as { role?: string }).role === "admin" ? "admin" : "user";
  request.currentSession = {
    sessionId: session.id,
    user: {
      id: user.id,
      email: user.email,
      name: user.name ?? "",
      image: user.image ?? null,
      role,
      staffVerified: isStaffVerificationValid(staffVerifiedAt),
    },
  };
  return request.currentSession;
}

/** Forgets the cached session (after a change to it within the same request). */
export function forgetLoadedSession(request: FastifyRequest) {
  request.currentSession = undefined;
}

/** preHandler/onRequest: 401 unless signed in. Use `signedInUser(request)` in the handler. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  const current = await loadSession(request, reply);
  if (!current) throw new AppError("unauthenticated", "Please sign in first.");
}

/**
 * preHandler/onRequest for staff routes: 401 anonymous; 403 unless the user is an admin whose
 * session passed the Secure Box (and that pass is still fresh).
 */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
  const current = await loadSession(request, reply);
  if (!current) throw new AppError("unauthenticated", "Please sign in first.");
  if (current.user.role !== "admin") throw new AppError("forbidden", "This area is for staff.");
  if (!current.user.staffVerified) throw new AppError("forbidden", "Open the Secure Box first to use the staff area.");
}

/** The signed-in user of a route guarded by requireUser or requireStaff. */
export function signedInSession(request: FastifyRequest): CurrentSession {
  if (!request.currentSession) throw new AppError("unauthenticated", "Please sign in first.");
  return request.currentSession;
}

/** Who a staff change is recorded against in the audit log: the signed-in user. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { user } = signedInSession(request);
  return { id: user.id, email: user.email };
}

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

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const auth = createAuth({ config: app.config, db: app.db, log: app.log });
    app.decorate("auth", auth);
    app.decorateRequest("currentSession", undefined);
    const allowed = new Set(trustedOrigins(app.config));
    app.addHook("onRequest", async (request) => {
      if (isCrossSiteStateChange(request, allowed)) {
        throw new AppError("forbidden", "This request came from another site and was refused.");
      }
    });
  },
  { name: "auth" },
);
