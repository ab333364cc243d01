import { MAX_LINE_GBP_MINOR, type Way } from "./constants.ts";
import {
  customerDetailsMessages,
  EMAIL_MAX_LENGTH,
  isValidEmail,
  isValidPhone,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
} from "./customer-details.ts";
import { ID_DOCUMENT_TYPES, type IdDocumentType } from "./handover.ts";
import { formatMinor } from "./money.ts";
import type { NoteCount } from "./note-split.ts";
import type { OrderLimits } from "./order-limits.ts";
import { formatNotes } from "./note-text.ts";
import { isWholeNotesAmount, type WholeNotesQuote } from "./whole-notes.ts";
import { type CurrencyRates, quoteCounterSale, quoteSell } from "./pricing.ts";
import { TILL_PAYMENT_METHODS } from "./till.ts";

/**
 * Walk-in trades at the counter (issue 33 item 3): a customer without an online order buys currency
 * from the branch ("We sell", an order of the way "Order") or sells currency to it ("We buy", "Sell").
 * A trade is an order of the channel "counter": priced from a quote, placed through the same placement
 * decisions as an online order (screening, linked totals, due diligence, holds) and completed at once
 * through the same handover and till, unless the placement holds it.
 */

/** COUNTER_ID_FROM_GBP's default, in pence: from £1,000 the trade records the customer's ID. */
export const DEFAULT_COUNTER_ID_FROM_GBP_MINOR = 1_000_00;

/**
 * The counter's limits: the online ones (a Click & Collect line from £100, an order up to £2,500, "for
 * more, contact the branch") are the branch's to lift, so a walk-in trade has no minimum and goes up to
 * one line's pricing cap; above £5,000 it is a matter for enhanced due diligence, not a refusal.
 */
export const COUNTER_ORDER_LIMITS: OrderLimits = {
  collectLineMinGbpMinor: 1,
  collectOrderMaxGbpMinor: MAX_LINE_GBP_MINOR,
};

/** The counter's words for the two ways, from the branch's side of the desk. */
export const COUNTER_WAY_LABELS: Record<Way, string> = { Order: "We sell", Sell: "We buy" };

/** Where an order was made: online, or a walk-in trade at the counter. */
export const ORDER_CHANNELS = ["online", "counter"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
/** The channel as lists, reports and exports show it. */
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = { online: "Online", counter: "Counter" };

/** A currency's rates as the counter prices them: its counter margins where set, else the online ones. */
export function counterRatesOf(
  currency: CurrencyRates & { counterSellMargin: string | null; counterBuyMargin: string | null },
): CurrencyRates {
  return {
    rate: currency.rate,
    sellMargin: currency.counterSellMargin ?? currency.sellMargin,
    buyMargin: currency.counterBuyMargin ?? currency.buyMargin,
  };
}

/**
 * A walk-in trade priced: exactly the whole notes asked for ("We sell": the sterling rounded up to the
 * penny; "We buy": as Click & Sell, rounded down), never sterling back.
 */
export function quoteAtCounter(input: {
  way: Way;
  rate: string;
  currency: string;
  smallestNoteMinor: number;
  foreignMinor: number;
}): WholeNotesQuote {
  const { way, rate, currency, foreignMinor } = input;
  if (foreignMinor > 0 && !isWholeNotesAmount(foreignMinor, input.smallestNoteMinor)) {
    return { ok: false, reason: "not_whole_notes", foreignMinor };
  }
  const priced =
    way === "Order" ? quoteCounterSale({ rate, currency, foreignMinor }) : quoteSell({ rate, currency, foreignMinor });
  return priced.ok ? { ...priced, sterlingBackMinor: 0 } : priced;
}

/** What the counter says of an amount that is not whole notes. */
export function counterNotesMessage(currency: string, smallestNoteMinor: number): string {
  return `Enter the amount in whole notes: multiples of ${formatNotes(smallestNoteMinor, currency)}`;
}

/** Whether the trade's sterling reaches the amount from which the customer's ID is recorded. */
export function counterIdRequired(gbpMinor: number, idFromGbpMinor: number): boolean {
  return gbpMinor >= idFromGbpMinor;
}

export function counterIdMessage(idFromGbpMinor: number): string {
  return `From ${formatMinor(idFromGbpMinor, "GBP")} the customer's ID is recorded: enter its type, the last 4 characters of its number and its expiry date`;
}

/** What the cashier enters for a walk-in trade (the API's request and the form's fields). */
export type CounterTradeInput = {
  currency: string;
  way: Way;
  /** The foreign amount in minor units, in whole notes. */
  foreignMinor: number;
  firstName: string;
  lastName: string;
  email?: string | undefined;
  phone?: string | undefined;
  idType?: string | undefined;
  idNumberLast4?: string | undefined;
  idExpiresOn?: string | undefined;
  /** Enhanced due diligence (a trade of £5,000 or more, or a linked series): recorded with the ID. */
  address?: string | undefined;
  dateOfBirth?: string | undefined;
  /** "We buy": the notes received by denomination; when not given, the amount's notes largest first. */
  receivedNotes?: NoteCount[] | undefined;
  /** Paid by card: the card's name matches the name on the ID. */
  cardMatchesName?: boolean | undefined;
  paymentMethod: string;
  /** "We buy" under a buy-back guarantee: the guaranteed Click & Collect order's number (docs/features/buyback-guarantee.md). */
  guaranteedOrderNumber?: string | undefined;
};

export const COUNTER_TRADE_MESSAGES = {
  amount: "Enter the amount in whole notes",
  firstName: "Enter the customer's first name",
  lastName: "Enter the customer's last name",
  paymentMethod: "Choose how the customer pays or is paid: cash or card",
  guaranteedOrderNumber: "Enter the guaranteed order's 8-digit number, on a We buy trade",
} as const;

/**
 * What can be checked before the trade is priced: the amount, the name (always recorded), the contact
 * details where given, and the payment's method. Every problem at once, by field.
 */
export function counterTradeProblems(input: CounterTradeInput): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!Number.isSafeInteger(input.foreignMinor) || input.foreignMinor <= 0) {
    fields.foreignMinor = COUNTER_TRADE_MESSAGES.amount;
  }
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (firstName.length === 0 || firstName.length > NAME_MAX_LENGTH) fields.firstName = COUNTER_TRADE_MESSAGES.firstName;
  if (lastName.length === 0 || lastName.length > NAME_MAX_LENGTH) fields.lastName = COUNTER_TRADE_MESSAGES.lastName;
  const email = (input.email ?? "").trim();
  if (email !== "" && (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email))) {
    fields.email = customerDetailsMessages.invalidEmail;
  }
  const phone = (input.phone ?? "").trim();
  if (phone !== "" && (phone.length > PHONE_MAX_LENGTH || !isValidPhone(phone))) {
    fields.phone = customerDetailsMessages.invalidPhone;
  }
  if (!TILL_PAYMENT_METHODS.some((method) => method === input.paymentMethod)) {
    fields.paymentMethod = COUNTER_TRADE_MESSAGES.paymentMethod;
  }
  const guaranteed = (input.guaranteedOrderNumber ?? "").trim();
  if (guaranteed !== "" && (input.way !== "Sell" || !/^\d{8}$/.test(guaranteed))) {
    fields.guaranteedOrderNumber = COUNTER_TRADE_MESSAGES.guaranteedOrderNumber;
  }
  return fields;
}

/** The ID document's type when the cashier chose one. */
export function idTypeOf(value: string | undefined): IdDocumentType | undefined {
  return ID_DOCUMENT_TYPES.find((type) => type === value);
}
