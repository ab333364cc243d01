import { z } from "zod";
import { ID_DOCUMENT_TYPES } from "../handover.ts";
import { branchKeys } from "./reference-data.ts";
import { noteCountSchema } from "./stock.ts";

/** Walk-in trades at the counter (issue 33 item 3): what staff send and read. The rules are counter-trade.ts's. */

const branchKey = z.enum(branchKeys, { error: "There is no such branch." });
const optionalText = (max: number) => z.string().max(max).optional();

export const counterQuerySchema = z.object({ branch: branchKey }).strict();

/** A trade as the cashier enters it; the names and amounts are checked by the domain, every problem at once. */
export const counterTradeRequestSchema = z
  .object({
    branch: branchKey,
    idempotencyKey: z.string().min(8).max(100),
    currency: z.string().regex(/^[A-Za-z]{3}$/, "Choose a currency"),
    way: z.enum(["Order", "Sell"], { error: 'Choose "We sell" or "We buy"' }),
    foreignMinor: z.number(),
    firstName: z.string().max(200),
    lastName: z.string().max(200),
    email: optionalText(300),
    phone: optionalText(60),
    idType: z.union([z.enum(ID_DOCUMENT_TYPES), z.literal("")]).optional(),
    idNumberLast4: optionalText(40),
    idExpiresOn: optionalText(40),
    address: optionalText(400),
    dateOfBirth: optionalText(40),
    cardMatchesName: z.boolean().optional(),
    receivedNotes: z.array(noteCountSchema).max(30).optional(),
    paymentMethod: z.string().max(20),
    /** "We buy" under a buy-back guarantee: the guaranteed order's number (docs/features/buyback-guarantee.md). */
    guaranteedOrderNumber: optionalText(20),
  })
  .strict();
export type CounterTradeRequest = z.infer<typeof counterTradeRequestSchema>;

/** What a trade came to: completed (the receipt is on its page), or held for the MLRO with nothing handed over. */
export const counterTradeResultSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(["completed", "held"]),
  holdReason: z.string().nullable(),
  gbpMinor: z.number().int(),
});
export type CounterTradeResult = z.infer<typeof counterTradeResultSchema>;

/** The counter's prices at a branch: each active currency at its counter rates, and the till's state. */
export const counterViewSchema = z.object({
  branch: z.object({ key: z.string(), name: z.string() }),
  idFromGbpMinor: z.number().int(),
  tillOpen: z.boolean(),
  currencies: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      /** "We sell" (the customer buys: Click & Collect's way) and "We buy" rates, per pound. */
      weSellRate: z.string(),
      weBuyRate: z.string(),
      smallestNoteMinor: z.number().int(),
      /** Whether the rates use the counter's own margins. */
      counterMargins: z.boolean(),
    }),
  ),
});
export type CounterView = z.infer<typeof counterViewSchema>;

const margin = z.string().regex(/^-?\d{1,3}(\.\d{1,2})?$/, "A margin is a percentage with up to 2 decimals");
/** Counter margins of a currency: both set, or both cleared (null: the online margins apply). */
export const counterMarginsRequestSchema = z
  .object({ sellMargin: margin.nullable(), buyMargin: margin.nullable() })
  .strict();
export const counterCurrencyParams = z.object({ code: z.string().regex(/^[A-Za-z]{3}$/) });
