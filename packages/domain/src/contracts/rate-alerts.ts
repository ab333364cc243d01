import { z } from "zod";
import { customerDetailsMessages, isValidEmail } from "../customer-details.ts";
import { parseRateAlertTarget, RATE_ALERT_VIEW_STATUSES } from "../rate-alerts.ts";
import { decimalString } from "./reference-data.ts";

/**
 * "Alert me when 1 GBP buys at least" (the rate history page, /exchangeRates/{code}). Both fields are
 * strings, so that an empty form field gets a field-level message rather than a type error.
 */
export const createRateAlertRequestSchema = z
  .object({
    target: z.string({ error: "Please enter the amount 1 GBP should buy" }).transform((value, context) => {
      const parsed = parseRateAlertTarget(value);
      if (parsed.ok) return parsed.target;
      context.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }),
    email: z
      .string({ error: "Please enter your email" })
      .trim()
      .min(1, "Please enter your email")
      .refine(isValidEmail, customerDetailsMessages.invalidEmail),
  })
  .strict();
export type CreateRateAlertRequest = z.input<typeof createRateAlertRequestSchema>;
export type RateAlertFields = keyof CreateRateAlertRequest;

/** The link tokens of the alert e-mails (signed by the server); opaque to the browser. */
export const rateAlertTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/, "is not an alert link");

/** An alert as its e-mail links show it: never the e-mail address. */
export const rateAlertViewSchema = z.object({
  code: z.string().length(3),
  label: z.string(),
  target: decimalString,
  status: z.enum(RATE_ALERT_VIEW_STATUSES),
  /** Alerts of the same address still waiting (unconfirmed or on): what an unsubscribe would stop. */
  waiting: z.number().int().min(0),
});
export type RateAlertView = z.infer<typeof rateAlertViewSchema>;

export const rateAlertAnswerSchema = z.object({ alert: rateAlertViewSchema, message: z.string() });
export type RateAlertAnswer = z.infer<typeof rateAlertAnswerSchema>;

/**
 * The answer to a new alert: `pending` when a confirmation e-mail went out (double opt-in), `active` when the
 * signed-in customer asked for their own verified address (no second opt-in).
 */
export const createRateAlertResponseSchema = z.object({ message: z.string(), status: z.enum(["pending", "active"]) });
export type CreateRateAlertResponse = z.infer<typeof createRateAlertResponseSchema>;

/** One alert on the customer's own list (My rate alerts): theirs by their verified e-mail address. */
export const myRateAlertSchema = z.object({
  id: z.uuid(),
  code: z.string().length(3),
  label: z.string(),
  target: decimalString,
  status: z.enum(RATE_ALERT_VIEW_STATUSES),
  /** Our Click & Collect rate now (null when the currency is no longer offered). */
  collectRate: decimalString.nullable(),
  createdAt: z.string(),
  /** The rate that fired the alert and when, once it has. */
  triggeredRate: decimalString.nullable(),
  triggeredAt: z.string().nullable(),
});
export type MyRateAlert = z.infer<typeof myRateAlertSchema>;

export const myRateAlertsSchema = z.object({ alerts: z.array(myRateAlertSchema) });
export type MyRateAlerts = z.infer<typeof myRateAlertsSchema>;

export const myRateAlertParams = z.object({ id: z.uuid("is not an alert id") });

export const myRateAlertChangeSchema = z.object({ message: z.string() });
export type MyRateAlertChange = z.infer<typeof myRateAlertChangeSchema>;

// The texts live beside the rules (no zod there), so that the browser can show them without the
// validation library: a value imported from a contract module brings all of zod into every page.
export { rateAlertMessages } from "../rate-alerts.ts";
