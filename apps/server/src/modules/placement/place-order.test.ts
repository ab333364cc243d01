import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderReceipt, Quote } from "@bureau/domain/contracts/orders";
import { ORDER_NUMBER_PATTERN } from "@bureau/domain/order-number";
import { currencyPrices, formatRate } from "@bureau/domain/pricing";
import { currencies, orderLines, orders, outbox, quotes } from "../../db/schema.ts";
import { decodedBody, mailerFor, startSmtpSink } from "../../test/smtp-sink.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createQuote } from "../quotes/index.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let ipCounter = 1;
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function postQuote(t: TestApp, body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/quotes", payload: body, remoteAddress: freshIp() });
}

async function newQuote(
  t: TestApp,
  body: Record<string, unknown> = { currency: "EUR", way: "Order", gbpMinor: 25_000 },
) {
  const response = await postQuote(t, body);
  expect(response.statusCode).toBe(201);
  return response.json() as Quote;
}

const customer = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  confirmEmail: "ada@example.com",
  phone: "07700 900123",
  acceptedTerms: true,
};

function orderBody(quotes: Quote[], overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    way: quotes[0]?.way ?? "Order",
    lines: quotes.map((q) => ({ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor })),
    branch: "worthing",
    customer,
    ...overrides,
  };
}

async function postOrder(t: TestApp, body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/orders", payload: body, remoteAddress: freshIp() });
}

async function orderCount(t: TestApp) {
  const [row] = await t.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

describe("quotes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    [12_000, 12_000],
    [12_099, 12_000],
    [12_100, 13_000],
    [12_999, 13_000],
    [13_000, 13_000],
    // At the Click & Collect minimum of £100 (smaller lines are refused: order-limits.test.ts).
    [10_000, 10_000],
    [10_001, 10_000],
    [10_100, 11_000],
  ])("collect rounding: £%i pence becomes %i pence", async (typed, expected) => {
    const quote = await newQuote(t, { currency: "EUR", way: "Order", gbpMinor: typed });
    expect(quote.gbpMinor).toBe(expected);
    // EUR collect rate 1.1232 in the seed: the euros follow from the rounded pounds, rounded down to
    // whole €5 notes, and the rest of the pounds comes back (the notes' value rounded up to the penny).
    expect(quote.rate).toBe("1.1232");
    const notes = Math.floor((expected * 11232) / 10000 / 500) * 500;
    expect(quote.foreignMinor).toBe(notes);
    expect(quote.sterlingBackMinor).toBe(expected - Math.ceil((notes * 10000) / 11232));
  });

  it("prices from the database when the rates changed and the cached list was not cleared", async () => {
    const [eur] = await t.db.select().from(currencies).where(eq(currencies.code, "EUR"));
    expect((await newQuote(t)).rate).toBe("1.1232"); // the cached list is loaded now
    const moved = { rate: "1.20000000", sellMargin: eur!.sellMargin, buyMargin: eur!.buyMargin };
    await t.db.update(currencies).set({ rate: moved.rate }).where(eq(currencies.code, "EUR"));
    try {
      const quote = await newQuote(t);
      expect(quote.rate).toBe(currencyPrices(moved).collectRate);
      expect(quote.rate).not.toBe("1.1232");
      const [stored] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
      expect(formatRate(stored!.rate)).toBe(quote.rate);
    } finally {
      await t.db.update(currencies).set({ rate: eur!.rate }).where(eq(currencies.code, "EUR"));
      await t.app.invalidateCurrencies();
    }
  });

  it("prices a sale with the Buy margin and holds it for 30 minutes", async () => {
    const quote = await newQuote(t, { currency: "EUR", way: "Sell", foreignMinor: 10_000 });
    expect(quote.rate).toBe("1.1866");
    expect(quote.gbpMinor).toBe(Math.floor((10_000 * 10000) / 11866));
    expect(new Date(quote.expiresAt).getTime() - new Date(quote.createdAt).getTime()).toBe(30 * 60 * 1000);
  });

  it.each([
    [{ currency: "EUR", way: "Order", gbpMinor: 0 }, 422],
    [{ currency: "EUR", way: "Order", gbpMinor: 99 }, 422],
    [{ currency: "EUR", way: "Sell", foreignMinor: 1 }, 422],
    [{ currency: "EUR", way: "Order", gbpMinor: -100 }, 400],
    [{ currency: "EUR", way: "Order", gbpMinor: 10.5 }, 400],
    [{ currency: "EUR", way: "Order" }, 400],
    [{ currency: "EUR", way: "Order", gbpMinor: 100, foreignMinor: 100 }, 400],
    [{ currency: "EUR", way: "Buy", gbpMinor: 10_000 }, 400],
    [{ currency: "XXX", way: "Order", gbpMinor: 10_000 }, 404],
    [{ currency: "EUR", way: "Order", gbpMinor: 600_000 }, 422],
    [{ currency: "EUR", way: "Order", gbpMinor: 10_000, rate: "9.9999" }, 400],
  ])("refuses %o with %i", async (body, status) => {
    const response = await postQuote(t, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBeTruthy();
  });
});

describe("placing an order", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates a pending order with an 8-digit number, rate snapshots and an outbox e-mail", async () => {
    const quotes = [await newQuote(t), await newQuote(t, { currency: "USD", way: "Order", foreignMinor: 50_000 })];
    const response = await postOrder(t, orderBody(quotes));
    expect(response.statusCode).toBe(201);
    const receipt = response.json() as OrderReceipt;
    expect(receipt.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
    expect(receipt.status).toBe("pending");
    expect(receipt.lines.map((l) => l.currency)).toEqual(["EUR", "USD"]);
    expect(receipt.lines[0]?.rate).toBe(quotes[0]?.rate);
    expect(receipt.totalGbpMinor).toBe((quotes[0]?.gbpMinor ?? 0) + (quotes[1]?.gbpMinor ?? 0));
    expect(receipt.fullName).toBe("Ada Lovelace");
    expect(receipt.branch.key).toBe("worthing");
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNumber, receipt.orderNumber));
    const mails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-received:${order?.id}`));
    expect(mails).toHaveLength(1);
  });

  it("refuses a tampered rate or amount and stores nothing", async () => {
    const quote = await newQuote(t);
    const before = await orderCount(t);
    for (const tampered of [
      { rate: "1.5000" },
      { gbpMinor: quote.gbpMinor - 1000 },
      { foreignMinor: quote.foreignMinor + 100 },
    ]) {
      const body = orderBody([quote]);
      body.lines = [{ ...(body.lines[0] as object), ...tampered }] as never;
      const response = await postOrder(t, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe("quote_invalid");
      expect(response.json().error.message).toContain("does not match our quote");
    }
    expect(await orderCount(t)).toBe(before);
  });

  it("refuses an expired quote", async () => {
    const old = await createQuote({
      db: t.db,
      input: { currency: "EUR", way: "Order", gbpMinor: 10_000 },
      now: new Date(Date.now() - 31 * 60 * 1000),
    });
    const response = await postOrder(t, orderBody([old]));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain("no longer held");
  });

  it("refuses a quote of the other way", async () => {
    const sell = await newQuote(t, { currency: "EUR", way: "Sell", foreignMinor: 10_000 });
    const response = await postOrder(t, orderBody([sell], { way: "Order" }));
    expect(response.statusCode).toBe(422);
  });

  it("refuses a reused quote", async () => {
    const quote = await newQuote(t);
    expect((await postOrder(t, orderBody([quote]))).statusCode).toBe(201);
    const again = await postOrder(t, orderBody([quote]));
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toContain("already been used");
  });

  it("returns the same order for the same idempotency key", async () => {
    const quote = await newQuote(t);
    const body = orderBody([quote]);
    const before = await orderCount(t);
    const first = await postOrder(t, body);
    const second = await postOrder(t, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().orderNumber).toBe(first.json().orderNumber);
    expect(await orderCount(t)).toBe(before + 1);
  });

  it("gives one order when the same submission races itself", async () => {
    const quote = await newQuote(t);
    const body = orderBody([quote]);
    const before = await orderCount(t);
    const responses = await Promise.all([postOrder(t, body), postOrder(t, body), postOrder(t, body)]);
    const numbers = new Set(responses.map((r) => r.json().orderNumber));
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(numbers.size).toBe(1);
    expect(await orderCount(t)).toBe(before + 1);
  });

  it("lets exactly one of two orders racing for one quote win", async () => {
    const quote = await newQuote(t);
    const responses = await Promise.all([postOrder(t, orderBody([quote])), postOrder(t, orderBody([quote]))]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.quoteId, quote.id));
    expect(lines).toHaveLength(1);
  });

  it("lets one of two orders over the same quotes in opposite order win, without a deadlock, leaving nothing of the loser", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await newQuote(t);
      const b = await newQuote(t);
      const before = await orderCount(t);
      const [outboxBefore] = await t.db.select({ n: count() }).from(outbox);
      const responses = await Promise.all([postOrder(t, orderBody([a, b])), postOrder(t, orderBody([b, a]))]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const loser = responses.find((r) => r.statusCode === 422);
      expect(loser?.json().error.message).toContain("already been used");
      const winner = responses.find((r) => r.statusCode === 201)?.json() as OrderReceipt;
      expect(winner.lines.map((line) => line.position)).toEqual([1, 2]);
      expect(await orderCount(t)).toBe(before + 1);
      const [outboxAfter] = await t.db.select({ n: count() }).from(outbox);
      expect(outboxAfter?.n).toBe((outboxBefore?.n ?? 0) + 1);
    }
  });

  it("places 50 concurrent orders with 50 distinct numbers", async () => {
    const quotes = await Promise.all(Array.from({ length: 50 }, () => newQuote(t)));
    const before = await orderCount(t);
    const responses = await Promise.all(quotes.map((q) => postOrder(t, orderBody([q]))));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(responses.map((r) => r.json().orderNumber)).size).toBe(50);
    expect(await orderCount(t)).toBe(before + 50);
  });

  it.each([
    [{ branch: "paris" }, "branch"],
    [{ customer: { ...customer, confirmEmail: "other@example.com" } }, "Emails doesnt match"],
    [{ customer: { ...customer, acceptedTerms: false } }, "Please select the rules"],
    [{ customer: { ...customer, firstName: "  " } }, "First name is required"],
    [{ lines: [] }, "Please add currency item"],
    [{ customer: { ...customer, role: "admin" } }, "customer"],
  ])("refuses bad input %o with a clear message and stores nothing", async (overrides, text) => {
    const quote = await newQuote(t);
    const before = await orderCount(t);
    const response = await postOrder(t, orderBody([quote], overrides));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(text);
    expect(await orderCount(t)).toBe(before);
  });
});

describe("order e-mails", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startSmtpSink({ failFirst: 1 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("delivers the order e-mail exactly once after a crash between commit and sending, escaping input", async () => {
    const quote = await newQuote(t);
    // The order commits; the process then dies before its mailer runs (no mailer in this app).
    const response = await postOrder(
      t,
      orderBody([quote], {
        customer: {
          ...customer,
          firstName: "<script>alert(1)</script>",
          email: "crash@example.com",
          confirmEmail: "crash@example.com",
        },
      }),
    );
    expect(response.statusCode).toBe(201);
    const orderNumber = response.json().orderNumber as string;

    // "Restart": a new mailer finds the message in the outbox. The SMTP server refuses the first try.
    const mailer = mailerFor(t.app, smtp);
    await mailer.runOnce();
    expect(smtp.messages).toHaveLength(0);
    const [pending] = await t.db.select().from(outbox).where(eq(outbox.kind, "order-received"));
    expect(pending?.status).toBe("pending");
    expect(pending?.lastError).toContain("temporarily unavailable");

    // Once the backoff has passed, the retry delivers it; further passes send nothing more.
    await t.db.update(outbox).set({ nextAttemptAt: new Date(0) });
    await mailer.runOnce();
    await mailer.runOnce();
    const toCustomer = smtp.messages.filter((m) => m.to.includes("crash@example.com"));
    expect(toCustomer).toHaveLength(1);
    const body = decodedBody(toCustomer[0]?.raw ?? "");
    expect(body).toContain(orderNumber);
    expect(body).toContain("&lt;script&gt;");
    expect(body).not.toContain("<script>alert(1)</script></p>");
    await mailer.stop();
  });
});

describe("outbox mailer shutdown", () => {
  it("sends a batch several messages at a time over its pooled connections", async () => {
    const t = await createTestApp();
    // A slow mail server: one message at a time, ten would take over two seconds.
    const smtp = await startSmtpSink({ delayMs: 250 });
    try {
      for (let i = 0; i < 10; i++) {
        const quote = await newQuote(t);
        expect((await postOrder(t, orderBody([quote]))).statusCode).toBe(201);
      }
      const mailer = mailerFor(t.app, smtp);
      expect(await mailer.runOnce()).toBe(10);
      await mailer.stop();
      expect(smtp.messages).toHaveLength(10);
      expect(smtp.maxInFlight()).toBeGreaterThan(1);
      expect(smtp.maxInFlight()).toBeLessThanOrEqual(5);
      expect((await t.db.select().from(outbox)).filter((r) => r.status !== "sent")).toEqual([]);
    } finally {
      await smtp.close();
      await t.close();
    }
  });

  it("stops after the messages in hand and releases the rest of its batch at once", async () => {
    const t = await createTestApp();
    const smtp = await startSmtpSink();
    try {
      for (let i = 0; i < 12; i++) {
        const quote = await newQuote(t);
        expect((await postOrder(t, orderBody([quote]))).statusCode).toBe(201);
      }
      const mailer = mailerFor(t.app, smtp);
      const pass = mailer.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await mailer.stop();
      const sent = await pass;
      expect(sent).toBeLessThan(12);
      const rows = await t.db.select().from(outbox);
      const claimed = rows.filter((r) => r.status === "pending" && r.lockedUntil !== null);
      expect(claimed).toEqual([]);
      expect(rows.filter((r) => r.status === "sent")).toHaveLength(smtp.messages.length);
      // A new mailer (a restart) sends the rest, each exactly once.
      const next = mailerFor(t.app, smtp);
      await next.runOnce();
      await next.stop();
      expect(smtp.messages).toHaveLength(12);
      expect(new Set(smtp.messages.map((m) => m.raw.match(/Message-ID: <([^>]+)>/i)?.[1])).size).toBe(12);
    } finally {
      await smtp.close();
      await t.close();
    }
  });
});
