import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { clientAddressKey } from "../../lib/client-address.ts";
import {
  clearAttempts,
  countAttempt,
  releaseLease,
  removeExpiredAttempts,
  takeLease,
  uncountAttempt,
} from "../../modules/attempts/index.ts";

/**
 * Abuse limits for sign-in, sign-up and the Secure Box (docs/decisions/010 and 031). Each is counted per client
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
 * Requests that send an e-mail count every attempt, per address and per e-mail address asked for:
 * otherwise anyone could flood a person's inbox. The count is the same whether an account exists or not,
 * so a refusal tells nothing about accounts. Account e-mails (verification and reset links) are refused
 * per address only: per recipient they stop being sent, without a refusal (modules/users/account-mail.ts).
 */
export function accountMailLimits(
  name: string,
  { perAddress = 10, perEmail = 3 }: { perAddress?: number; perEmail?: number | "not-refused" } = {},
): AttemptLimit[] {
  const address: AttemptLimit = {
    name: `${name}:address`,
    windowMs: 60 * MINUTE,
    key: byClientAddress,
    policy: { kind: "refuse", max: perAddress },
  };
  if (perEmail === "not-refused") return [address];
  return [
    address,
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

/** A lease per account that lets one attempt at a time be judged (sign-in: docs/decisions/031). */
export type OneAtATime = {
  name: string;
  key: (request: FastifyRequest) => string | undefined;
  /** How long a holder may keep it: longer than any judgement; a crashed holder frees it then. */
  leaseMs: number;
  /** How long a second attempt waits for its turn before it is refused, with this message. */
  waitMs: number;
  busyMessage: string;
};

export const SIGN_IN_IN_PROGRESS_MESSAGE =
  "Another sign-in to this account is in progress. Please wait a moment and try again.";

/** Sign-in attempts on one account are judged one after the other, never side by side. */
export const signInOneAtATime: OneAtATime = {
  name: "sign-in:in-progress",
  key: byBodyField("email"),
  leaseMs: 10_000,
  waitMs: 10_000,
  busyMessage: SIGN_IN_IN_PROGRESS_MESSAGE,
};

const TURN_POLL_MS = 25;

/** What `enforce` did for a request, undone or kept once the route knows the outcome. */
type Provisional = { counted: { id: string; policy: AttemptLimit["policy"] }[]; turn?: { key: string; token: number } };

/** The counters an attempt counts on: one per limit that applies to the request. */
function attemptKeysOf(limits: AttemptLimit[], request: FastifyRequest) {
  return limits.flatMap((limit) => {
    const key = limit.key(request);
    return key === undefined ? [] : [{ limit, id: `${limit.name}:${key}` }];
  });
}

/**
 * What the counts (this attempt's included) say: the first hard limit the attempt is over, with the
 * seconds until its window ends, else how long the slow-down limits make it wait.
 */
function verdictOf(counted: { limit: AttemptLimit; entry: { count: number; windowEndsAt: Date } }[]): {
  delayMs: number;
  over?: { seconds: number; limitName: string };
} {
  let delayMs = 0;
  for (const { limit, entry } of counted) {
    const { policy } = limit;
    if (policy.kind === "slow-down") {
      // The count includes this attempt: the delay follows the failures before it.
      delayMs = Math.max(delayMs, slowDownDelayMs(policy, entry.count - 1));
      continue;
    }
    if (entry.count > policy.max) {
      const seconds = Math.max(1, Math.ceil((entry.windowEndsAt.getTime() - Date.now()) / 1000));
      return { delayMs, over: { seconds, limitName: limit.name } };
    }
  }
  return { delayMs };
}

/**
 * Enforces `limits` for one kind of attempt. Every attempt is counted, in one atomic upsert per key,
 * before it is judged, so that parallel attempts see each other's counts and cannot pass a cap together
 * (docs/decisions/031). With `counting: "every-attempt"` that count is final; with `"failures"` it is
 * provisional, and the route reports the outcome: a failure keeps it (recordFailure), a success gives the
 * address its count back and clears the account's slow-down (recordSuccess), and an attempt that was not
 * judged at all (bad input, refused) gives every count back (recordNotJudged).
 */
export function attemptLimiter(
  app: FastifyInstance,
  what: string,
  limits: AttemptLimit[],
  counting: "failures" | "every-attempt",
  oneAtATime?: OneAtATime,
) {
  const provisional = new WeakMap<FastifyRequest, Provisional>();

  /** Takes the request out of `provisional`, so that its outcome is settled once whatever reports it. */
  const settle = async (
    request: FastifyRequest,
    keep: (policy: AttemptLimit["policy"]) => "keep" | "uncount" | "clear",
  ) => {
    const state = provisional.get(request);
    if (!state) return;
    provisional.delete(request);
    await Promise.all([
      ...state.counted.map(({ id, policy }) => {
        const action = keep(policy);
        if (action === "uncount") return uncountAttempt(app.db, id);
        if (action === "clear") return clearAttempts(app.db, [id]);
        return undefined;
      }),
      state.turn ? releaseLease(app.db, state.turn.key, state.turn.token) : undefined,
    ]);
  };
  const recordNotJudged = (request: FastifyRequest) => settle(request, () => "uncount");

  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    seconds: number,
    limitName: string,
    message = `Too many ${what} attempts. Please wait ${waitText(seconds)} and try again.`,
  ) => {
    await recordNotJudged(request);
    reply.header("retry-after", String(seconds));
    request.log.warn({ limit: limitName }, "attempt limit reached");
    throw new AppError("rate_limited", message);
  };

  /** Waits (bounded) until no other attempt on the same account is being judged. */
  const takeTurn = async (request: FastifyRequest, reply: FastifyReply, state: Provisional) => {
    if (!oneAtATime) return;
    const key = oneAtATime.key(request);
    if (key === undefined) return;
    const leaseKey = `${oneAtATime.name}:${key}`;
    const giveUpAt = performance.now() + oneAtATime.waitMs;
    for (;;) {
      const token = await takeLease(app.db, leaseKey, oneAtATime.leaseMs);
      if (token !== undefined) {
        state.turn = { key: leaseKey, token };
        return;
      }
      if (performance.now() >= giveUpAt) return refuse(request, reply, 1, oneAtATime.name, oneAtATime.busyMessage);
      await sleep(TURN_POLL_MS);
    }
  };

  return {
    /** preHandler: counts the attempt; 429 when an address is over its limit; waits when an account is being guessed. */
    async enforce(request: FastifyRequest, reply: FastifyReply) {
      const counted = await Promise.all(
        attemptKeysOf(limits, request).map(async ({ limit, id }) => ({
          limit,
          id,
          entry: await countAttempt(app.db, id, limit.windowMs),
        })),
      );
      const state: Provisional = {
        counted: counting === "failures" ? counted.map(({ id, limit }) => ({ id, policy: limit.policy })) : [],
      };
      provisional.set(request, state);
      if (Math.random() < 0.01) await removeExpiredAttempts(app.db);
      const { delayMs, over } = verdictOf(counted);
      if (over) await refuse(request, reply, over.seconds, over.limitName);
      if (delayMs > 0) await sleep(delayMs);
      await takeTurn(request, reply, state);
    },

    /** The attempt failed: its counts stay. */
    recordFailure: (request: FastifyRequest) => settle(request, () => "keep"),

    /** A success ends its account's slow-down; its address gets this attempt back (a hit proves nothing about it). */
    recordSuccess: (request: FastifyRequest) =>
      settle(request, (policy) => (policy.kind === "slow-down" ? "clear" : "uncount")),

    recordNotJudged,
  };
}
