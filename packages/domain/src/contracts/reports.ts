import { z } from "zod";
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
});
export type DayReport = z.infer<typeof dayReportSchema>;
