import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Db } from "../../db/client.ts";
import { countAttempt, removeExpiredAttempts } from "./attempt-counters.ts";

/** How often one instance clears the expired counters (they are only clutter). */
const CLEAR_EXPIRED_EVERY_MS = 60_000;

/**
 * The store of the route limits (@fastify/rate-limit's public custom-store interface) in PostgreSQL: the
 * attempt counters' table and their one atomic upsert per request (decision 010), so that every instance
 * counts into the same counter and a client spreading its requests over instances gains nothing. Each
 * route counts apart (its method and path lead the key). Routes without a limit never reach it.
 */
export function postgresRouteLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastCleared = 0;
  const clearExpiredNowAndThen = () => {
    const now = Date.now();
    if (now - lastCleared < CLEAR_EXPIRED_EVERY_MS) return;
    lastCleared = now;
    removeExpiredAttempts(db).catch(() => {
      lastCleared = 0;
    });
  };

  class PostgresRouteLimitStore implements FastifyRateLimitStore {
    /** The route this store counts for (its method and path); empty for the plugin's own store. */
    private readonly route: string;

    constructor(_options: unknown, route = "") {
      this.route = route;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countAttempt(db, `route:${this.route}:${key}`, timeWindow).then(
        (count) => {
          clearExpiredNowAndThen();
          callback(null, { current: count.count, ttl: Math.max(0, count.windowEndsAt.getTime() - Date.now()) });
        },
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // `routeInfo` is documented (README, custom store) but missing from the package's types.
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string | string[]; url?: string } };
      const method = [routeInfo?.method ?? ""].flat().join(",");
      return new PostgresRouteLimitStore(routeOptions, `${method} ${routeInfo?.url ?? ""}`);
    }
  }
  return PostgresRouteLimitStore as unknown as FastifyRateLimitStoreCtor;
}
