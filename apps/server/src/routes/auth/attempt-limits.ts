import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { clientAddressKey } from "../../lib/client-address.ts";
import {
  type AttemptCount,
  clearAttempts,
  countAttempt,
  readAttemptCounts,
  removeExpiredAttempts,
} from "../../modules/attempts/attempt-counters.ts";

/**
 * Abuse limits for sign-in, sign-up and the Secure Box (docs/decisions/009). Each is counted per client
 * address (IPv6 per /64) and per account, in PostgreSQL so that every server instance shares them.
 *
 * Guessing limits count failures only. An address that keeps failing is refused for a while. An
 * account is never locked, since anyone who knows the e-mail (or, for the Secure Box, anyone who
 * could make an admin fail) could then lock its owner out: instead, answers about that account come
 * later and later, up to a few seconds, so guessing is slow while the owner, from any address, still
 * gets in.
 */
export type AttemptLimit = {
  /** Names the counter; the counted key follows it, e.g. "sign-in:account:ann@example.com". */
  name: string;
  windowMs: number;
  /** The counted key, or undefined to skip this limit for the request (e.g. no e-mail given). */
  key: (request: FastifyRequest) => string | undefined;
  policy: RefusePolicy | SlowDownPolicy;
};
/** At most `max` counted attempts per window; then 429 until the window ends. */
type RefusePolicy = { kind: "refuse"; max: number };
/** After `after` counted failures, each attempt waits, doubling from `firstDelayMs` up to `maxDelayMs`. */
type SlowDownPolicy = { kind: "slow-down"; after: number; firstDelayMs: number; maxDelayMs: number };

const MINUTE = 60_000;

const byClientAddress = (request: FastifyRequest) => clientAddressKey(request.ip);
const byBodyField = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" && value.trim() ? value.trim().toLowerCase() : undefined;
};
const bySignedInAccount = (request: FastifyRequest) => request.currentSession?.user.id;

const accountSlowDown: SlowDownPolicy = { kind: "slow-down", after: 3, firstDelayMs: 500, maxDelayMs: 4_000 };

export const signInLimits: AttemptLimit[] = [
  { name: "sign-in:address", windowMs: 15 * MINUTE, key: byClientAddress, policy: { kind: "refuse", max: 20 } },
  { name: "sign-in:account", windowMs: 15 * MINUTE, key: byBodyField("email"), policy: accountSlowDown },
];

/** Sign-ups count every attempt: creating accounts in bulk is the abuse, not guessing. */
export const signUpLimits: AttemptLimit[] = [
  { name: "sign-up:address", windowMs: 60 * MINUTE, key: byClientAddress, policy: { kind: "refuse", max: 30 } },
  { name: "sign-up:account", windowMs: 60 * MINUTE, key: byBodyField("email"), policy: { kind: "refuse", max: 5 } },
];

/**
 * Requests that send an account e-mail (a new verification link, a password reset link) count every
 * attempt, per address and per e-mail address asked for: otherwise anyone could flood a person's inbox.
 * The count is the same whether an account exists or not, so a refusal tells nothing about accounts.
 */
export function accountMailLimits(
  name: string,
  { perAddress = 10, perEmail = 3 }: { perAddress?: number; perEmail?: number } = {},
): AttemptLimit[] {
  return [
    {
      name: `${name}:address`,
      windowMs: 60 * MINUTE,
      key: byClientAddress,
      policy: { kind: "refuse", max: perAddress },
    },
    {
      name: `${name}:account`,
      windowMs: 60 * MINUTE,
      key: byBodyField("email"),
      policy: { kind: "refuse", max: perEmail },
    },
  ];
}

/**
 * The Secure Box username and password are shared by all staff, so the account counted is the admin
 * who tries (only admins get this far), never the username typed.
 */
export const secureBoxLimits: AttemptLimit[] = [
  { name: "secure-box:address", windowMs: 15 * MINUTE, key: byClientAddress, policy: { kind: "refuse", max: 10 } },
  { name: "secure-box:account", windowMs: 15 * MINUTE, key: bySignedInAccount, policy: accountSlowDown },
];

/** Everything else under /api/auth (OAuth starts, callbacks, sign-out...): a generous per-address cap. */
export const authEndpointLimits: AttemptLimit[] = [
  { name: "auth:address", windowMs: 5 * MINUTE, key: byClientAddress, policy: { kind: "refuse", max: 300 } },
];

/** How long an attempt waits after `failures` counted failures of its account. */
export function slowDownDelayMs(policy: SlowDownPolicy, failures: number): number {
  if (failures < policy.after) return 0;
  return Math.min(policy.firstDelayMs * 2 ** (failures - policy.after), policy.maxDelayMs);
}

function waitText(seconds: number) {
  if (seconds <= 60) return "a minute";
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Enforces `limits` for one kind of attempt. With `counting: "every-attempt"` each request counts
 * as it arrives; with `"failures"` the route reports its outcome (recordFailure / recordSuccess).
 */
export function attemptLimiter(
  app: FastifyInstance,
  what: string,
  limits: AttemptLimit[],
  counting: "failures" | "every-attempt",
) {
  const keysOf = (request: FastifyRequest) =>
    limits.flatMap((limit) => {
      const key = limit.key(request);
      return key === undefined ? [] : [{ limit, id: `${limit.name}:${key}` }];
    });

  return {
    /** preHandler: 429 when an address is over its limit; waits when an account is being guessed. */
    async enforce(request: FastifyRequest, reply: FastifyReply) {
      const keys = keysOf(request);
      let counts: Map<string, AttemptCount>;
      if (counting === "every-attempt") {
        const counted = await Promise.all(
          keys.map(async ({ limit, id }) => [id, await countAttempt(app.db, id, limit.windowMs)] as const),
        );
        counts = new Map(counted);
      } else {
        counts = await readAttemptCounts(
          app.db,
          keys.map(({ id }) => id),
        );
      }
      let delayMs = 0;
      for (const { limit, id } of keys) {
        const entry = counts.get(id);
        if (!entry) continue;
        const { policy } = limit;
        if (policy.kind === "slow-down") {
          delayMs = Math.max(delayMs, slowDownDelayMs(policy, entry.count));
          continue;
        }
        const over = counting === "every-attempt" ? entry.count > policy.max : entry.count >= policy.max;
        if (over) {
          const seconds = Math.max(1, Math.ceil((entry.windowEndsAt.getTime() - Date.now()) / 1000));
          reply.header("retry-after", String(seconds));
          request.log.warn({ limit: limit.name }, "attempt limit reached");
          throw new AppError(
            "rate_limited",
            `Too many ${what} attempts. Please wait ${waitText(seconds)} and try again.`,
          );
        }
      }
      if (delayMs > 0) await sleep(delayMs);
    },

    /** Counts a failed attempt against every key of the request. */
    async recordFailure(request: FastifyRequest) {
      await Promise.all(keysOf(request).map(({ limit, id }) => countAttempt(app.db, id, limit.windowMs)));
      if (Math.random() < 0.01) await removeExpiredAttempts(app.db);
    },

    /** A success ends its account's slow-down (addresses keep their count: a hit proves nothing about them). */
    async recordSuccess(request: FastifyRequest) {
      await clearAttempts(
        app.db,
        keysOf(request)
          .filter(({ limit }) => limit.policy.kind === "slow-down")
          .map(({ id }) => id),
      );
    },
  };
}
