import { CART_ITEM_LIFETIME_MS, CART_MAX_ITEMS } from "./constants.ts";

export type CartItem = {
  /** Creation time, epoch ms. */
  date: number;
};

export function cartItemExpiresAt(item: CartItem): number {
  return item.date + CART_ITEM_LIFETIME_MS;
}

/** Expiry is exclusive: an item exactly CART_ITEM_LIFETIME_MS old is already gone. */
export function isCartItemValid(item: CartItem, now: number): boolean {
  return Number.isFinite(item.date) && now < cartItemExpiresAt(item);
}

export function cartItemRemainingMs(item: CartItem, now: number): number {
  return Math.max(0, cartItemExpiresAt(item) - now);
}

export function validCartItems<T extends CartItem>(items: readonly T[], now: number): T[] {
  return items.filter((item) => isCartItemValid(item, now));
}

/** Only live items count, so expired ones never block a new reservation. */
export function canAddToCart(items: readonly CartItem[], now: number): boolean {
  return validCartItems(items, now).length < CART_MAX_ITEMS;
}
