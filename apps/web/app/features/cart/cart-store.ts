import { useSyncExternalStore } from "react";
import { canAddToCart, validCartItems } from "@bureau/domain/cart";
import type { Way } from "@bureau/domain/constants";
import type { Quote, QuoteRequest } from "@bureau/domain/contracts/orders";
import { minorToMajorString } from "@bureau/domain/money";
import type { ActionOutcome } from "../../lib/route-action.ts";

/**
 * The cart lives in localStorage under "purchase" (spec §3). Each item carries the spec's fields plus
 * the server quote it stands for: the price is the server's, the browser only keeps the reference.
 */
export type CartItem = {
  /** What the customer gives: GBP for Click & Collect, the foreign currency for Click & Sell. */
  currencyMy: string;
  currencyMycurrent: string;
  /** What the customer receives. */
  currencyTake: string;
  currencyTakecurrent: string;
  Id: string;
  /** Customer rate, 4 decimals. */
  Rate: string;
  /** Created at, epoch milliseconds (the 30-minute lifetime counts from here). */
  date: number;
  quoteId: string;
  way: Way;
  currency: string;
  label: string;
  gbpMinor: number;
  /** Click & Collect: the currency handed over, in notes. */
  foreignMinor: number;
  /** Click & Collect: the sterling paid that the notes do not cover, given back at the branch. */
  sterlingBackMinor: number;
  expiresAt: string;
};

export const CART_STORAGE_KEY = "purchase";
const listeners = new Set<() => void>();
/**
 * The cart the server renders (it cannot see the browser's storage), and the browser's cart while storage holds
 * none: one array, so that hydrating a page with an empty cart finds the browser's snapshot equal to the
 * server's. A different empty array would make React render the whole order page a second time, at once and in
 * one piece (useSyncExternalStore re-renders synchronously when the snapshots differ).
 */
const emptyCart: CartItem[] = [];
let snapshot: { raw: string | null; items: CartItem[] } = { raw: null, items: emptyCart };
const orEmptyCart = (items: CartItem[]) => (items.length === 0 ? emptyCart : items);

function now() {
  return Date.now();
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value.filter(isCartItem) as CartItem[]) : [];
  } catch {
    return [];
  }
}

function isCartItem(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const item = value as Partial<CartItem>;
  return (
    typeof item.quoteId === "string" && typeof item.date === "number" && (item.way === "Order" || item.way === "Sell")
  );
}

/** The valid items: expired ones are dropped from storage when read, so they never come back. */
export function readCart(): CartItem[] {
  if (typeof window === "undefined") return [];
  const raw = readRaw();
  const all = parse(raw);
  const valid = validCartItems(all, now());
  if (valid.length !== all.length) writeCart(valid);
  else if (raw !== snapshot.raw) snapshot = { raw, items: orEmptyCart(valid) };
  return snapshot.items;
}

function writeCart(items: CartItem[]) {
  // An empty cart leaves no key behind.
  const raw = items.length === 0 ? null : JSON.stringify(items);
  try {
    if (raw === null) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, raw);
  } catch {
    // Storage full or blocked: the cart then only lives for this page.
  }
  snapshot = { raw, items: orEmptyCart(items) };
  for (const listener of listeners) listener();
}

export function removeCartItem(id: string) {
  writeCart(readCart().filter((item) => item.Id !== id));
}

export type AddLineResult = { ok: true; item: CartItem } | { ok: false; message: string };

/** What the server is asked for a line's quote: the line and the basket's Click & Collect total. */
export type QuoteAsk = QuoteRequest & { basketGbpMinor: number };
/**
 * Asks the server for a quote: the purchase page's route action, posted by a fetcher
 * (use-quote-requester.ts; decision 016), answering the API's quote or its refusal.
 */
export type QuoteRequester = (ask: QuoteAsk) => Promise<ActionOutcome<Quote>>;

/** Asks the server for a quote and keeps it in the cart. Messages are the spec's, word for word. */
export async function addLineToCart(request: QuoteRequest, requestQuote: QuoteRequester): Promise<AddLineResult> {
  if ((request.gbpMinor ?? request.foreignMinor ?? 0) <= 0) return { ok: false, message: "Please give correct amount" };
  if (!canAddToCart(readCart(), now())) return { ok: false, message: "Please clear your cart" };
  // The basket's Click & Collect total travels with the request, so that the server can tell the order
  // maximum now rather than at the last step.
  const basketGbpMinor = readCart()
    .filter((item) => item.way === request.way)
    .reduce((sum, item) => sum + item.gbpMinor, 0);
  const outcome = await requestQuote({ ...request, basketGbpMinor });
  if (!outcome.ok) {
    return { ok: false, message: outcome.status === 422 ? "Please give correct amount" : outcome.message };
  }
  // Read again: another tab may have filled the cart while we waited.
  const items = readCart();
  if (!canAddToCart(items, now())) return { ok: false, message: "Please clear your cart" };
  const item = cartItemFromQuote(outcome.value, now());
  writeCart([...items, item]);
  return { ok: true, item };
}

export function cartItemFromQuote(quote: Quote, createdAt: number): CartItem {
  const gbp = minorToMajorString(quote.gbpMinor, "GBP");
  const foreign = minorToMajorString(quote.foreignMinor, quote.currency);
  const collect = quote.way === "Order";
  return {
    currencyMy: collect ? gbp : foreign,
    currencyMycurrent: collect ? "GBP" : quote.currency,
    currencyTake: collect ? foreign : gbp,
    currencyTakecurrent: collect ? quote.currency : "GBP",
    Id: crypto.randomUUID(),
    Rate: quote.rate,
    date: createdAt,
    quoteId: quote.id,
    way: quote.way,
    currency: quote.currency,
    label: quote.label,
    gbpMinor: quote.gbpMinor,
    foreignMinor: quote.foreignMinor,
    sterlingBackMinor: quote.sterlingBackMinor,
    expiresAt: quote.expiresAt,
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  // Expiry happens with time, not with events: look again every few seconds.
  const timer = window.setInterval(listener, 5_000);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
    window.clearInterval(timer);
  };
}

/** The cart as the server renders it: empty. */
export function serverCart(): CartItem[] {
  return emptyCart;
}

/** The valid cart items, re-rendering when they change or expire. Empty during the server render. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, serverCart);
}
