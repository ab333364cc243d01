/** A board shows at most this many currencies: more would no longer read from across a shop at 1920×1080. */
export const BOARD_MAX_CURRENCIES = 10;

/**
 * What a branch's board shows while staff have chosen nothing: the currencies UK travellers buy most at
 * a bureau counter, in that order, taking those on sale (inactive ones are skipped) up to eight.
 */
export const BOARD_DEFAULT_CURRENCIES = ["EUR", "USD", "TRY", "AED", "AUD", "CAD", "THB", "CHF", "JPY", "NZD"] as const;
export const BOARD_DEFAULT_COUNT = 8;

/**
 * The currencies a branch's rate board shows, in order: those staff chose that are still on sale, or,
 * while they have chosen none, the most traded currencies on sale (BOARD_DEFAULT_CURRENCIES, up to
 * BOARD_DEFAULT_COUNT). A chosen currency that was since withdrawn is skipped, never shown without a rate.
 */
export function boardCurrencyCodes(chosen: readonly string[] | undefined, onSale: ReadonlySet<string>): string[] {
  if (chosen && chosen.length > 0) return chosen.filter((code) => onSale.has(code));
  return BOARD_DEFAULT_CURRENCIES.filter((code) => onSale.has(code)).slice(0, BOARD_DEFAULT_COUNT);
}
