import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

type OrderCustomer = { firstName: string; lastName: string; phone: string };
type OrderPlace = {
  branch?: string;
  /** The product's address when it is not the test's own server (a product started by the test). */
  baseUrl?: string;
  /** Sent as the Origin header, as a page of the product would send it. */
  origin?: string;
};

/**
 * Places a Click & Collect order of €-worth £300 through the public API, as the wizard does; returns the
 * receipt. The customer is Tracy Tracker at Brighton unless the caller says otherwise.
 */
export async function placeOrder(
  page: Page,
  email: string,
  { customer = {}, branch = "brighton", baseUrl = "", origin }: OrderPlace & { customer?: Partial<OrderCustomer> } = {},
): Promise<{ orderNumber: string; accessToken: string }> {
  const headers = origin ? { origin } : undefined;
  const quote = await (
    await page.request.post(`${baseUrl}/api/quotes`, {
      headers,
      data: { currency: "EUR", way: "Order", gbpMinor: 30_000 },
    })
  ).json();
  const response = await page.request.post(`${baseUrl}/api/orders`, {
    headers,
    data: {
      idempotencyKey: crypto.randomUUID(),
      way: "Order",
      branch,
      lines: [{ quoteId: quote.id, rate: quote.rate, gbpMinor: quote.gbpMinor, foreignMinor: quote.foreignMinor }],
      customer: {
        firstName: customer.firstName ?? "Tracy",
        lastName: customer.lastName ?? "Tracker",
        email,
        confirmEmail: email,
        phone: customer.phone ?? "07700 900654",
        acceptedTerms: true,
      },
    },
  });
  expect(response.status()).toBe(201);
  return response.json();
}
