import { z } from "zod";
import { customerDetailsMessages, isValidEmail } from "../customer-details.ts";
import { parseRateAlertTarget, RATE_ALERT_MAX_PER_EMAIL, RATE_ALERT_STATUSES } from "../rate-alerts.ts";
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
  status: z.enum(RATE_ALERT_STATUSES),
  /** Alerts of the same address still waiting (unconfirmed or on): what an unsubscribe would stop. */
  waiting: z.number().int().min(0),
});
export type RateAlertView = z.infer<typeof rateAlertViewSchema>;

export const rateAlertAnswerSchema = z.object({ alert: rateAlertViewSchema, message: z.string() });
export type RateAlertAnswer = z.infer<typeof rateAlertAnswerSchema>;

export const createRateAlertResponseSchema = z.object({ message: z.string() });
export type CreateRateAlertResponse = z.infer<typeof createRateAlertResponseSchema>;

/** What the customer reads after each step (the e-mails' links lead to pages that say these). */
export const rateAlertMessages = {
  created: "Nearly done: we have sent you an e-mail. Open its link to switch the alert on.",
  confirmed: "Your rate alert is on. We will e-mail you once when our rate reaches your target.",
  /** Unsubscribing stops every alert of the address still waiting: "stop e-mailing me", as mail systems mean it. */
  unsubscribed: (stopped: number) =>
    `You have unsubscribed: ${stopped === 1 ? "your rate alert is" : `your ${stopped} rate alerts are`} stopped and we will not e-mail you about ${stopped === 1 ? "it" : "them"} again.`,
  linkInvalid: "This link is not valid. Please open it again from the e-mail, copying the whole link.",
  alreadyConfirmed: "This alert is already on.",
  alreadyTriggered: "This alert has already been sent, so it has ended.",
  nothingWaiting:
    "This alert has already been sent, so it has ended, and no other alerts are waiting for this address: there is nothing to unsubscribe from.",
  alreadyUnsubscribed: "You have already unsubscribed from this alert.",
  unknownCurrency: "We do not offer this currency.",
  tooMany: `This e-mail address already has ${RATE_ALERT_MAX_PER_EMAIL} rate alerts waiting. Please unsubscribe from one before adding another.`,
  rateLimited: "You have asked for several alerts in a short time. Please try again in an hour.",
} as const;
