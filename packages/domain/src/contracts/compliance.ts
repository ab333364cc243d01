import { z } from "zod";
import { WAYS } from "../constants.ts";
import { orderStatusValues } from "./orders.ts";

/** How many orders each list of the compliance screen shows (the oldest waiting first). */
export const COMPLIANCE_LIST_SIZE = 100;

/** The best sanctions match of an order's latest screening (docs/features/sanctions-screening.md). */
export const sanctionsMatchSchema = z.object({
  entryId: z.string().nullable(),
  name: z.string().nullable(),
  /** The similarity score, 0 to 1, three decimals. */
  score: z.string(),
  listVersion: z.string(),
  screenedAt: z.string(),
});

const complianceOrderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  name: z.string(),
  way: z.enum(WAYS),
  status: z.enum(orderStatusValues),
  totalGbpMinor: z.number().int(),
  branch: z.string(),
  createdAt: z.string(),
});

export const complianceOverviewSchema = z.object({
  /** Open orders on hold (Accept and Complete refused until cleared), the longest waiting first. */
  onHold: z.object({
    total: z.number().int(),
    orders: z.array(
      complianceOrderSchema.extend({
        reason: z.string(),
        heldAt: z.string().nullable(),
        sanctionsMatch: sanctionsMatchSchema.nullable(),
      }),
    ),
  }),
  /** Open orders whose latest screening matched a designation, newest screening first. */
  sanctionsMatches: z.array(complianceOrderSchema.extend({ match: sanctionsMatchSchema, onHold: z.boolean() })),
  /** UK Sanctions List imports, newest first; the first is the list screenings use. */
  sanctionsLists: z.array(
    z.object({
      id: z.uuid(),
      version: z.string(),
      importedAt: z.string(),
      importedBy: z.string(),
      entryCount: z.number().int(),
      nameCount: z.number().int(),
    }),
  ),
});
export type ComplianceOverview = z.infer<typeof complianceOverviewSchema>;
