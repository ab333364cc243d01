import { z } from "zod";
import { WAYS } from "../constants.ts";
import {
  customerDetailsMessages,
  emailsMatch,
  isValidEmail,
  isValidPhone,
  NAME_MAX_LENGTH,
} from "../customer-details.ts";
import { branchKeys } from "./reference-data.ts";

const minorAmount = z.number().int("must be a whole number of minor units").nonnegative().max(Number.MAX_SAFE_INTEGER);

export const quoteRequestSchema = z
  .object({
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code")
      .transform((code) => code.toUpperCase()),
    way: z.enum(WAYS),
    gbpMinor: minorAmount.optional(),
    foreignMinor: minorAmount.optional(),
    /** What the basket already holds of this way (pence), so that the order maximum is told when adding. */
    basketGbpMinor: minorAmount.optional(),
    /**
     * Click & Sell under a buy-back guarantee: the guaranteed order's signed link token (the order page's,
     * or the one a lookup by number and e-mail gives). The server prices the part up to what is left at the
     * original rate from the stored order (docs/features/buyback-guarantee.md).
     */
    buybackToken: z.string().trim().min(10).max(500).optional(),
  })
  .strict()
  .refine((q) => (q.gbpMinor === undefined) !== (q.foreignMinor === undefined), {
    message: "give exactly one of gbpMinor or foreignMinor",
    path: ["gbpMinor"],
  });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quoteSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  label: z.string(),
  way: z.enum(WAYS),
  /** Customer rate, 4 decimals: units of the currency per 1 GBP. */
  rate: z.string(),
  /** What the customer pays (Click & Collect) or is paid (Click & Sell), in pence. */
  gbpMinor: z.number().int(),
  /** The currency handed over (Click & Collect: in notes, the largest amount notes make) or brought (Click & Sell). */
  foreignMinor: z.number().int(),
  /** Click & Collect: the sterling paid that the notes do not cover, given back at the branch (0 for Click & Sell). */
  sterlingBackMinor: z.number().int().nonnegative(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /**
   * A quote at a buy-back guarantee's rate: the guaranteed order's number, and what of the amount asked
   * for it does not cover (more than is left: to be priced at the day's rate in a line of its own).
   */
  buyback: z.object({ orderNumber: z.string(), restMinor: z.number().int().nonnegative() }).optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

const requiredText = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const placeOrderRequestSchema = z
  .object({
    /** Random key chosen by the client for this submission: a retry with the same key returns the same order. */
    idempotencyKey: z.string().trim().min(16, "idempotencyKey is too short").max(100),
    way: z.enum(WAYS),
    /**
     * The lines as the customer saw them: each names its quote and repeats its price, so that a line whose
     * price was altered in the browser is refused rather than silently repriced.
     */
    lines: z
      .array(
        z
          .object({
            quoteId: z.uuid("is not a valid quote id"),
            rate: z.string().regex(/^\d+\.\d{4}$/, "must be a rate with 4 decimals"),
            gbpMinor: minorAmount,
            foreignMinor: minorAmount,
          })
          .strict(),
      )
      .min(1, "Please add currency item")
      .max(4, "Please clear your cart"),
    branch: z.enum(branchKeys, { error: "Select the checking point" }),
    customer: z
      .object({
        firstName: requiredText("First name", NAME_MAX_LENGTH),
        lastName: requiredText("Last name", NAME_MAX_LENGTH),
        email: z.string().trim().refine(isValidEmail, customerDetailsMessages.invalidEmail),
        confirmEmail: z.string().trim(),
        phone: z.string().trim().min(1, "Phone is required").refine(isValidPhone, customerDetailsMessages.invalidPhone),
        acceptedTerms: z.literal(true, { error: customerDetailsMessages.termsNotAccepted }),
      })
      .strict()
      .refine((c) => emailsMatch(c.email, c.confirmEmail), {
        message: customerDetailsMessages.emailsDiffer,
        path: ["confirmEmail"],
      }),
    /** Click & Collect: the buy-back guarantee bought with the order, at its configured price and days. */
    buybackGuarantee: z.boolean().optional(),
  })
  .strict()
  .refine((o) => new Set(o.lines.map((l) => l.quoteId)).size === o.lines.length, {
    message: "The same quote appears twice",
    path: ["lines"],
  });
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

export const orderStatusValues = ["pending", "accepted", "completed", "cancelled", "expired"] as const;
export type OrderStatus = (typeof orderStatusValues)[number];

export const orderLineSchema = z.object({
  position: z.number().int(),
  currency: z.string(),
  label: z.string(),
  rate: z.string(),
  gbpMinor: z.number().int(),
  /** Click & Collect: the currency handed over, in notes. */
  foreignMinor: z.number().int(),
  /** Click & Collect: the sterling given back, the rest of `gbpMinor` after the notes' value (0 for Click & Sell). */
  sterlingBackMinor: z.number().int().nonnegative(),
});

/** The collecting branch as an order shows it. */
export const orderBranchSchema = z.object({
  key: z.string(),
  name: z.string(),
  addressLines: z.array(z.string()),
  postcode: z.string(),
  phone: z.string(),
});

export const orderReceiptSchema = z.object({
  orderNumber: z.string().regex(/^\d{8}$/),
  way: z.enum(WAYS),
  status: z.enum(orderStatusValues),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  branch: orderBranchSchema,
  lines: z.array(orderLineSchema),
  totalGbpMinor: z.number().int(),
  createdAt: z.string(),
  /** Given to the customer who placed the order: the signed token of the order page's link. */
  accessToken: z.string().optional(),
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;
