import { RATE_DECIMALS } from "./constants.ts";
import { DECIMAL_PATTERN, decFromString, ZERO } from "./decimal.ts";

/**
 * Rate alerts ("Alert me when 1 GBP buys at least …"): the customer names an amount of a currency that
 * £1 should buy at our Click & Collect rate; we e-mail once when the rate reaches it.
 */

/** Alerts one e-mail address may have waiting (unconfirmed or active) at once: plenty for a traveller, not a mailing tool. */
export const RATE_ALERT_MAX_PER_EMAIL = 10;

/**
 * Days a confirmation link works. An alert not switched on by then lapses: it no longer waits (nor counts
 * toward the address's cap: anyone may type anyone's address, and that must not fill it for good), its link
 * is refused, and retention empties its address once the expired records' period has passed since it
 * lapsed (docs/features/retention-and-data-rights.md).
 */
export const RATE_ALERT_CONFIRM_DAYS = 7;

/** Customer rates have RATE_DECIMALS places, so a target needs no more. */
export const RATE_ALERT_TARGET_DECIMALS = RATE_DECIMALS;

/** The largest target we accept: above any currency's rate to £1, and inside the stored numeric. */
const MAX_TARGET = "1000000000";

export const rateAlertTargetMessages = {
  missing: "Please enter the amount 1 GBP should buy",
  notANumber: "Please enter the amount as a number, like 1.25",
  notPositive: "The amount must be more than 0",
  tooPrecise: `Please use at most ${RATE_ALERT_TARGET_DECIMALS} decimal places`,
  tooLarge: "That amount is too large",
} as const;

export type RateAlertTargetResult = { ok: true; target: string } | { ok: false; message: string };

/**
 * Reads a typed target as an exact decimal (never a float): more than 0, at most four decimal places.
 * The answer is the canonical text ("1.2" stays "1.2", "01.50" becomes "1.5").
 */
export function parseRateAlertTarget(input: string): RateAlertTargetResult {
  const text = input.trim().replace(/,/g, "");
  if (text === "") return { ok: false, message: rateAlertTargetMessages.missing };
  if (!DECIMAL_PATTERN.test(text)) return { ok: false, message: rateAlertTargetMessages.notANumber };
  const value = decFromString(text);
  if (value.lte(ZERO)) return { ok: false, message: rateAlertTargetMessages.notPositive };
  const fraction = text.split(".")[1] ?? "";
  if (fraction.replace(/0+$/, "").length > RATE_ALERT_TARGET_DECIMALS) {
    return { ok: false, message: rateAlertTargetMessages.tooPrecise };
  }
  if (value.gt(decFromString(MAX_TARGET))) return { ok: false, message: rateAlertTargetMessages.tooLarge };
  return { ok: true, target: value.toFixed() };
}

/**
 * Where an alert stands: waiting for its confirmation link, watching the rate, paused by its owner (My rate
 * alerts; it watches nothing until switched back on), sent (and ended), or stopped.
 */
export const RATE_ALERT_STATUSES = ["pending", "active", "paused", "triggered", "unsubscribed"] as const;
export type RateAlertStatus = (typeof RATE_ALERT_STATUSES)[number];

/** An alert as its links show it: a pending alert past RATE_ALERT_CONFIRM_DAYS shows as lapsed. */
export const RATE_ALERT_VIEW_STATUSES = [...RATE_ALERT_STATUSES, "lapsed"] as const;
export type RateAlertViewStatus = (typeof RATE_ALERT_VIEW_STATUSES)[number];

/**
 * Whether our Click & Collect rate already meets a target: £1 buys at least the target. The very test the
 * rate-alerts job fires an alert by (modules/rate-alerts/fire-rate-alerts.ts, `target <= rate` in SQL), so
 * an alert is only taken, or switched back on, while this is false: otherwise it would fire at once.
 */
export function rateAlertTargetMet(target: string, collectRate: string): boolean {
  return decFromString(target).lte(decFromString(collectRate));
}

/** What the customer reads after each step (the e-mails' links lead to pages that say these). */
export const rateAlertMessages = {
  created: "Nearly done: we have sent you an e-mail. Open its link to switch the alert on.",
  confirmed: "Your rate alert is on. We will e-mail you once when our rate reaches your target.",
  /** Unsubscribing stops every alert of the address still waiting: "stop e-mailing me", as mail systems mean it. */
  unsubscribed: (stopped: number) =>
    `You have unsubscribed: ${stopped === 1 ? "your rate alert is" : `your ${stopped} rate alerts are`} stopped and we will not e-mail you about ${stopped === 1 ? "it" : "them"} again.`,
  linkInvalid: "This link is not valid. Please open it again from the e-mail, copying the whole link.",
  alreadyConfirmed: "This alert is already on.",
  lapsed: `This alert was not switched on within ${RATE_ALERT_CONFIRM_DAYS} days, so it has lapsed. Please ask for it again on the rate's page.`,
  lapsedNothingWaiting: `This alert was not switched on within ${RATE_ALERT_CONFIRM_DAYS} days, so it has lapsed, and no other alerts are waiting for this address: there is nothing to unsubscribe from.`,
  alreadyTriggered: "This alert has already been sent, so it has ended.",
  nothingWaiting:
    "This alert has already been sent, so it has ended, and no other alerts are waiting for this address: there is nothing to unsubscribe from.",
  alreadyUnsubscribed: "You have already unsubscribed from this alert.",
  paused: "This alert is paused. You can switch it back on in My rate alerts.",
  unknownCurrency: "We do not offer this currency.",
  tooMany: `This e-mail address already has ${RATE_ALERT_MAX_PER_EMAIL} rate alerts waiting. Please unsubscribe from one before adding another.`,
  rateLimited: "You have asked for several alerts in a short time. Please try again in an hour.",
} as const;
