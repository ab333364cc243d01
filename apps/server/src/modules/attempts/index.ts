export {
  clearAttempts,
  countAttempt,
  releaseLease,
  removeExpiredAttempts,
  takeLease,
  uncountAttempt,
} from "./attempt-counters.ts";
export { postgresRouteLimitStore } from "./route-limit-store.ts";
