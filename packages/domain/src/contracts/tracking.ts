import { z } from "zod";
import { WAYS } from "../constants.ts";
import { orderBranchSchema, orderLineSchema, orderStatusValues } from "./orders.ts";
import { branchKeys } from "./reference-data.ts";

/** An order's 8-digit number as a customer types it: spaces are forgiven. */
const orderNumberInput = z
  .string({ error: "Enter your order number" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Enter your order number")
      .regex(/^\d{8}$/, "An order number has 8 digits"),
  );

/** "Track your order": the order number and the e-mail given with the order (any letter case). */
export const trackOrderRequestSchema = z
  .object({
    orderNumber: orderNumberInput,
    email: z.string({ error: "Enter your email" }).trim().min(1, "Enter your email").max(254, "Enter your email"),
  })
  .strict();
export type TrackOrderRequest = z.input<typeof trackOrderRequestSchema>;

/** A signed order link's token (see the server's order-links module); opaque to the browser. */
export const orderAccessTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/, "is not an order link");

export const cancelTrackedOrderRequestSchema = z.object({ token: orderAccessTokenSchema }).strict();

const amountMinor = z
  .number({ error: "Please give correct amount" })
  .int("Please give correct amount")
  .positive("Please give correct amount")
  .max(Number.MAX_SAFE_INTEGER);

/**
 * "Check the new price" of an amendment (docs/features/amend-order.md): the new amount of each line, in
 * line order (the sterling paid for Click & Collect, the currency brought for Click & Sell), and the branch.
 */
export const amendQuoteRequestSchema = z
  .object({
    token: orderAccessTokenSchema,
    branch: z.enum(branchKeys, { error: "Select the checking point" }),
    amountsMinor: z.array(amountMinor).min(1).max(4),
  })
  .strict();
export type AmendQuoteRequest = z.input<typeof amendQuoteRequestSchema>;

const amendmentSideSchema = z.object({
  branch: z.string(),
  totalGbpMinor: z.number().int(),
  lines: z.array(orderLineSchema.omit({ position: true })),
});

/** The order as it stands and as the new quotes would make it, side by side, and the quotes to confirm. */
export const amendmentPreviewSchema = z.object({
  before: amendmentSideSchema,
  after: amendmentSideSchema,
  quotes: z.array(
    z.object({ quoteId: z.uuid(), rate: z.string(), gbpMinor: z.number().int(), foreignMinor: z.number().int() }),
  ),
  /** When the first of the new prices stops being held. */
  expiresAt: z.string(),
});
export type AmendmentPreview = z.infer<typeof amendmentPreviewSchema>;

/** "Confirm amendment": the new quotes as the customer saw them, the branch, and a key (a retry amends once). */
export const amendOrderRequestSchema = z
  .object({
    token: orderAccessTokenSchema,
    idempotencyKey: z.string().trim().min(16, "idempotencyKey is too short").max(100),
    branch: z.enum(branchKeys, { error: "Select the checking point" }),
    lines: z
      .array(
        z
          .object({
            quoteId: z.uuid("is not a valid quote id"),
            rate: z.string().regex(/^\d+\.\d{4}$/, "must be a rate with 4 decimals"),
            gbpMinor: z.number().int().nonnegative(),
            foreignMinor: z.number().int().nonnegative(),
          })
          .strict(),
      )
      .min(1)
      .max(4),
  })
  .strict();
export type AmendOrderRequest = z.input<typeof amendOrderRequestSchema>;

const openingHoursSchema = z.array(z.object({ day: z.string(), opens: z.string(), closes: z.string() }));

/** What the customer's order page shows. Staff names never appear here. */
export const trackedOrderSchema = z.object({
  orderNumber: z.string().regex(/^\d{8}$/),
  way: z.enum(WAYS),
  status: z.enum(orderStatusValues),
  /** On hold (any reason, never said which): the page shows "Additional checks" (order-tracking.ts). */
  additionalChecks: z.boolean(),
  fullName: z.string(),
  /** The order's own contact details, as on the confirmation (the page opens only by its signed link or a matching lookup). */
  email: z.string(),
  phone: z.string(),
  /** `today`: the weekday it is now in the bureau's display zone (DISPLAY_TIME_ZONE), for today's hours. */
  branch: orderBranchSchema.extend({ hours: openingHoursSchema, today: z.string() }),
  /** How long the customer has (collection-deadline.ts `collectionDeadline`); null once the order is closed. */
  deadline: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("collect-by"), at: z.string() }),
      z.object({ kind: z.literal("once-ready"), days: z.number().int(), readyBy: z.string() }),
    ])
    .nullable(),
  lines: z.array(orderLineSchema),
  totalGbpMinor: z.number().int(),
  timeline: z.array(
    z.object({
      event: z.enum(["placed", "amended", "accepted", "completed", "cancelled", "expired"]),
      at: z.string(),
    }),
  ),
  canCancel: z.boolean(),
  /** Pending (not yet accepted), placed online: the customer may still change its amounts or branch. */
  canAmend: z.boolean(),
  /** The signed token of this order's link: opens the page and authorises a cancel. */
  accessToken: z.string(),
  /**
   * The buy-back guarantee bought with the order (docs/features/buyback-guarantee.md): its line ("€200.00
   * left to sell back at 1.1232 until …", or used, ended, not started), its fee, and the currencies that
   * can still be sold back now. Absent: none.
   */
  buyback: z.object({ text: z.string(), feeGbpMinor: z.number().int(), sellBack: z.array(z.string()) }).optional(),
});
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

/** "My orders": a page of the signed-in customer's orders, newest first (`after` is the last page's cursor). */
export const myOrdersQuerySchema = z
  .object({
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

export const myOrderSchema = z.object({
  orderNumber: z.string().regex(/^\d{8}$/),
  placedAt: z.string(),
  way: z.enum(WAYS),
  status: z.enum(orderStatusValues),
  /** On hold (any reason, never said which): the list shows "Additional checks". */
  additionalChecks: z.boolean(),
  /** One entry per line: the currency and its amount in minor units. */
  lines: z.array(z.object({ currency: z.string(), foreignMinor: z.number().int() })),
  totalGbpMinor: z.number().int(),
  /** The order page: the order's signed link, which also opens a closed order for its verified owner. */
  href: z.string(),
  /** The buy-back guarantee's line, as on the order page (absent: none). */
  buyback: z.string().optional(),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrdersSchema = z.object({ orders: z.array(myOrderSchema), nextCursor: z.string().nullable() });
export type MyOrders = z.infer<typeof myOrdersSchema>;

/**
 * What order step 2 fills in for a signed-in customer: the account's e-mail, and the name and phone of
 * their latest order with it (once the address is verified; otherwise the display name and no phone).
 */
export const customerPrefillSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type CustomerPrefill = z.infer<typeof customerPrefillSchema>;
