import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";

/**
 * Abuse limits for sign-in, sign-up and the Secure Box: each counted per client address and per
 * account (the e-mail or the Secure Box username), so that neither one address trying many accounts
 * nor many addresses trying one account get far. Counters live in this process (see
 * docs/decisions/005); every attempt counts, successful or not (the Secure Box counts failures only,
 * see failureLimiter).
 */
export type AttemptLimit = {
  /** Distinguishes counters of different limits that share a key. */
  name: string;
  max: number;
  windowMs: number;
  /** The counted key, or undefined to skip this limit for the request (e.g. no e-mail given). */
  key: (request: FastifyRequest) => string | undefined;
};

const MINUTE = 60_000;

const byClientAddress = (request: FastifyRequest) => request.ip;
const byBodyField = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" && value.trim() ? value.trim().toLowerCase() : undefined;
};

export const signInLimits: AttemptLimit[] = [
  { name: "sign-in:ip", max: 50, windowMs: 15 * MINUTE, key: byClientAddress },
  { name: "sign-in:email", max: 10, windowMs: 15 * MINUTE, key: byBodyField("email") },
];

export const signUpLimits: AttemptLimit[] = [
  { name: "sign-up:ip", max: 30, windowMs: 60 * MINUTE, key: byClientAddress },
  { name: "sign-up:email", max: 5, windowMs: 60 * MINUTE, key: byBodyField("email") },
];

export const secureBoxLimits: AttemptLimit[] = [
  { name: "secure-box:ip", max: 10, windowMs: 15 * MINUTE, key: byClientAddress },
  { name: "secure-box:username", max: 5, windowMs: 15 * MINUTE, key: byBodyField("username") },
];

/** Everything else under /api/auth (OAuth starts, callbacks, sign-out...): a generous per-address cap. */
export const authEndpointLimits: AttemptLimit[] = [
  { name: "auth:ip", max: 300, windowMs: 5 * MINUTE, key: byClientAddress },
];

function waitText(seconds: number) {
  if (seconds <= 60) return "a minute";
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * A preHandler enforcing every given limit. Built on @fastify/rate-limit's createRateLimit (its
 * route-level hook runs only once per request, and we need two counters per request).
 */
export function attemptLimiter(app: FastifyInstance, what: string, limits: AttemptLimit[]) {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${limit.name}:${limit.key(request) ?? ""}`,
    }),
  }));
  return async function enforceAttemptLimits(request: FastifyRequest, reply: FastifyReply) {
    for (const { limit, check } of checks) {
      if (limit.key(request) === undefined) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header("retry-after", String(result.ttlInSeconds));
        request.log.warn({ limit: limit.name }, "attempt limit reached");
        throw new AppError(
          "rate_limited",
          `Too many ${what} attempts. Please wait ${waitText(result.ttlInSeconds)} and try again.`,
        );
      }
    }
  };
}

/**
 * Limits that count failed attempts only. The Secure Box credentials are shared by every member of
 * staff, so counting successes too would lock the team out on a busy morning; guessing is what
 * must be slowed down. Counters live in this process, like the others.
 */
export function failureLimiter(what: string, limits: AttemptLimit[]) {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const keysOf = (request: FastifyRequest) =>
    limits.flatMap((limit) => {
      const key = limit.key(request);
      return key === undefined ? [] : [{ limit, id: `${limit.name}:${key}` }];
    });
  return {
    /** A preHandler refusing the attempt while any of its counters is full. */
    async enforce(request: FastifyRequest, reply: FastifyReply) {
      const now = Date.now();
      for (const { limit, id } of keysOf(request)) {
        const entry = failures.get(id);
        if (entry && entry.resetAt > now && entry.count >= limit.max) {
          const seconds = Math.ceil((entry.resetAt - now) / 1000);
          reply.header("retry-after", String(seconds));
          request.log.warn({ limit: limit.name }, "attempt limit reached");
          throw new AppError(
            "rate_limited",
            `Too many ${what} attempts. Please wait ${waitText(seconds)} and try again.`,
          );
        }
      }
    },
    recordFailure(request: FastifyRequest) {
      const now = Date.now();
      for (const { limit, id } of keysOf(request)) {
        const entry = failures.get(id);
        if (!entry || entry.resetAt <= now) failures.set(id, { count: 1, resetAt: now + limit.windowMs });
        else entry.count += 1;
      }
      // Keep the map from growing without bound under a spray of usernames.
      if (failures.size > 10_000) {
        for (const [id, entry] of failures) if (entry.resetAt <= now) failures.delete(id);
      }
    },
  };
}
