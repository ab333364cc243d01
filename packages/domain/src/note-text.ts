import { currencyExponent, formatMinor } from "./money.ts";

/*
 * How whole notes read (packages/domain whole-notes.ts has the rule). Apart from it because the pages every
 * visitor loads show these words, and the rule, with the note tables behind it, is only the order page's.
 */

/** An amount of notes as a customer reads it: "€335", "JP¥1,000", "KWD 0.250" (no decimals when whole). */
export function formatNotes(amountMinor: number, currency: string): string {
  const text = formatMinor(amountMinor, currency);
  return amountMinor % 10 ** currencyExponent(currency) === 0 ? text.replace(/\.0+(?!\d)/, "") : text;
}

/** "€335 in notes + £1.74 back in sterling", or "€340 in notes" when nothing comes back. */
export function noteSplitText(notesMinor: number, sterlingBackMinor: number, currency: string): string {
  const notes = `${formatNotes(notesMinor, currency)} in notes`;
  return sterlingBackMinor > 0 ? `${notes} + ${formatMinor(sterlingBackMinor, "GBP")} back in sterling` : notes;
}
