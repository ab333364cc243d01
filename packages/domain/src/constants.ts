export const BASE_CURRENCY = "GBP";
export const DEFAULT_CURRENCY = "EUR";
export const RATE_DECIMALS = 4;

const MINUTE_MS = 60_000;

export const QUOTE_LIFETIME_MS = 30 * MINUTE_MS;
export const CART_MAX_ITEMS = 4;
export const CART_ITEM_LIFETIME_MS = 30 * MINUTE_MS;

export const EXCHANGE_LIST_DEFAULT_COUNT = 12;
export const EXCHANGE_LIST_SHOW_ALL_THRESHOLD = 20;
export const TOAST_DURATION_MS = 5000;

/** £450.00, the reference amount used when comparing rates with competitors. */
export const COMPARE_AMOUNT_GBP_MINOR = 450_00;

/** Anonymous reservations above £5,000 per line need identity checks the product does not do. */
export const MAX_LINE_GBP_MINOR = 5_000_00;

export const WAYS = ["Order", "Sell"] as const;
export type Way = (typeof WAYS)[number];

export const WAY_TITLES = {
  Order: "Click & Collect",
  Sell: "Click & Sell",
} as const satisfies Record<Way, string>;

export function isWay(value: unknown): value is Way {
  return typeof value === "string" && (WAYS as readonly string[]).includes(value);
}
