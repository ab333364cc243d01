import { z } from "zod";
import { branchKeys } from "./reference-data.ts";
import { TILL_CASH_DIRECTIONS } from "../till.ts";
import { noteCountSchema } from "./stock.ts";

/** The till (issue 33 item 2): what staff send and read. The rules are packages/domain/src/till.ts's. */

/** A count by denomination, per currency (sterling and each currency the branch tracks). */
export const tillCountsSchema = z
  .array(
    z
      .object({
        currency: z.string().regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code"),
        notes: z.array(noteCountSchema).max(30),
      })
      .strict(),
  )
  .max(40);
export type TillCountsInput = z.infer<typeof tillCountsSchema>;

const branchKey = z.enum(branchKeys, { error: "There is no such branch." });

export const tillBranchQuerySchema = z.object({ branch: branchKey }).strict();
export const tillAwaitingQuerySchema = z.object({ branch: branchKey.optional() }).strict();
export const tillIdParams = z.object({ id: z.uuid({ error: "There is no such till." }) });

export const openTillRequestSchema = z.object({ branch: branchKey, counts: tillCountsSchema }).strict();
export const closeTillRequestSchema = z.object({ counts: tillCountsSchema }).strict();
export const signOffTillRequestSchema = z.object({ reason: z.string().max(2000) }).strict();
/** Cash moved between the drawer and the safe during the day, counted by denomination (one currency). */
export const tillCashMoveRequestSchema = z
  .object({
    direction: z.enum(TILL_CASH_DIRECTIONS, { error: "Say whether the cash goes into the drawer or out of it." }),
    currency: z.string().regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code"),
    notes: z.array(noteCountSchema).max(30),
    reason: z.string().max(2000),
  })
  .strict();
export type TillCashMoveInput = z.infer<typeof tillCashMoveRequestSchema>;

const amountSchema = z.object({ currency: z.string(), amountMinor: z.number().int() });

export const tillVarianceSchema = z.object({
  currency: z.string(),
  expectedMinor: z.number().int(),
  countedMinor: z.number().int(),
  varianceMinor: z.number().int(),
  varianceGbpMinor: z.number().int(),
});

export const tillViewSchema = z.object({
  id: z.string(),
  branch: z.object({ key: z.string(), name: z.string() }),
  cashierEmail: z.string(),
  status: z.enum(["open", "awaiting_signoff", "closed"]),
  openedAt: z.string(),
  /** The float counted at opening, per currency. */
  float: z.array(amountSchema),
  /** What the drawer should hold now: float + cash movements, per currency. */
  expected: z.array(amountSchema),
  /** Sterling taken and paid by card (recorded, not in the drawer): in positive, out negative, summed. */
  cardGbpMinor: z.number().int(),
  movementCount: z.number().int(),
  /** The close as counted (null until counted). */
  variance: z.array(tillVarianceSchema).nullable(),
  varianceGbpMinor: z.number().int().nullable(),
  countedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  signOff: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
});
export type TillView = z.infer<typeof tillViewSchema>;

/** The Till page's data for a branch: what to count there, and the staff member's till (null when none is open). */
export const tillPageSchema = z.object({
  branch: z.object({ key: z.string(), name: z.string() }),
  /** Sterling first, then each currency the branch tracks, with its denominations largest first. */
  currencies: z.array(z.object({ currency: z.string(), denominationsMinor: z.array(z.number().int()) })),
  till: tillViewSchema.nullable(),
  /** Above this total variance (pence) a close needs a manager's sign-off (TILL_VARIANCE_SIGNOFF_GBP). */
  signOffAboveGbpMinor: z.number().int(),
});
export type TillPage = z.infer<typeof tillPageSchema>;

export const tillsAwaitingSchema = z.object({ tills: z.array(tillViewSchema) });
