import { BASE_CURRENCY, MAX_LINE_GBP_MINOR, type Way } from "@bureau/domain/constants";
import { formatMinor, parseMajorToMinor } from "@bureau/domain/money";
import { type QuoteResult, quote } from "@bureau/domain/pricing";
import type { RateRow } from "./rates-list.tsx";

/**
 * The exchange widget's maths. It is part of the home page's own script: the exact decimal
 * arithmetic it uses (big.js, the pricing rules) is in the scripts every public page loads, so loading this
 * module on its own later cost the page a script request and Vite's preload helper for 593 bytes of code.
 */
export type Side = "gbp" | "foreign";
export type Typed = { side: Side; text: string };

export type Priced = {
  /** What the customer typed, in minor units of the typed side; null when empty or unreadable. */
  typedMinor: number | null;
  result: QuoteResult | null;
};

export function priceTyped(typed: Typed, way: Way, currency: RateRow): Priced {
  const code = typed.side === "gbp" ? BASE_CURRENCY : currency.code;
  const typedMinor = typed.text.trim() === "" ? null : parseMajorToMinor(typed.text, code);
  if (typedMinor === null) return { typedMinor, result: null };
  const rate = way === "Order" ? currency.collectRate : currency.sellRate;
  const amount = typed.side === "gbp" ? { gbpMinor: typedMinor } : { foreignMinor: typedMinor };
  // The same pricing rules as the server's quote (collect rounding included), so what the customer
  // sees here is what the order page will hold.
  return { typedMinor, result: quote({ way, rate, currency: currency.code, ...amount }) };
}

/**
 * A function rather than a constant: the first money formatter a page builds costs tens of
 * milliseconds on a phone, which belongs to the moment a customer types too much, not to page load.
 */
export function tooLargeMessage(): string {
  return `Online orders are limited to ${formatMinor(MAX_LINE_GBP_MINOR, BASE_CURRENCY)} per currency. For more, please call or visit a branch.`;
}
