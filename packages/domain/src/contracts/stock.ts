import { z } from "zod";
import { CART_MAX_ITEMS } from "../constants.ts";
import { availabilityValues } from "../stock-availability.ts";
import { branchKeys } from "./reference-data.ts";

const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
  .transform((code) => code.toUpperCase());

export const noteCountSchema = z.object({ valueMinor: z.number().int(), count: z.number().int() });

/** Staff: which branch and currency to show on the Stock page. */
export const stockQuerySchema = z
  .object({ branch: z.enum(branchKeys).optional(), currency: currencyCode.optional() })
  .strict();

/** One denomination of a branch's stock of a currency. */
export const stockNoteSchema = z.object({
  valueMinor: z.number().int(),
  count: z.number().int(),
  /** Held by open Click & Collect orders. */
  reserved: z.number().int(),
  free: z.number().int(),
});

const stockStateSchema = z.object({ tracked: z.boolean(), counts: z.array(noteCountSchema) });

export const stockChangeSchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  reason: z.string(),
  before: stockStateSchema,
  after: stockStateSchema,
});
export type StockChange = z.infer<typeof stockChangeSchema>;

export const stockViewSchema = z.object({
  branches: z.array(z.object({ key: z.string(), name: z.string() })),
  /** The currencies whose notes are known and that we trade. */
  currencies: z.array(z.object({ code: z.string(), label: z.string() })),
  /** What each branch tracks, for the overview. */
  tracked: z.array(
    z.object({ branch: z.string(), currency: z.string(), valueMinor: z.number().int(), freeMinor: z.number().int() }),
  ),
  branch: z.string(),
  currency: z.string(),
  isTracked: z.boolean(),
  notes: z.array(stockNoteSchema),
  /** The latest changes of this branch's stock of this currency, newest first. */
  history: z.array(stockChangeSchema),
});
export type StockView = z.infer<typeof stockViewSchema>;

const noteCountInput = z
  .object({
    valueMinor: z.number().int().positive(),
    count: z
      .number({ error: "Each count must be a whole number" })
      .int("Each count must be a whole number")
      .min(0, "A count cannot be negative")
      .max(1_000_000, "A count cannot be above 1,000,000"),
  })
  .strict();

export const stockUpdateSchema = z
  .object({
    tracked: z.boolean(),
    counts: z.array(noteCountInput).max(20),
    reason: z
      .string({ error: "Reason is required" })
      .trim()
      .min(1, "Reason is required")
      .max(300, "Reason is too long")
      .refine((text) => [...text].every((c) => c.charCodeAt(0) >= 32), "Reason must not contain control characters"),
  })
  .strict();
export type StockUpdate = z.input<typeof stockUpdateSchema>;

/**
 * Public: what a Click & Collect basket pays, as "EUR:30000:1.1232,USD:10000:1.2821" (currency, the line's
 * sterling in pence and its customer rate, as its quote gave them): each branch answers by the rule placing
 * the order applies (packages/domain whole-notes.ts).
 */
export const availabilityQuerySchema = z
  .object({
    need: z
      .string()
      .max(200)
      .regex(
        /^[A-Za-z]{3}:\d{1,15}:\d{1,12}\.\d{4}(,[A-Za-z]{3}:\d{1,15}:\d{1,12}\.\d{4})*$/,
        "must list CODE:pence:rate triples",
      )
      .transform((text) =>
        text.split(",").map((triple) => {
          const [code, pence, rate] = triple.split(":");
          return { currency: code!.toUpperCase(), gbpMinor: Number(pence), rate: rate! };
        }),
      )
      .refine((lines) => lines.length <= CART_MAX_ITEMS, "Please clear your cart"),
  })
  .strict();

export { AVAILABILITY_TEXT, type Availability, availabilityValues } from "../stock-availability.ts";

export const availabilitySchema = z.object({
  /** Per branch: null where the branch tracks none of the basket's currencies. */
  branches: z.array(
    z.object({
      key: z.string(),
      availability: z.enum(availabilityValues).nullable(),
      /** Where short: the currency it is short of and the largest amount of it its notes can supply. */
      largest: z.object({ currency: z.string(), foreignMinor: z.number().int() }).nullable(),
      /**
       * Where available: each line of the basket (in the order asked) as this branch hands it over, which
       * its notes may make smaller than the quote's, the rest back in sterling; null where not tracked or short.
       */
      lines: z
        .array(z.object({ currency: z.string(), foreignMinor: z.number().int(), sterlingBackMinor: z.number().int() }))
        .nullable(),
    }),
  ),
});
export type AvailabilityList = z.infer<typeof availabilitySchema>;

/** The notes of one currency of an order, for staff (order details). */
export const orderNotesSchema = z.object({
  currency: z.string(),
  /** The order's amount of this currency. */
  orderedMinor: z.number().int(),
  notes: z.array(noteCountSchema),
  /** What the notes add up to (below the ordered amount when notes cannot pay it exactly). */
  totalMinor: z.number().int(),
  /** reserved (open Click & Collect), handed over, released (cancelled/expired), received (Click & Sell). */
  state: z.enum(["reserved", "handed_over", "released", "received"]),
});
export type OrderNotes = z.infer<typeof orderNotesSchema>;
