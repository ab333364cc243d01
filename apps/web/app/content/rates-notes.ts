/**
 * The important notes under the search on the Exchange Rates page.
 */
export const rateNotes: readonly string[] = [
  "Rates show how much of each currency you get for £1 (Click & Collect) or how much you need to sell for £1 (Click & Sell). They are updated throughout the day.",
  "The rate is fixed when you add a currency to your basket and held for 30 minutes while you complete your order. Once your order reaches the store, it is guaranteed for 24 hours.",
  "Click & Collect amounts are rounded up to the next £10 so that we can supply practical denominations.",
  "Orders depend on the currency and the denominations being in stock at your chosen branch.",
  "To collect, bring a valid passport, a full UK or European photo driving licence, or a European national identity card, plus a payment card in the name on the order. We may ask for proof of address dated within the past 90 days.",
  "We buy back banknotes only, not coins.",
];
