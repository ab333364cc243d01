import { z } from "zod";
import { WAYS } from "../constants.ts";
import { REVERSAL_STATUSES } from "../reversal.ts";
import { branchKeys } from "./reference-data.ts";

/** Reversals (issue 33 item 4): what staff send and read. The rules are packages/domain/src/reversal.ts's. */

export const reversalIdParams = z.object({ id: z.uuid({ error: "There is no such reversal." }) });

/** Asking for a reversal: the reason, checked by reversalTextProblem (5 to 500 characters). */
export const reversalRequestSchema = z.object({ reason: z.string().max(2000) }).strict();
/** Refusing one: a note saying why. */
export const reversalRefusalSchema = z.object({ note: z.string().max(2000) }).strict();

export const reversalListQuerySchema = z
  .object({ branch: z.enum(branchKeys, { error: "There is no such branch." }).optional() })
  .strict();

/** A reversal as the order's page shows it. */
export const orderReversalSchema = z.object({
  id: z.string(),
  status: z.enum(REVERSAL_STATUSES),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type OrderReversal = z.infer<typeof orderReversalSchema>;

/** A reversal with its order, as the Reversals page lists it. */
export const reversalViewSchema = orderReversalSchema.extend({
  /** The staff account that asked (the page hides Approve and Refuse from them). */
  requestedById: z.string(),
  order: z.object({
    id: z.string(),
    orderNumber: z.string(),
    way: z.enum(WAYS),
    customerName: z.string(),
    totalGbpMinor: z.number().int(),
    completedAt: z.string().nullable(),
    completedBy: z.string().nullable(),
    branch: z.object({ key: z.string(), name: z.string() }),
  }),
});
export type ReversalView = z.infer<typeof reversalViewSchema>;

export const reversalListSchema = z.object({ reversals: z.array(reversalViewSchema) });
export type ReversalList = z.infer<typeof reversalListSchema>;
