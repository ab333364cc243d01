import type { ErrorCode } from "../contracts/errors.ts";
import { formatNotes } from "../note-text.ts";

/**
 * Why a placement is refused, as the customer is told (the server answers it as an error with these
 * fields): plain data, so that the rules that refuse stay free of the server.
 */
export type PlacementRefusal = { code: ErrorCode; message: string; fields: Record<string, string> };

export function unknownQuote(): PlacementRefusal {
  return {
    code: "quote_invalid",
    message: "A price in your basket is not one we gave. Please add the currency again.",
    fields: { lines: "Unknown quote" },
  };
}

export function wrongWay(): PlacementRefusal {
  return {
    code: "quote_invalid",
    message: "A line in your basket belongs to the other kind of order.",
    fields: { lines: "Wrong way" },
  };
}

export function expiredQuote(currencyCode: string): PlacementRefusal {
  return {
    code: "quote_invalid",
    message: `The rate for ${currencyCode} is no longer held (rates are held for 30 minutes). Please add it again.`,
    fields: { lines: "Expired quote" },
  };
}

export function priceMismatch(currencyCode: string): PlacementRefusal {
  return {
    code: "quote_invalid",
    message: `The price of ${currencyCode} in your basket does not match our quote. Please add it again.`,
    fields: { lines: "Price does not match the quote" },
  };
}

export function inconsistentQuote(): PlacementRefusal {
  return {
    code: "quote_invalid",
    message: "A price in your basket is not valid. Please add the currency again.",
    fields: { lines: "Inconsistent quote" },
  };
}

export function quoteUsed(): PlacementRefusal {
  return {
    code: "quote_invalid",
    message: "A price in your basket has already been used for an order. Please add it again.",
    fields: { lines: "Quote already used" },
  };
}

export function orderLimit(message: string): PlacementRefusal {
  return { code: "validation_failed", message, fields: { lines: message } };
}

export function noBranch(): PlacementRefusal {
  return {
    code: "validation_failed",
    message: "Select the checking point",
    fields: { branch: "Select the checking point" },
  };
}

/** The refusal of a branch short of notes, with the largest amount of them it can supply where known. */
export function notEnoughNotes(currency: string, branchName: string, largestMinor: number | null): PlacementRefusal {
  const most = largestMinor ? `: the most it can supply is ${formatNotes(largestMinor, currency)}` : "";
  const message = `${branchName} does not have enough ${currency} notes for this order${most}. Please choose another collection point or a smaller amount.`;
  return { code: "conflict", message, fields: { branch: message } };
}

/** The customer's concurrent placements kept taking this one's place in their sequence. */
export function customerBusy(): PlacementRefusal {
  const message = "Another order with these contact details is being placed at this moment. Please try again.";
  return { code: "conflict", message, fields: { customer: message } };
}

/** The submission key names an order that is not this one. */
export function submissionKeyReused(): PlacementRefusal {
  return {
    code: "conflict",
    message: "This submission key was already used for a different order.",
    fields: { idempotencyKey: "Already used" },
  };
}
