import type { APIResponse, Page } from "@playwright/test";
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
    await withinRateLimit(() =>
      page.request.post(`${baseUrl}/api/quotes`, {
        headers,
        data: { currency: "EUR", way: "Order", gbpMinor: 30_000 },
      }),
    )
  ).json();
  const response = await withinRateLimit(() =>
    page.request.post(`${baseUrl}/api/orders`, {
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
    }),
  );
  expect(response.status()).toBe(201);
  return response.json();
}

/**
 * The public API's per-address flood limits (quotes, orders) count every test's requests from this one
 * machine: a test placing many orders waits out a refusal (Retry-After) instead of failing on it.
 */
async function withinRateLimit(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (;;) {
    const response = await send();
    if (response.status() !== 429) return response;
    const seconds = Number(response.headers()["retry-after"] ?? "5");
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(seconds, 1), 60) * 1000));
  }
}
