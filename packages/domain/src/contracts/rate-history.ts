import { z } from "zod";
import { DEFAULT_RATE_HISTORY_RANGE, RATE_HISTORY_RANGES } from "../rate-history.ts";
import { decimalString } from "./reference-data.ts";

export const rateHistoryParamsSchema = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "A currency code has three letters")
    .transform((code) => code.toUpperCase()),
});

export const rateHistoryQuerySchema = z.object({
  range: z
    .enum(RATE_HISTORY_RANGES, { error: `The range is one of ${RATE_HISTORY_RANGES.join(", ")}` })
    .default(DEFAULT_RATE_HISTORY_RANGE),
});

const rateSummarySchema = z.object({
  high: decimalString,
  low: decimalString,
  first: decimalString,
  last: decimalString,
  change: decimalString,
  changePercent: decimalString,
});

/** A currency's rates over a range: chart points (4 decimals, null before anything was known) and a summary. */
export const rateHistoryResponseSchema = z.object({
  code: z.string().length(3),
  label: z.string(),
  range: z.enum(RATE_HISTORY_RANGES),
  from: z.string(),
  to: z.string(),
  points: z.array(
    z.object({
      day: z.string(),
      market: decimalString.nullable(),
      collect: decimalString.nullable(),
      sell: decimalString.nullable(),
    }),
  ),
  summary: z.object({
    market: rateSummarySchema.nullable(),
    collect: rateSummarySchema.nullable(),
    sell: rateSummarySchema.nullable(),
  }),
});
export type RateHistoryResponse = z.infer<typeof rateHistoryResponseSchema>;
