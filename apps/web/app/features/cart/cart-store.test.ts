import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_ITEM_LIFETIME_MS, CART_MAX_ITEMS } from "@bureau/domain/constants";
import type { Quote } from "@bureau/domain/contracts/orders";
import type { ActionOutcome } from "../../lib/route-action.ts";
import {
  addLineToCart,
  CART_STORAGE_KEY,
  type CartItem,
  type QuoteAsk,
  cartItemFromQuote,
  readCart,
  removeCartItem,
  serverCart,
} from "./cart-store.ts";

/*
 * The cart store runs against Node's own Web Storage (vitest runs this project with
 * --experimental-webstorage), with `window` being the global object as in a browser. The quote comes
 * from a requester standing in for the order page's route action (which the browser tests reach for
 * real): what the store asks and does with the answer is under test here, the pricing behind it is
 * tested in the server suite.
 */
const NOW = Date.parse("2026-11-21T12:00:00Z");

function quoteFor(currency: string, createdAt = NOW): Quote {
  return {
    id: crypto.randomUUID(),
    currency,
    label: currency,
    way: "Order",
    rate: "1.1004",
    gbpMinor: 10_000,
    foreignMinor: 11_004,
    sterlingBackMinor: 0,
    createdAt: new Date(createdAt).toISOString(),
    expiresAt: new Date(createdAt + CART_ITEM_LIFETIME_MS).toISOString(),
  };
}
const itemAged = (ageMs: number, currency = "EUR"): CartItem => cartItemFromQuote(quoteFor(currency), NOW - ageMs);
const store = (value: unknown) => localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(value));

const quoteRequests: QuoteAsk[] = [];
let quoteAnswer: ActionOutcome<Quote> = { ok: false, status: 500, message: "no answer set" };
const requestQuote = async (ask: QuoteAsk): Promise<ActionOutcome<Quote>> => {
  quoteRequests.push(ask);
  return quoteAnswer;
};

beforeAll(() => {
  Object.assign(globalThis, { window: globalThis });
});

beforeEach(() => {
  localStorage.clear();
  quoteRequests.length = 0;
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
});

describe("the cart store", () => {
  it("keeps items younger than 30 minutes and drops expired ones from storage for good", () => {
    const fresh = itemAged(CART_ITEM_LIFETIME_MS - 1, "EUR");
    const expired = itemAged(CART_ITEM_LIFETIME_MS, "USD");
    store([fresh, expired]);
    expect(readCart().map((item) => item.currency)).toEqual(["EUR"]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toEqual([fresh]);
    vi.setSystemTime(NOW + 1);
    // The last line expired: the server's own empty cart, from the very read that drops it.
    expect(readCart()).toBe(serverCart());
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ["not JSON", "{oops"],
    ["JSON that is not a list", JSON.stringify({ quoteId: "x", date: NOW, way: "Order" })],
    ["the JSON null", "null"],
  ])("reads storage holding %s as an empty cart", (_what, raw) => {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    expect(readCart()).toEqual([]);
  });

  it("answers an empty cart with the server's own empty cart, so a page hydrates without rendering twice", () => {
    // Nothing stored, storage holding an empty list, and the last line removed: the very array the server
    // snapshot is (a different empty array would make React re-render the order page synchronously).
    expect(readCart()).toBe(serverCart());
    store([]);
    expect(readCart()).toBe(serverCart());
    const line = itemAged(1_000);
    store([line]);
    expect(readCart()).toEqual([line]);
    removeCartItem(line.Id);
    expect(readCart()).toBe(serverCart());
    expect(serverCart()).toEqual([]);
  });

  it("ignores entries that are not cart items and keeps the ones that are", () => {
    const good = itemAged(1_000);
    store([
      good,
      null,
      42,
      "x",
      { quoteId: 7, date: NOW, way: "Order" },
      { quoteId: "q", date: "now", way: "Order" },
      { ...good, way: "Swap" },
    ]);
    expect(readCart()).toEqual([good]);
  });

  it(`refuses a ${CART_MAX_ITEMS + 1}th line before asking the server for a quote`, async () => {
    store(["EUR", "USD", "JPY", "CHF"].map((currency) => itemAged(1_000, currency)));
    expect(await addLineToCart({ currency: "AUD", way: "Order", gbpMinor: 10_000 }, requestQuote)).toEqual({
      ok: false,
      message: "Please clear your cart",
    });
    expect(quoteRequests).toEqual([]);
  });

  it("does not count expired lines against the limit, and keeps the server's quote", async () => {
    store([
      ...["EUR", "USD", "JPY"].map((currency) => itemAged(1_000, currency)),
      itemAged(CART_ITEM_LIFETIME_MS, "CHF"),
    ]);
    const served = quoteFor("AUD");
    quoteAnswer = { ok: true, value: served };
    const added = await addLineToCart({ currency: "AUD", way: "Order", gbpMinor: 10_000 }, requestQuote);
    expect(added.ok).toBe(true);
    // The basket's Click & Collect total goes with the request (for the order maximum), without the expired line.
    const basketGbpMinor = 3 * itemAged(1_000, "EUR").gbpMinor;
    expect(quoteRequests).toEqual([{ currency: "AUD", way: "Order", gbpMinor: 10_000, basketGbpMinor }]);
    const items = readCart();
    expect(items.map((item) => item.currency)).toEqual(["EUR", "USD", "JPY", "AUD"]);
    expect(items[3]).toMatchObject({
      quoteId: served.id,
      Rate: "1.1004",
      currencyMy: "100.00",
      currencyMycurrent: "GBP",
    });
    expect(await addLineToCart({ currency: "CAD", way: "Order", gbpMinor: 10_000 }, requestQuote)).toEqual({
      ok: false,
      message: "Please clear your cart",
    });
  });

  it("refuses a zero amount without a request and turns the server's 422 into the spec's message", async () => {
    expect(await addLineToCart({ currency: "EUR", way: "Order", gbpMinor: 0 }, requestQuote)).toEqual({
      ok: false,
      message: "Please give correct amount",
    });
    expect(quoteRequests).toEqual([]);
    quoteAnswer = { ok: false, status: 422, message: "Amount is above the online limit" };
    expect(await addLineToCart({ currency: "EUR", way: "Order", gbpMinor: 999_999 }, requestQuote)).toEqual({
      ok: false,
      message: "Please give correct amount",
    });
    expect(readCart()).toEqual([]);
  });

  it("shows any other refusal in the server's words and keeps nothing", async () => {
    quoteAnswer = { ok: false, status: 409, message: "Orders are limited to £2,500.00 per order." };
    expect(await addLineToCart({ currency: "EUR", way: "Order", gbpMinor: 10_000 }, requestQuote)).toEqual({
      ok: false,
      message: "Orders are limited to £2,500.00 per order.",
    });
    quoteAnswer = { ok: false, status: 0, message: "We could not reach our server. Please try again." };
    expect(await addLineToCart({ currency: "EUR", way: "Order", gbpMinor: 10_000 }, requestQuote)).toEqual({
      ok: false,
      message: "We could not reach our server. Please try again.",
    });
    expect(readCart()).toEqual([]);
  });

  it("removes one line by its id and clears only its own key", () => {
    const first = itemAged(1_000, "EUR");
    const second = itemAged(1_000, "USD");
    store([first, second]);
    localStorage.setItem("something-else", "kept");
    removeCartItem(first.Id);
    expect(readCart()).toEqual([second]);
    removeCartItem(second.Id);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem("something-else")).toBe("kept");
  });
});
