import { z } from "zod";
import { ORDER_CHANNELS } from "../counter-trade.ts";
import { CART_MAX_ITEMS, WAYS } from "../constants.ts";
import { ID_DOCUMENT_TYPES } from "../handover.ts";
import { SOURCES_OF_FUNDS } from "../customer-due-diligence.ts";
import { orderBranchSchema, orderLineSchema, orderStatusValues } from "./orders.ts";
import { branchKeys, currencySchema, decimalString } from "./reference-data.ts";
import { RISK_FLAG_RULES } from "../risk-flags.ts";
import { orderReversalSchema } from "./reversals.ts";
import { noteCountSchema, orderNotesSchema } from "./stock.ts";

/** A calendar day in the display time zone, "2026-11-25". */
const displayDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-25")
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, "must be a real date");

/**
 * What the staff order lists and the order export can be narrowed to, besides the status: the search
 * box, the branch, the way (Click & Collect = Order, Click & Sell = Sell) and the days the orders were
 * placed on (display time zone, both days included).
 */
const orderFilterFields = {
  q: z
    .string()
    .trim()
    .max(100)
    .refine((text) => [...text].every((c) => c.charCodeAt(0) >= 32), "must not contain control characters")
    .optional(),
  branch: z.enum(branchKeys, { error: "There is no such branch." }).optional(),
  way: z.enum(WAYS, { error: "must be Order or Sell" }).optional(),
  from: displayDay.optional(),
  to: displayDay.optional(),
};
const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const fromNotAfterToMessage = { message: "The first day must not be after the last day", path: ["to"] };

/** Staff order lists: one keyset page, newest first. */
export const orderListQuerySchema = z
  .object({
    status: z.enum(orderStatusValues),
    ...orderFilterFields,
    /** Archived orders (History's Delete on a completed order) are left out unless asked for: "include". */
    archived: z.enum(["exclude", "include"], { error: "must be exclude or include" }).default("exclude"),
    /** Opaque cursor from the previous page's nextCursor. */
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()
  .refine(fromNotAfterTo, fromNotAfterToMessage);

/** The filters an order list or export is narrowed by (all optional; no status means every status). */
export type OrderFilters = {
  status?: (typeof orderStatusValues)[number] | undefined;
  q?: string | undefined;
  branch?: (typeof branchKeys)[number] | undefined;
  way?: (typeof WAYS)[number] | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** Staff order export (CSV): the list filters, any status when none is given. */
export const orderExportQuerySchema = z
  .object({ status: z.enum(orderStatusValues).optional(), ...orderFilterFields })
  .strict()
  .refine(fromNotAfterTo, fromNotAfterToMessage);

export const orderListItemSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  way: z.enum(WAYS),
  status: z.enum(orderStatusValues),
  /** Sterling amount of the order (paid for Click & Collect, paid out for Click & Sell). */
  totalGbpMinor: z.number().int(),
  /** Foreign amounts, one per currency line. */
  fx: z.array(z.object({ currency: z.string(), foreignMinor: z.number().int() })),
  branch: z.string(),
  createdAt: z.string(),
  /** Why the order is on hold (docs/features/due-diligence-tiers.md), null when it is not: Accept and Complete wait for staff to clear it. */
  holdReason: z.string().nullable(),
  /** Flagged "Enhanced due diligence": completing it records the customer's address and date of birth. */
  enhancedDueDiligence: z.boolean(),
  /** The risk flags that fired at placement (their badges, packages/domain risk-flags.ts), empty when none. */
  riskFlags: z.array(z.string()),
  /** When History's Delete archived the order (completed orders only), null when it is not archived. */
  archivedAt: z.string().nullable(),
  /** Online, or a walk-in trade at the counter (issue 33 item 3). */
  channel: z.enum(ORDER_CHANNELS),
  /** When a manager approved the order's reversal (docs/features/reversals.md), null when it is not reversed. */
  reversedAt: z.string().nullable(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderListSchema = z.object({ orders: z.array(orderListItemSchema), nextCursor: z.string().nullable() });
export type OrderList = z.infer<typeof orderListSchema>;

export const orderTransitionValues = ["accept", "complete", "cancel"] as const;
export type OrderTransition = (typeof orderTransitionValues)[number];

const noteCountsSchema = z.array(noteCountSchema);
/** What was recorded at handover, as staff see it on the order's page and in its timeline. */
export const handoverViewSchema = z.object({
  /** Null on a walk-in trade below COUNTER_ID_FROM_GBP: the name only was recorded. */
  idType: z.enum(ID_DOCUMENT_TYPES).nullable(),
  idNumberLast4: z.string().nullable(),
  idExpiresOn: z.string().nullable(),
  cardMatchesName: z.boolean().nullable(),
  received: z
    .array(
      z.object({
        currency: z.string(),
        orderedMinor: z.number().int(),
        receivedMinor: z.number().int(),
        notes: noteCountsSchema,
        gbpOrderedMinor: z.number().int(),
        gbpPaidMinor: z.number().int(),
      }),
    )
    .nullable(),
  differenceReason: z.string().nullable(),
  gbpMinor: z.number().int(),
  /** How the sterling was paid (issue 33); null for orders completed before the till. */
  paymentMethod: z.enum(["cash", "card"]).nullable(),
  recordedAt: z.string(),
  recordedBy: z.string(),
});
export type HandoverView = z.infer<typeof handoverViewSchema>;

export const orderDetailsSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  way: z.enum(WAYS),
  status: z.enum(orderStatusValues),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  branch: orderBranchSchema,
  lines: z.array(orderLineSchema.extend({ marketRate: z.string() })),
  totalGbpMinor: z.number().int(),
  /** The buy-back guarantee's fee, paid at collection with the order's sterling (0: none; docs/features/buyback-guarantee.md). */
  buybackFeeMinor: z.number().int().nonnegative().optional(),
  timeline: z.array(
    z.object({
      // "anonymised": the retention period ended and the customer's personal data was overwritten (docs/features/retention-and-data-rights.md).
      // "archived": History's Delete took the completed order off its list (nothing else changed).
      // "reversal_requested", "reversed", "reversal_refused": a reversal's steps (docs/features/reversals.md).
      // "amended": the customer changed the Pending order's amounts or branch (docs/features/amend-order.md).
      event: z.enum([
        "created",
        "amended",
        "accepted",
        "handover",
        "completed",
        "cancelled",
        "expired",
        "archived",
        "anonymised",
        "reversal_requested",
        "reversed",
        "reversal_refused",
      ]),
      at: z.string(),
      by: z.string().nullable(),
      /** What the event changed, in words ("amended": each line's amounts, the total, the branch). */
      detail: z.string().optional(),
    }),
  ),
  /** Online, or a walk-in trade at the counter (issue 33 item 3). */
  channel: z.enum(ORDER_CHANNELS),
  allowedTransitions: z.array(z.enum(orderTransitionValues)),
  /** What was recorded at the counter when the order was completed (issue 17 item 4); null before. */
  handover: handoverViewSchema.nullable(),
  /** The notes of the order where its branch tracks stock of its currencies (issue 17); empty otherwise. */
  notes: z.array(orderNotesSchema),
  /** When its reversal was approved (the order stays completed, marked reversed); null when it is not reversed. */
  reversedAt: z.string().nullable(),
  /** Every reversal asked for, oldest first (a refused one leaves room for a new request). */
  reversals: z.array(orderReversalSchema),
  compliance: z.object({
    /** The customer's linked totals over the 12 months and 30 days to this order, itself included, in pence. */
    linkedTotals: z.object({
      yearOrderGbpMinor: z.number().int(),
      yearSellGbpMinor: z.number().int(),
      monthOrderGbpMinor: z.number().int(),
      monthSellGbpMinor: z.number().int(),
      /** How many orders (this one included) the 12-month totals are made of. */
      orders: z.number().int(),
    }),
    enhancedDueDiligence: z.boolean(),
    /** Null when the order was never held. */
    hold: z
      .object({
        reason: z.string(),
        heldAt: z.string().nullable(),
        clearedAt: z.string().nullable(),
        clearedBy: z.string().nullable(),
        clearReason: z.string().nullable(),
        /** The customer due diligence recorded when it was cleared (docs/features/linked-series-and-customer-due-diligence.md); null before that. */
        dueDiligence: customerDueDiligenceSchema().nullable(),
        /** Whether the staff member viewing may clear it (the MLRO; any admin where none is named). */
        viewerMayClear: z.boolean(),
      })
      .nullable(),
    /**
     * The customer due diligence on file when the order was placed (docs/features/linked-series-and-customer-due-diligence.md): the newest record of the
     * customer's e-mail or phone of the 12 months before, which kept the threshold from holding it; null: none.
     */
    customerDueDiligence: customerDueDiligenceSchema().nullable(),
    /** What was recorded at handover (enhanced due diligence), null when nothing was. */
    handover: z.object({ address: z.string(), dateOfBirth: z.string() }).nullable(),
    /** The risk flags that fired at placement, each with the rule and what it saw. */
    riskFlags: z.array(riskFlagSchema()),
    /** Every sanctions screening of the customer's name, newest first. */
    screenings: z.array(
      z.object({
        listVersion: z.string(),
        screenedAt: z.string(),
        occasion: z.enum(["placement", "import"]),
        result: z.enum(["match", "clear"]),
        score: z.string(),
        matchedEntryId: z.string().nullable(),
        matchedName: z.string().nullable(),
      }),
    ),
    /** The order's suspicion reports: only for an admin named as MLRO (MLRO_EMAILS), null for anyone else. */
    suspicionReports: z.array(suspicionReportSchema()).nullable(),
  }),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

const shortText = (max: number) =>
  z
    .string()
    .max(max)
    .refine(
      (text) => [...text].every((c) => c.charCodeAt(0) >= 32 || c === "\n"),
      "must not contain control characters",
    );

/**
 * Completing an order: the handover record (issue 17 item 4). The shape is checked here; the rules
 * (which fields this order needs, an expired document, the notes received of a sale) are
 * checkHandover's in packages/domain/src/handover.ts, which the panel runs too.
 */
export const handoverRequestSchema = z
  .object({
    idType: z.string().max(40).optional(),
    idNumberLast4: z.string().max(40).optional(),
    idExpiresOn: z.string().max(40).optional(),
    cardMatchesName: z.boolean().optional(),
    address: shortText(1000).optional(),
    dateOfBirth: z.string().max(40).optional(),
    received: z
      .array(
        z
          .object({
            currency: z.string().max(3),
            notes: z.array(noteCountSchema).max(30).optional(),
            amountMinor: z.number().int().optional(),
          })
          .strict(),
      )
      .max(CART_MAX_ITEMS)
      .optional(),
    differenceReason: shortText(2000).optional(),
    /** The sterling payment (issue 33): cash or card; the amount, where given, must be the order's settled sterling. */
    payment: z
      .object({ method: z.string().max(10).optional(), amountMinor: z.number().int().optional() })
      .strict()
      .optional(),
  })
  .strict();
export type HandoverRequest = z.infer<typeof handoverRequestSchema>;

function customerDueDiligenceSchema() {
  return z.object({
    idType: z.enum(ID_DOCUMENT_TYPES),
    idNumberLast4: z.string(),
    idExpiresOn: z.string(),
    sourceOfFunds: z.enum(SOURCES_OF_FUNDS),
    note: z.string().nullable(),
    checkedBy: z.string(),
    checkedAt: z.string(),
    /** Until when it covers the customer's linked orders (12 months after the check). */
    coversUntil: z.string(),
  });
}

function riskFlagSchema() {
  return z.object({ rule: z.enum(RISK_FLAG_RULES), label: z.string(), detail: z.string(), flaggedAt: z.string() });
}

function suspicionReportSchema() {
  return z.object({
    id: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    text: z.string(),
    raisedBy: z.string(),
    raisedAt: z.string(),
    closedAt: z.string().nullable(),
    closedBy: z.string().nullable(),
    closeReason: z.string().nullable(),
  });
}
export type SuspicionReport = z.infer<ReturnType<typeof suspicionReportSchema>>;

/** An internal suspicion report on an order: what the staff member saw (read only by the MLRO). */
export const suspicionReportRequestSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(10, "Describe what made you suspicious (at least 10 characters)")
      .max(5000, "The report must be at most 5000 characters"),
  })
  .strict();
export type SuspicionReportRequest = z.infer<typeof suspicionReportRequestSchema>;

/** A page of the compliance lists (flagged orders, suspicion reports), newest first. */
export const compliancePageQuerySchema = z
  .object({
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export const suspicionReportListSchema = z.object({
  reports: z.array(suspicionReportSchema()),
  nextCursor: z.string().nullable(),
});
export type SuspicionReportList = z.infer<typeof suspicionReportListSchema>;

export const flaggedOrderListSchema = z.object({
  orders: z.array(
    z.object({
      id: z.uuid(),
      orderNumber: z.string(),
      name: z.string(),
      status: z.enum(orderStatusValues),
      createdAt: z.string(),
      flags: z.array(riskFlagSchema()),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type FlaggedOrderList = z.infer<typeof flaggedOrderListSchema>;

/**
 * Clearing a hold: the customer due diligence done (docs/features/linked-series-and-customer-due-diligence.md). The shape is checked here; the rules
 * (which ID types, an expired document, the note "other" needs) are checkCustomerDueDiligence's in
 * packages/domain/src/customer-due-diligence.ts, which the form runs too. Who checked is the signed-in staff member.
 */
export const clearHoldRequestSchema = z
  .object({
    idType: z.string().max(40).optional(),
    idNumberLast4: z.string().max(40).optional(),
    idExpiresOn: z.string().max(40).optional(),
    sourceOfFunds: z.string().max(40).optional(),
    note: z.string().max(2000).optional(),
  })
  .strict();
export type ClearHoldRequest = z.infer<typeof clearHoldRequestSchema>;

export const statisticsSchema = z.object({
  counts: z.object({
    pending: z.number(),
    accepted: z.number(),
    completed: z.number(),
    cancelled: z.number(),
    expired: z.number(),
    /** Open orders (Pending or Accepted) on hold for compliance checks, also counted in their status. */
    onHold: z.number(),
    /**
     * Completed orders whose reversal was approved (docs/features/reversals.md): not counted in
     * `completed`, nor in the charts, which count the business done.
     */
    reversed: z.number(),
  }),
  /** The last 30 days of the display zone (DISPLAY_TIME_ZONE, Europe/London by default), oldest first. */
  perDay: z.array(z.object({ day: z.string(), Order: z.number(), Sell: z.number() })),
  volumeByCurrency: z.array(z.object({ currency: z.string(), gbpMinor: z.number(), orders: z.number() })),
  byBranch: z.array(z.object({ branch: z.string(), name: z.string(), orders: z.number() })),
  /** Completed orders and their sterling by channel: online orders and walk-in trades at the counter. */
  byChannel: z.array(z.object({ channel: z.enum(ORDER_CHANNELS), completed: z.number(), gbpMinor: z.number() })),
});
export type Statistics = z.infer<typeof statisticsSchema>;

const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, "Currency Name must be a 3-letter currency code")
  .transform((c) => c.toUpperCase());
const margin = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,2}(\.\d{1,2})?$/, "must be a percentage with at most 2 decimals");

/** A currency as staff see it: the public answer (the same names for the same rates) and where its rate came from. */
export const adminCurrencySchema = currencySchema.extend({
  source: z.string(),
  /** The counter's own margins (walk-in trades, docs/features/counter.md); null: the online margins apply. */
  counterSell: z.string().nullable(),
  counterBuy: z.string().nullable(),
});
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;

export const adminCurrencyListSchema = z.object({ currencies: z.array(adminCurrencySchema) });

export const rateCheckRequestSchema = z.object({ code: currencyCode }).strict();
export const rateCheckSchema = z.object({
  code: z.string(),
  rate: decimalString,
  source: z.string(),
  checkedAt: z.string(),
});
export type RateCheck = z.infer<typeof rateCheckSchema>;

export const addCurrencyRequestSchema = z
  .object({
    code: currencyCode,
    label: z.string().trim().min(1, "Country Name is required").max(80),
    sell: margin,
    buy: margin,
  })
  .strict();
export type AddCurrencyRequest = z.input<typeof addCurrencyRequestSchema>;

export const updateCurrencyRequestSchema = addCurrencyRequestSchema.omit({ code: true }).extend({
  /** The smallest note a branch hands over and buys, in major units ("5", "0.25"); left out: unchanged. */
  smallestNote: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, "The smallest note must be an amount, e.g. 5")
    .optional(),
});
export type UpdateCurrencyRequest = z.input<typeof updateCurrencyRequestSchema>;

/** A provider rate that moved more than 10% from the current one, held until staff confirm it. */
export const heldRateMoveSchema = z.object({
  code: z.string(),
  currentRate: z.string(),
  providerRate: z.string(),
  source: z.string(),
  at: z.string(),
});
export type HeldRateMove = z.infer<typeof heldRateMoveSchema>;

export const rateRefreshStateSchema = z.object({
  enabled: z.boolean(),
  provider: z.string(),
  intervalSeconds: z.number(),
  lastRefreshAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** The last refresh that got a rate from the provider (docs/features/rates-say-how-old-they-are.md). */
  lastSuccessAt: z.string().nullable().optional(),
  /** Since when every refresh has got no rate at all; null while refreshes succeed. */
  failingSince: z.string().nullable().optional(),
  /** Provider rates that moved more than 10% and wait for staff to confirm them. */
  heldMoves: z.array(heldRateMoveSchema).optional(),
});
export const heldRateConfirmedSchema = z.object({ code: z.string(), rate: z.string() });
export type RateRefreshState = z.infer<typeof rateRefreshStateSchema>;
export const rateRefreshToggleSchema = z.object({ enabled: z.boolean() }).strict();
