import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Quote } from "@bureau/domain/contracts/orders";

let requests = 0;
/** Each request from an address of its own, so that the per-address rate limits never refuse a test's order. */
const freshAddress = () => {
  requests += 1;
  return `10.250.${Math.floor(requests / 250) % 250}.${(requests % 250) + 1}`;
};

/**
 * Places an order as the order page does, through the public API: a quote for each line, then the order
 * with them. Answers the order's response (the caller checks it); a refused quote fails the test.
 */
export async function placeThroughApi(
  app: FastifyInstance,
  {
    way = "Order",
    lines,
    branch = "worthing",
    customer,
  }: {
    way?: "Order" | "Sell";
    lines: { currency: string; gbpMinor: number }[];
    branch?: string;
    customer: { firstName: string; lastName: string; email: string; phone: string };
  },
) {
  const quoted = [];
  for (const line of lines) {
    const response = await app.inject({
      method: "POST",
      url: "/api/quotes",
      payload: { ...line, way },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const quote = response.json() as Quote;
    quoted.push({ quoteId: quote.id, rate: quote.rate, gbpMinor: quote.gbpMinor, foreignMinor: quote.foreignMinor });
  }
  return app.inject({
    method: "POST",
    url: "/api/orders",
    payload: {
      idempotencyKey: randomUUID(),
      way,
      branch,
      lines: quoted,
      customer: { ...customer, confirmEmail: customer.email, acceptedTerms: true },
    },
    remoteAddress: freshAddress(),
  });
}
