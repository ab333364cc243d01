import { z } from "zod";
import { RATE_PROVIDERS } from "../rate-freshness.ts";

/** Exact decimal carried as a string so that no binary floating point touches it. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, "must be a decimal number");

export const currencySchema = z.object({
  code: z.string().length(3),
  label: z.string(),
  /** Market rate, units of the currency per 1 GBP. */
  rate: decimalString,
  /** Margin percent for Click & Collect (customer buys). */
  sell: decimalString,
  /** Margin percent for Click & Sell (customer sells). */
  buy: decimalString,
  /** Customer rate for Click & Collect, 4 decimals. */
  collectRate: decimalString,
  /** Customer rate for Click & Sell, 4 decimals. */
  sellRate: decimalString,
  /** The smallest note a branch hands over and buys, in minor units (Click & Sell amounts are multiples of it). */
  smallestNoteMinor: z.number().int().positive(),
  updatedAt: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencyListSchema = z.object({
  currencies: z.array(currencySchema),
  /** When the rates were last refreshed (the newest update of any currency). */
  ratesUpdatedAt: z.string().nullable(),
  /** How old the rates are and whether online quotes are paused (rate-freshness.ts, docs/decisions/027). */
  rates: z.object({
    provider: z.enum(RATE_PROVIDERS),
    freshHours: z.number(),
    pauseOrdersAfterHours: z.number(),
    /** The newest rate's as-of time (the same as ratesUpdatedAt). */
    ratesAsOf: z.string().nullable(),
    /** The `fixed` provider's reference table date; null for a live provider. */
    referenceAsOf: z.string().nullable(),
    /** Since when every refresh from the live provider has failed; null while refreshes succeed. */
    refreshFailingSince: z.string().nullable(),
  }),
});
export type CurrencyList = z.infer<typeof currencyListSchema>;

export const branchKeys = ["worthing", "brighton", "chichester", "172"] as const;
export type BranchKey = (typeof branchKeys)[number];

export const branchSchema = z.object({
  key: z.enum(branchKeys),
  name: z.string(),
  addressLines: z.array(z.string()),
  postcode: z.string(),
  phone: z.string(),
  email: z.string(),
  mapQuery: z.string(),
  hours: z.array(z.object({ day: z.string(), opens: z.string(), closes: z.string() })),
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListSchema = z.object({ branches: z.array(branchSchema) });
export type BranchList = z.infer<typeof branchListSchema>;

/** Liveness: the process answers (a load balancer or orchestrator restarts it when this fails). */
export const livenessSchema = z.object({ status: z.literal("ok") });

/** Readiness: whether this instance should be sent traffic now. */
export const readinessSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  database: z.enum(["up", "down"]),
  /** "pending" while this database lacks migrations this build needs (they are running, or have not run). */
  migrations: z.enum(["done", "pending"]),
  /** True once the instance has begun a graceful shutdown. */
  draining: z.boolean(),
});
