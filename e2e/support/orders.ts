import type { APIResponse, Page } from "@playwright/test";
import { clientAddressFor } from "./accounts.ts";
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
 * Places an order through the public API, as the wizard does; returns the receipt. Unless the caller
 * says otherwise: a Click & Collect order of €-worth £300, for Tracy Tracker at Brighton.
 */
export async function placeOrder(
  page: Page,
  email: string,
  {
    customer = {},
    branch = "brighton",
    baseUrl = "",
    origin,
    way = "Order",
    lines = [{ currency: "EUR", gbpMinor: 30_000 }],
  }: OrderPlace & {
    customer?: Partial<OrderCustomer>;
    way?: "Order" | "Sell";
    lines?: { currency: string; gbpMinor: number }[];
  } = {},
): Promise<{ orderNumber: string; accessToken: string; totalGbpMinor: number }> {
  // A client address of the customer's own (the e2e server trusts loopback's X-Forwarded-For): the per-address
  // placement limit is for one client, and the orders this helper places for the suite would otherwise use up
  // the browser's, and a test placing its order through the page would be refused ("Too many attempts").
  const headers = { ...(origin ? { origin } : {}), "x-forwarded-for": clientAddressFor(email) };
  const quotes: { id: string; rate: string; gbpMinor: number; foreignMinor: number }[] = [];
  for (const line of lines) {
    const answer = await withinRateLimit(() =>
      page.request.post(`${baseUrl}/api/quotes`, { headers, data: { ...line, way } }),
    );
    expect(answer.status()).toBe(201);
    quotes.push(await answer.json());
  }
  const response = await withinRateLimit(() =>
    page.request.post(`${baseUrl}/api/orders`, {
      headers,
      data: {
        idempotencyKey: crypto.randomUUID(),
        way,
        branch,
        lines: quotes.map((quote) => ({
          quoteId: quote.id,
          rate: quote.rate,
          gbpMinor: quote.gbpMinor,
          foreignMinor: quote.foreignMinor,
        })),
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

/**
 * Records every call the page makes to the API that is not a read (decision 016: changes go through
 * route actions, so the browser itself never posts to /api/…).
 */
export function recordApiChangesFromBrowser(page: Page): string[] {
  const changes: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== "GET" && request.method() !== "HEAD" && pathname.startsWith("/api/")) {
      changes.push(`${request.method()} ${pathname}`);
    }
  });
  return changes;
}
