import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Quote } from "@bureau/domain/contracts/orders";
import { ConfigError } from "../../config.ts";
import { orders } from "../../db/schema.ts";
import { nextClientAddress } from "../../test/auth-helpers.ts";
import { createTestApp, testConfig } from "../../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const MINIMUM = "The minimum for Click & Collect is £100 per currency";
const MAXIMUM = "For more than £2,500 please contact the branch";

const postQuote = (t: TestApp, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/quotes", payload: body, remoteAddress: nextClientAddress() });

async function quoteOf(t: TestApp, body: Record<string, unknown>) {
  const response = await postQuote(t, body);
  expect(response.statusCode).toBe(201);
  return response.json() as Quote;
}

function placeOrder(t: TestApp, quotes: Quote[]) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress: nextClientAddress(),
    payload: {
      idempotencyKey: randomUUID(),
      way: quotes[0]!.way,
      branch: "worthing",
      lines: quotes.map((q) => ({ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor })),
      customer: {
        firstName: "Lim",
        lastName: "Its",
        email: "limits@example.com",
        confirmEmail: "limits@example.com",
        phone: "07700 900222",
        acceptedTerms: true,
      },
    },
  });
}

describe("Click & Collect limits on the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 0 and negatives with Please give correct amount before any limit", async () => {
    const zero = await postQuote(t, { currency: "EUR", way: "Order", gbpMinor: 0 });
    expect(zero.json().error.message).toBe("Please give correct amount");
    const pennies = await postQuote(t, { currency: "EUR", way: "Order", gbpMinor: 99 });
    expect(pennies.json().error.message).toBe("Please give correct amount");
  });

  it("refuses a line under £100 after the £10 rounding, and takes one that rounds up to £100", async () => {
    const under = await postQuote(t, { currency: "EUR", way: "Order", gbpMinor: 90_00 });
    expect(under.statusCode).toBe(400);
    expect(under.json().error).toMatchObject({ message: MINIMUM, fields: { amount: MINIMUM } });
    expect((await quoteOf(t, { currency: "EUR", way: "Order", gbpMinor: 95_00 })).gbpMinor).toBe(100_00);
  });

  it("sets no minimum for Click & Sell", async () => {
    expect((await quoteOf(t, { currency: "EUR", way: "Sell", foreignMinor: 20_00 })).way).toBe("Sell");
  });

  it("refuses a line above £2,500, alone or with what the basket already holds", async () => {
    const alone = await postQuote(t, { currency: "EUR", way: "Order", gbpMinor: 2_600_00 });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.message).toBe(MAXIMUM);
    const withBasket = await postQuote(t, {
      currency: "EUR",
      way: "Order",
      gbpMinor: 600_00,
      basketGbpMinor: 2_000_00,
    });
    expect(withBasket.json().error.message).toBe(MAXIMUM);
    await quoteOf(t, { currency: "EUR", way: "Order", gbpMinor: 500_00, basketGbpMinor: 2_000_00 });
  });

  it("refuses an order above £2,500 in all and stores nothing", async () => {
    const [before] = await t.db.select({ n: count() }).from(orders);
    const quotes = [
      await quoteOf(t, { currency: "EUR", way: "Order", gbpMinor: 900_00 }),
      await quoteOf(t, { currency: "USD", way: "Order", gbpMinor: 900_00 }),
      await quoteOf(t, { currency: "JPY", way: "Order", gbpMinor: 900_00 }),
    ];
    const refused = await placeOrder(t, quotes);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ message: MAXIMUM, fields: { lines: MAXIMUM } });
    const [after] = await t.db.select({ n: count() }).from(orders);
    expect(after?.n).toBe(before?.n);
    expect((await placeOrder(t, quotes.slice(0, 2))).statusCode).toBe(201);
  });
});

describe("Click & Collect limits from the configuration", () => {
  it("follows ORDER_MIN_COLLECT_LINE_GBP and ORDER_MAX_COLLECT_ORDER_GBP", async () => {
    const t = await createTestApp({ env: { ORDER_MIN_COLLECT_LINE_GBP: "50", ORDER_MAX_COLLECT_ORDER_GBP: "4000" } });
    try {
      await quoteOf(t, { currency: "EUR", way: "Order", gbpMinor: 60_00 });
      await quoteOf(t, { currency: "EUR", way: "Order", gbpMinor: 3_000_00 });
      const over = await postQuote(t, { currency: "EUR", way: "Order", gbpMinor: 4_100_00 });
      expect(over.json().error.message).toBe("For more than £4,000 please contact the branch");
      const under = await postQuote(t, { currency: "EUR", way: "Order", gbpMinor: 40_00 });
      expect(under.json().error.message).toBe("The minimum for Click & Collect is £50 per currency");
    } finally {
      await t.close();
    }
  });

  it("stops the start on a bad limit, naming the variable", () => {
    expect(() => testConfig({ ORDER_MAX_COLLECT_ORDER_GBP: "lots" })).toThrow(/ORDER_MAX_COLLECT_ORDER_GBP/);
    expect(() => testConfig({ ORDER_MIN_COLLECT_LINE_GBP: "5000", ORDER_MAX_COLLECT_ORDER_GBP: "100" })).toThrow(
      ConfigError,
    );
  });
});
