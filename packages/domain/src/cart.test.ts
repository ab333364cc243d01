import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canAddToCart, cartItemExpiresAt, cartItemRemainingMs, validCartItems } from "./cart.ts";
import { CART_ITEM_LIFETIME_MS, CART_MAX_ITEMS } from "./constants.ts";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const item = (ageMs: number, id = 0) => ({ id, date: NOW - ageMs });

describe("cart", () => {
  it("has the contract constants", () => {
    expect(CART_MAX_ITEMS).toBe(4);
    expect(CART_ITEM_LIFETIME_MS).toBe(30 * 60 * 1000);
  });

  it("expires an item at exactly 30 minutes", () => {
    expect(validCartItems([item(CART_ITEM_LIFETIME_MS - 1)], NOW)).toHaveLength(1);
    expect(validCartItems([item(CART_ITEM_LIFETIME_MS)], NOW)).toHaveLength(0);
    expect(cartItemRemainingMs(item(CART_ITEM_LIFETIME_MS), NOW)).toBe(0);
    expect(cartItemRemainingMs(item(CART_ITEM_LIFETIME_MS + 5000), NOW)).toBe(0);
    expect(cartItemRemainingMs(item(60_000), NOW)).toBe(CART_ITEM_LIFETIME_MS - 60_000);
    expect(cartItemExpiresAt({ date: 1000 })).toBe(1000 + CART_ITEM_LIFETIME_MS);
  });

  it("keeps item identity and order", () => {
    const items = [item(0, 1), item(CART_ITEM_LIFETIME_MS, 2), item(10, 3)];
    expect(validCartItems(items, NOW).map((i) => i.id)).toEqual([1, 3]);
  });

  it("only counts valid items toward the limit", () => {
    const full = [item(0), item(1), item(2), item(3)];
    expect(canAddToCart(full.slice(0, 3), NOW)).toBe(true);
    expect(canAddToCart(full, NOW)).toBe(false);
    expect(canAddToCart([...full.slice(0, 3), item(CART_ITEM_LIFETIME_MS)], NOW)).toBe(true);
  });

  it("property: canAddToCart ⇔ fewer than 4 items younger than 30 minutes", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 * CART_ITEM_LIFETIME_MS }), { maxLength: 10 }), (ages) => {
        const items = ages.map((age) => item(age));
        const live = ages.filter((age) => age < CART_ITEM_LIFETIME_MS).length;
        expect(validCartItems(items, NOW)).toHaveLength(live);
        expect(canAddToCart(items, NOW)).toBe(live < CART_MAX_ITEMS);
      }),
    );
  });
});
