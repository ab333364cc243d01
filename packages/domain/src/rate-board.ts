import { BOARD_DEFAULT_COUNT, BOARD_DEFAULT_CURRENCIES } from "./contracts/rate-board.ts";

/**
 * The currencies a branch's rate board shows, in order: those staff chose that are still on sale, or,
 * while they have chosen none, the most traded currencies on sale (BOARD_DEFAULT_CURRENCIES, up to
 * BOARD_DEFAULT_COUNT). A chosen currency that was since withdrawn is skipped, never shown without a rate.
 */
export function boardCurrencyCodes(chosen: readonly string[] | undefined, onSale: ReadonlySet<string>): string[] {
  if (chosen && chosen.length > 0) return chosen.filter((code) => onSale.has(code));
  return BOARD_DEFAULT_CURRENCIES.filter((code) => onSale.has(code)).slice(0, BOARD_DEFAULT_COUNT);
}
