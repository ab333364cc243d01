import type { BASE_ERROR_CODES } from "better-auth";
import { fromNodeHeaders } from "better-auth/node";
import { authRoutes } from "@bureau/domain/contracts/endpoint-routes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PASSWORD_TOO_SHORT_MESSAGE, RESET_LINK_INVALID_MESSAGE } from "@bureau/domain/account-rules";
import { type ApiError, type ErrorCode, errorStatus } from "@bureau/domain/contracts/errors";
import { AppError } from "../../lib/app-error.ts";
import { newPasswordProblem, personalWordsOf } from "../../modules/users/index.ts";
import { loadSession } from "../../plugins/session.ts";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from "../../plugins/auth.ts";
import {
  accountMailLimits,
  attemptLimiter,
  authEndpointLimits,
  signInLimits,
  signInOneAtATime,
  signUpLimits,
} from "./attempt-limits.ts";
import { noStore } from "../../lib/no-store.ts";

/**
 * better-auth's endpoints under /api/auth/*, behind our attempt limits. Requests are handed over
 * as Web Requests on our public origin; error answers are rewritten into the API's one error shape
 * with the product's wording, so the web app handles every failure the same way.
 */
export async function betterAuthMount(app: FastifyInstance) {
  // OAuth providers may post their callback as a form; better-auth parses it itself.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, body),
  );

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers = fromNodeHeaders(request.headers);
    headers.set(CLIENT_IP_HEADER, request.ip);
    headers.delete("content-length");
    const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined;
    const response = await app.auth.handler(
      new Request(new URL(request.url, app.config.publicUrl), {
        method: request.method,
        headers,
        ...(hasBody ? { body: typeof request.body === "string" ? request.body : JSON.stringify(request.body) } : {}),
      }),
    );
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === "set-cookie" || name === "content-length" || name === "content-encoding") continue;
      reply.header(name, value);
    }
    for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
    noStore(reply);
    const text = await response.text();
    if (response.status >= 400 && response.headers.get("content-type")?.includes("application/json")) {
      const body = toApiError(response.status, safeJson(text));
      body.error.requestId = request.id;
      return reply.status(errorStatus[body.error.code]).type("application/json; charset=utf-8").send(body);
    }
    return reply.send(text);
  };

  const hidden = { hide: true } as const;
  const signInAttempts = attemptLimiter(app, "sign-in", signInLimits, "failures", signInOneAtATime);
  app.post(authRoutes.signInWithEmail.path, {
    schema: hidden,
    preHandler: signInAttempts.enforce,
    // The outcome is settled before the answer leaves, so the next attempt already sees it.
    onSend: async (request, reply, payload) => {
      if (reply.statusCode === 401) await signInAttempts.recordFailure(request);
      else if (reply.statusCode === 200) await signInAttempts.recordSuccess(request);
      else await signInAttempts.recordNotJudged(request);
      return payload;
    },
    handler: forward,
  });
  app.post(authRoutes.signUpWithEmail.path, {
    schema: hidden,
    preHandler: [
      keepOnlySignUpFields,
      refuseWeakNewPasswords,
      attemptLimiter(app, "sign-up", signUpLimits, "every-attempt").enforce,
    ],
    handler: forward,
  });
  app.post(authRoutes.sendVerificationEmail.path, {
    schema: hidden,
    preHandler: attemptLimiter(
      app,
      "verification e-mail",
      accountMailLimits("verification-mail", { perEmail: "not-refused" }),
      "every-attempt",
    ).enforce,
    handler: forward,
  });
  app.post(authRoutes.requestPasswordReset.path, {
    schema: hidden,
    preHandler: attemptLimiter(
      app,
      "password reset",
      accountMailLimits("password-reset-mail", { perEmail: "not-refused" }),
      "every-attempt",
    ).enforce,
    handler: forward,
  });
  const authAttempts = attemptLimiter(app, "authentication", authEndpointLimits, "every-attempt");
  app.post(authRoutes.changePassword.path, {
    schema: hidden,
    preHandler: [revokeOtherSessionsOnPasswordChange, refuseWeakNewPasswords, authAttempts.enforce],
    handler: forward,
  });
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    schema: hidden,
    preHandler: [refuseWeakNewPasswords, authAttempts.enforce],
    handler: forward,
  });
}

/**
 * better-auth's sign-up takes any user field it knows, the profile image URL among them: a URL of
 * another site would then be shown (and fetched by browsers) as this person's photo. Photos come only
 * from our own upload (/api/account/photo), so a sign-up keeps just what the sign-up form sends.
 */
const signUpFields = ["email", "password", "name", "callbackURL", "rememberMe"];
async function keepOnlySignUpFields(request: FastifyRequest) {
  const body = request.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  request.body = Object.fromEntries(Object.entries(body).filter(([field]) => signUpFields.includes(field)));
}

/**
 * A changed password ends every other session of the account, whatever the body asked (a password is
 * changed because it may be known to someone else: a session they opened with it must end too); the
 * library gives the device that changed it a new session.
 */
async function revokeOtherSessionsOnPasswordChange(request: FastifyRequest) {
  const body = request.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  request.body = { ...body, revokeOtherSessions: true };
}

/**
 * Every new password (sign-up, reset, change) must be long enough and hard to guess (the strength
 * estimator of modules/users/password-policy.ts, with the account's own e-mail among the words it knows).
 * Checked here rather than in better-auth's options: the library checks only length. Sign-in is not
 * checked, so that older, weaker passwords still open their accounts.
 */
async function refuseWeakNewPasswords(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object") return;
  const isNewPassword = /\/(sign-up\/email|reset-password|change-password|set-password)$/.test(
    request.url.split("?")[0] ?? "",
  );
  if (!isNewPassword) return;
  const signedIn = await loadSession(request, reply);
  const personalWords = [...personalWordsOf(body.email), ...personalWordsOf(signedIn?.user.email)];
  for (const field of ["password", "newPassword"]) {
    const value = body[field];
    if (typeof value !== "string") continue;
    const problem = newPasswordProblem(value, personalWords);
    if (problem)
      throw new AppError("validation_failed", problem, { [field === "newPassword" ? "password" : field]: problem });
  }
}

function safeJson(text: string): { code?: string; message?: string } {
  try {
    return (JSON.parse(text) ?? {}) as { code?: string; message?: string };
  } catch {
    return {};
  }
}

/** A code better-auth answers with; typed from the library's own list, so a renamed code fails the typecheck. */
type BetterAuthErrorCode = keyof typeof BASE_ERROR_CODES;

/** better-auth's error codes in the product's words (spec §8 where it has one). */
const knownErrors: Partial<Record<BetterAuthErrorCode, { code: ErrorCode; message: string; field?: string }>> = {
  INVALID_EMAIL_OR_PASSWORD: { code: "unauthenticated", message: "The password doesn't match" },
  // Only "Change password" answers this (delete-user is disabled): its current password was wrong.
  INVALID_PASSWORD: { code: "unauthenticated", message: "The password doesn't match", field: "currentPassword" },
  CREDENTIAL_ACCOUNT_NOT_FOUND: {
    code: "bad_request",
    message: "This account signs in with Google or another provider: it has no password here to change.",
  },
  // A sign-up with a taken address answers as a new one does (decision 030); these come only from other
  // paths and must not say whose address it is either.
  USER_ALREADY_EXISTS: { code: "conflict", message: "This could not be done with these details." },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: "conflict", message: "This could not be done with these details." },
  PASSWORD_TOO_SHORT: {
    code: "validation_failed",
    message: PASSWORD_TOO_SHORT_MESSAGE,
    field: "password",
  },
  PASSWORD_TOO_LONG: {
    code: "validation_failed",
    message: "The password is too long: use at most 128 characters.",
    field: "password",
  },
  // A reset link (POST /reset-password) whose token was used, expired or never existed.
  INVALID_TOKEN: { code: "link_expired", message: RESET_LINK_INVALID_MESSAGE },
  EMAIL_ALREADY_VERIFIED: { code: "conflict", message: "Your e-mail address is already verified." },
  EMAIL_MISMATCH: { code: "bad_request", message: "You can ask for a verification link for your own e-mail only." },
  INVALID_EMAIL: { code: "validation_failed", message: "Enter a valid e-mail address.", field: "email" },
  INVALID_ORIGIN: { code: "forbidden", message: "This request came from another site and was refused." },
  MISSING_OR_NULL_ORIGIN: { code: "forbidden", message: "This request came from another site and was refused." },
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: {
    code: "forbidden",
    message: "This request came from another site and was refused.",
  },
};

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return "unauthenticated";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 422) return "validation_failed";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "internal";
  return "bad_request";
}

export function toApiError(status: number, body: { code?: string; message?: string }): ApiError {
  const known =
    body.code && Object.hasOwn(knownErrors, body.code) ? knownErrors[body.code as BetterAuthErrorCode] : undefined;
  if (known) {
    return {
      error: {
        code: known.code,
        message: known.message,
        ...(known.field ? { fields: { [known.field]: known.message } } : {}),
      },
    };
  }
  const code = codeForStatus(status);
  // 5xx details stay in the log (better-auth logs them through our logger), never in the answer.
  const message =
    code === "internal"
      ? "Something went wrong on our side. Please try again."
      : (body.message ?? "The request is not valid.");
  return { error: { code, message } };
}
