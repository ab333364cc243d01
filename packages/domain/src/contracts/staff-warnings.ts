import { z } from "zod";
import { RATE_PROVIDERS } from "../rate-freshness.ts";

/**
 * What the dashboard's banner warns staff of (docs/decisions/027): rates too old to be called live (and
 * quotes paused), and a UK Sanctions List that is missing or out of date. Facts only; the banner words them.
 */
export const staffWarningsSchema = z.object({
  rates: z.object({
    provider: z.enum(RATE_PROVIDERS),
    freshness: z.enum(["live", "stale", "reference", "none"]),
    /** The newest rate's time, or the offline provider's table date. */
    asOf: z.string().nullable(),
    /** "Get the Latest" is on. */
    refreshEnabled: z.boolean(),
    /** Since when every refresh has failed, and the last refresh's error. */
    failingSince: z.string().nullable(),
    lastError: z.string().nullable(),
    quotesPaused: z.boolean(),
  }),
  sanctions: z.object({
    /** When the newest list was imported; null when none has been. */
    importedAt: z.string().nullable(),
    state: z.enum(["none", "stale", "current"]),
    staleDays: z.number(),
  }),
  /** The server's time of the answer, so that ages are counted from one clock. */
  now: z.string(),
});
export type StaffWarnings = z.infer<typeof staffWarningsSchema>;
