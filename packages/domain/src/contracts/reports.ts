import { z } from "zod";
import { ORDER_CHANNELS } from "../counter-trade.ts";
import { WAYS } from "../constants.ts";
import { noteCountSchema } from "./stock.ts";
import { branchKeys } from "./reference-data.ts";

/** Staff: the end-of-day report of one branch on one calendar day of the display time zone. */
export const dayReportQuerySchema = z
  .object({
    branch: z.enum(branchKeys, { error: "There is no such branch." }).optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-25")
      .refine((text) => {
        const date = new Date(`${text}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
      }, "must be a real date")
      .optional(),
  })
  .strict();

/** Where an order was made: online, or a walk-in trade at the counter (issue 33 item 3). */
export const orderChannelSchema = z.enum(ORDER_CHANNELS);

const inOutSchema = z.object({ inMinor: z.number().int(), outMinor: z.number().int() });

/**
 * One currency of a till's day (packages/domain/src/till-day-report.ts): float, sterling or currency in
 * and out by method (a reversal counted in the column of what it takes back, negative), cash added or
 * taken outside orders, expected close (float + cash movements), the close count and its variance
 * (null until counted), and the notes out and in by denomination (reversals netted).
 */
const tillCurrencyDaySchema = z.object({
  currency: z.string(),
  floatMinor: z.number().int(),
  cash: inOutSchema,
  card: inOutSchema,
  floatMovedMinor: z.number().int(),
  expectedMinor: z.number().int(),
  countedMinor: z.number().int().nullable(),
  varianceMinor: z.number().int().nullable(),
  notesOut: z.array(noteCountSchema),
  notesIn: z.array(noteCountSchema),
});

/** The branch's tills added up; counted and variance over the tills counted at close only. */
const branchTillCurrencySchema = tillCurrencyDaySchema.extend({
  countedMinor: z.number().int(),
  varianceMinor: z.number().int(),
  expectedOfCountedMinor: z.number().int(),
});

const tillOfDaySchema = z.object({
  id: z.uuid(),
  cashierEmail: z.string(),
  status: z.enum(["open", "awaiting_signoff", "closed"]),
  openedAt: z.string(),
  countedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The variances' sizes in pence at the close count, as the sign-off threshold weighed them. */
  varianceGbpMinor: z.number().int().nullable(),
  signOff: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
  movementCount: z.number().int(),
  currencies: z.array(tillCurrencyDaySchema),
});

const currencyFlowSchema = z.object({
  currency: z.string(),
  /** Handed to customers by completed Click & Collect orders (their lines), in the currency's minor units. */
  outMinor: z.number().int(),
  /** Received from customers by completed Click & Sell orders (their lines). */
  inMinor: z.number().int(),
  /** The notes of those orders' stock settlement, where the branch tracks the currency (else empty). */
  notesOut: z.array(noteCountSchema),
  notesIn: z.array(noteCountSchema),
});

export const dayReportSchema = z.object({
  branches: z.array(z.object({ key: z.string(), name: z.string() })),
  branch: z.object({ key: z.string(), name: z.string() }),
  /** The calendar day reported on ("2026-11-25"), and whether it is still going on. */
  date: z.string(),
  today: z.boolean(),
  /** The orders collected: completed at the branch on that day, first completed first. */
  orders: z.array(
    z.object({
      id: z.uuid(),
      orderNumber: z.string(),
      way: z.enum(WAYS),
      channel: orderChannelSchema,
      /** Reversed since (approved); its reversal is in `reversals` on the day it was approved. */
      reversed: z.boolean(),
      name: z.string(),
      completedAt: z.string(),
      totalGbpMinor: z.number().int(),
      fx: z.array(z.object({ currency: z.string(), foreignMinor: z.number().int() })),
    }),
  ),
  /**
   * Sterling taken for Click & Collect orders and paid out for Click & Sell orders, in pence; `backMinor`:
   * of the sterling taken, what went back to customers because notes do not make the exact conversion.
   */
  sterling: z.object({ inMinor: z.number().int(), outMinor: z.number().int(), backMinor: z.number().int() }),
  currencies: z.array(currencyFlowSchema),
  /**
   * The notes of each currency the branch tracks at the end of the day (at the time of the report when
   * the day is today): today's counts with every later change taken back (staff counts from the audit
   * log, notes handed over or received by orders completed since).
   */
  stockAtClose: z.array(
    z.object({ currency: z.string(), notes: z.array(noteCountSchema), totalMinor: z.number().int() }),
  ),
  /**
   * The tills open at the branch at some time on the day (issue 33 item 5): opened that day, or earlier
   * and still open when it began; first opened first, each with its whole session's figures; and their sum.
   */
  tills: z.array(tillOfDaySchema),
  tillTotals: z.array(branchTillCurrencySchema),
  /**
   * The buy-back guarantee (docs/features/buyback-guarantee.md) over the orders collected: guarantees
   * sold with their fees (in the sterling taken), and guaranteed sales with what they bought back.
   */
  guarantees: z.object({
    sold: z.number().int(),
    feesMinor: z.number().int(),
    buybacks: z.number().int(),
    boughtBack: z.array(z.object({ currency: z.string(), foreignMinor: z.number().int(), gbpMinor: z.number().int() })),
  }),
  /** The reversals of the branch's orders approved on the day, first approved first. */
  reversals: z.array(
    z.object({
      orderId: z.uuid(),
      orderNumber: z.string(),
      way: z.enum(WAYS),
      channel: orderChannelSchema,
      reason: z.string(),
      requestedBy: z.string(),
      requestedAt: z.string(),
      approvedBy: z.string(),
      approvedAt: z.string(),
      note: z.string().nullable(),
    }),
  ),
});
export type DayReportTill = z.infer<typeof tillOfDaySchema>;
export type DayReport = z.infer<typeof dayReportSchema>;
