import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Places a Click & Collect order through the public API, as the wizard does; returns the receipt. */
export async function placeOrder(page: Page, email: string): Promise<{ orderNumber: string; accessToken: string }> {
  const quote = await (
    await page.request.post("/api/quotes", { data: { currency: "EUR", way: "Order", gbpMinor: 30_000 } })
  ).json();
  const response = await page.request.post("/api/orders", {
    data: {
      idempotencyKey: crypto.randomUUID(),
      way: "Order",
      branch: "brighton",
      lines: [{ quoteId: quote.id, rate: quote.rate, gbpMinor: quote.gbpMinor, foreignMinor: quote.foreignMinor }],
      customer: {
        firstName: "Tracy",
        lastName: "Tracker",
        email,
        confirmEmail: email,
        phone: "07700 900654",
        acceptedTerms: true,
      },
    },
  });
  expect(response.status()).toBe(201);
  return response.json();
}
