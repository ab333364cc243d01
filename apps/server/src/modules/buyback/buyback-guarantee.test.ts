import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Quote } from "@bureau/domain/contracts/orders";
import { sellGbpMinorFor } from "@bureau/domain/pricing";
import { buybackRemainders, buybackUses, orderHandovers, orderLines, orders } from "../../db/schema.ts";
import { parseCsv } from "../../test/csv-parse.ts";
import { collectHandover, saleHandover, uniqueCustomer } from "../../test/factories.ts";
import type { ORDER_CSV_HEADER } from "../orders/index.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { transitionOrder } from "../orders/index.ts";
import { createBuybackQuote } from "./quote-buyback.ts";
import { guaranteeView } from "./buyback-guarantee.ts";

let requests = 0;
const freshAddress = () => {
  requests += 1;
  return `10.251.${Math.floor(requests / 250) % 250}.${(requests % 250) + 1}`;
};

describe("the buy-back guarantee (issue 34 item 7)", () => {
  const env = appWithStaff();
  const db = () => env.t.db;
  const inject = (method: "GET" | "POST", url: string, payload?: object, headers?: Record<string, string>) =>
    env.t.app.inject({
      method,
      url,
      remoteAddress: freshAddress(),
      ...(payload ? { payload } : {}),
      ...(headers ? { headers } : {}),
    });
  const customer = () => ({ firstName: "Grace", lastName: "Hopper", ...uniqueCustomer() });

  async function quote(body: Record<string, unknown>): Promise<Quote> {
    const response = await inject("POST", "/api/quotes", body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Quote;
  }

  async function place(way: "Order" | "Sell", quotes: Quote[], extra: Record<string, unknown> = {}) {
    const who = customer();
    return inject("POST", "/api/orders", {
      idempotencyKey: randomUUID(),
      way,
      branch: "worthing",
      lines: quotes.map((q) => ({ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor })),
      customer: { ...who, confirmEmail: who.email, acceptedTerms: true },
      ...extra,
    });
  }

  const staff = (url: string, payload?: object) => inject("POST", url, payload, env.staff.headers);
  const remainder = async (orderId: string) =>
    (await db().select().from(buybackRemainders).where(eq(buybackRemainders.orderId, orderId)))[0];

  /** A Click & Collect of £250 of euros with the guarantee, accepted and collected; its id and link token. */
  async function guaranteedAndCollected() {
    const bought = await quote({ currency: "EUR", way: "Order", gbpMinor: 25_000 });
    const placed = await place("Order", [bought], { buybackGuarantee: true });
    expect(placed.statusCode, placed.body).toBe(201);
    const token = placed.json().accessToken as string;
    const orderId = env.t.app.orderLinks.orderIdOf(token)!;
    expect((await staff(`/api/admin/orders/${orderId}/accept`)).statusCode).toBe(200);
    return { orderId, token, bought };
  }

  it("adds the fee to what the customer pays at collection, and starts the guarantee when the notes are collected", async () => {
    const bought = await quote({ currency: "EUR", way: "Order", gbpMinor: 25_000 });
    const placed = await place("Order", [bought], { buybackGuarantee: true });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = env.t.app.orderLinks.orderIdOf(placed.json().accessToken)!;
    const [stored] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(stored).toMatchObject({ buybackFeeMinor: 499, buybackDays: 45, totalGbpMinor: 25_000 });
    expect((await guaranteeView(db(), orderId, new Date(), "Europe/London"))?.text).toBe(
      "Buy-back guarantee: for 45 days from when you collect your notes.",
    );
    expect((await staff(`/api/admin/orders/${orderId}/accept`)).statusCode).toBe(200);
    // The order's sterling alone is not what the handover expects: the fee is paid with it.
    const short = await staff(`/api/admin/orders/${orderId}/complete`, {
      ...collectHandover,
      payment: { method: "card", amountMinor: 25_000 },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields["payment.amountMinor"]).toBe("The payment must be the order's sterling, £254.99");
    expect(await remainder(orderId)).toBeUndefined();
    const paid = await staff(`/api/admin/orders/${orderId}/complete`, {
      ...collectHandover,
      payment: { method: "card", amountMinor: 25_499 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [handover] = await db().select().from(orderHandovers).where(eq(orderHandovers.orderId, orderId));
    expect(handover?.gbpMinor).toBe(25_499);
    const [completed] = await db().select().from(orders).where(eq(orders.id, orderId));
    const left = await remainder(orderId);
    expect(left).toMatchObject({ currencyCode: "EUR", boughtMinor: bought.foreignMinor, usedMinor: 0 });
    expect(Number(left?.rate)).toBe(Number(bought.rate));
    expect(left?.until.getTime()).toBe(completed!.completedAt!.getTime() + 45 * 86_400_000);
  });

  it("prices a sale at the original rate up to what is left, in whole notes, the rest told apart; cancelling gives it back", async () => {
    const { orderId, token, bought } = await guaranteedAndCollected();
    await staff(`/api/admin/orders/${orderId}/complete`, { ...collectHandover, payment: { method: "card" } });
    // A rate sent by the browser is not asked for: the server prices from the stored order.
    const part = await quote({ currency: "EUR", way: "Sell", foreignMinor: 10_000, buybackToken: token });
    expect(part).toMatchObject({
      rate: bought.rate,
      foreignMinor: 10_000,
      gbpMinor: sellGbpMinorFor(10_000, bought.rate, "EUR"),
      buyback: { restMinor: 0 },
    });
    const sold = await place("Sell", [part]);
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await remainder(orderId))?.usedMinor).toBe(10_000);
    const left = bought.foreignMinor - 10_000;
    const more = await quote({ currency: "EUR", way: "Sell", foreignMinor: left + 5_000, buybackToken: token });
    expect(more).toMatchObject({ foreignMinor: left, buyback: { restMinor: 5_000 } });
    // The export: the fee on the guaranteed order's rows, the guaranteed order's number on the sale's.
    const csv = await inject("GET", "/api/admin/orders.csv", undefined, env.staff.headers);
    const [header, ...records] = parseCsv(csv.body.slice(1));
    const col = (name: (typeof ORDER_CSV_HEADER)[number]) => header!.indexOf(name);
    const [guaranteedNumber, saleNumber] = await Promise.all(
      [orderId, env.t.app.orderLinks.orderIdOf(sold.json().accessToken)!].map(
        async (id) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!.orderNumber,
      ),
    );
    const guaranteedRecord = records.find((r) => r[col("Order Number")] === guaranteedNumber)!;
    const saleRecord = records.find((r) => r[col("Order Number")] === saleNumber)!;
    expect(guaranteedRecord[col("Buy-back Guarantee Fee GBP")]).toBe("4.99");
    expect(guaranteedRecord[col("Buy-back Of Order")]).toBe("");
    expect(saleRecord[col("Buy-back Of Order")]).toBe(guaranteedNumber);
    expect(saleRecord[col("Buy-back Guarantee Fee GBP")]).toBe("");
    // A sale at the guarantee's rate is not amended (new quotes would not be at that rate).
    const amend = await inject("POST", "/api/orders/amendment-quote", {
      token: sold.json().accessToken,
      branch: "worthing",
      amountsMinor: [5_000],
    });
    expect(amend.statusCode).toBe(409);
    expect(amend.json().error.message).toMatch(/^A sale at your buy-back guarantee's rate cannot be amended/);
    // Cancelled, the sale gives back what it used.
    const saleId = env.t.app.orderLinks.orderIdOf(sold.json().accessToken)!;
    await transitionOrder({
      db: db(),
      orderId: saleId,
      transition: "cancel",
      actor: { id: null, email: "x@example.com" },
    });
    expect((await remainder(orderId))?.usedMinor).toBe(0);
    const [use] = await db().select().from(buybackUses).where(eq(buybackUses.sellOrderId, saleId));
    expect(use).toMatchObject({ guaranteedOrderId: orderId, currencyCode: "EUR", foreignMinor: 10_000 });
  });

  it("lets only one of two concurrent sales use the same remainder", async () => {
    const { orderId, token, bought } = await guaranteedAndCollected();
    await staff(`/api/admin/orders/${orderId}/complete`, { ...collectHandover, payment: { method: "card" } });
    const most = Math.floor(bought.foreignMinor / 500) * 500;
    const first = await quote({ currency: "EUR", way: "Sell", foreignMinor: most, buybackToken: token });
    const second = await quote({ currency: "EUR", way: "Sell", foreignMinor: most, buybackToken: token });
    const outcomes = await Promise.all([place("Sell", [first]), place("Sell", [second])]);
    const codes = outcomes.map((o) => o.statusCode).sort();
    expect(codes).toEqual([201, 422]);
    const refused = outcomes.find((o) => o.statusCode === 422)!;
    expect(refused.json().error.message).toBe(
      "What was left of your buy-back guarantee has just been used by another order. Please add the currency again.",
    );
    expect((await remainder(orderId))?.usedMinor).toBe(most);
    expect((await guaranteeView(db(), orderId, new Date(), "Europe/London"))?.text).toBe(
      bought.foreignMinor === most ? "Buy-back guarantee: used in full." : expect.any(String),
    );
  });

  it("guarantees nothing after its days, and an order without it has none", async () => {
    const { orderId } = await guaranteedAndCollected();
    await staff(`/api/admin/orders/${orderId}/complete`, { ...collectHandover, payment: { method: "card" } });
    const until = (await remainder(orderId))!.until;
    const late = createBuybackQuote({
      db: db(),
      guaranteedOrderId: orderId,
      input: { currency: "EUR", foreignMinor: 5_000 },
      now: until,
      timeZone: "Europe/London",
    });
    await expect(late).rejects.toMatchObject({ message: expect.stringMatching(/^This buy-back guarantee ended on /) });
    const plain = await quote({ currency: "EUR", way: "Order", gbpMinor: 25_000 });
    const placed = await place("Order", [plain]);
    const plainToken = placed.json().accessToken as string;
    const refused = await inject("POST", "/api/quotes", {
      currency: "EUR",
      way: "Sell",
      foreignMinor: 5_000,
      buybackToken: plainToken,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe("This order has no buy-back guarantee.");
  });

  it("buys back at the counter by the guaranteed order's number: what is left at the original rate, the rest at the counter's", async () => {
    const { orderId, bought } = await guaranteedAndCollected();
    await staff(`/api/admin/orders/${orderId}/complete`, { ...collectHandover, payment: { method: "card" } });
    const [guaranteed] = await db().select().from(orders).where(eq(orders.id, orderId));
    const traded = await staff("/api/admin/counter/trades", {
      branch: "brighton",
      idempotencyKey: randomUUID(),
      currency: "EUR",
      way: "Sell",
      foreignMinor: bought.foreignMinor + 2_000,
      firstName: "Walk",
      lastName: "Back",
      paymentMethod: "cash",
      guaranteedOrderNumber: guaranteed!.orderNumber,
    });
    expect(traded.statusCode, traded.body).toBe(201);
    const tradeId = traded.json().orderId as string;
    const [trade] = await db().select().from(orders).where(eq(orders.id, tradeId));
    expect(trade).toMatchObject({ channel: "counter", status: "completed", buybackOfOrderId: orderId });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, tradeId));
    const atOriginal = lines.find((l) => Number(l.rate) === Number(bought.rate));
    expect(atOriginal).toMatchObject({
      foreignMinor: bought.foreignMinor,
      gbpMinor: sellGbpMinorFor(bought.foreignMinor, bought.rate, "EUR"),
    });
    expect(lines.find((l) => l !== atOriginal)?.foreignMinor).toBe(2_000);
    expect((await remainder(orderId))?.usedMinor).toBe(bought.foreignMinor);
    const refused = await staff("/api/admin/counter/trades", {
      branch: "brighton",
      idempotencyKey: randomUUID(),
      currency: "EUR",
      way: "Sell",
      foreignMinor: 5_000,
      firstName: "Walk",
      lastName: "Back",
      paymentMethod: "cash",
      guaranteedOrderNumber: "00000000",
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.fields).toEqual({ guaranteedOrderNumber: "Order 00000000 has no buy-back guarantee." });
  });

  it("sells the guarantee with Click & Collect only", async () => {
    const sale = await quote({ currency: "EUR", way: "Sell", foreignMinor: 10_000 });
    const refused = await place("Sell", [sale], { buybackGuarantee: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe("The buy-back guarantee is sold with Click & Collect orders only.");
  });

  it("ends the guarantee of a reversed order: its notes came back", async () => {
    const { orderId } = await guaranteedAndCollected();
    const paid = await staff(`/api/admin/orders/${orderId}/complete`, {
      ...collectHandover,
      payment: { method: "card", amountMinor: 25_499 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await remainder(orderId))!.until.getTime()).toBeGreaterThan(Date.now());
    const asked = await staff(`/api/admin/orders/${orderId}/reversal`, { reason: "Handed over the wrong currency" });
    expect(asked.statusCode, asked.body).toBe(201);
    const manager = await signUpAndSignIn(env.t.app, { role: "manager", branches: ["worthing"], staffVerified: true });
    const approved = await inject("POST", `/api/admin/reversals/${asked.json().id}/approve`, {}, manager.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await remainder(orderId))!.until.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await guaranteeView(db(), orderId, new Date(), "Europe/London"))?.text).toMatch(/ended/);
  });

  it("puts the guarantees sold, their fees and the buy-backs in the branch's day report", async () => {
    const report = async () =>
      (await inject("GET", "/api/admin/reports/day?branch=worthing", undefined, env.staff.headers)).json().guarantees;
    const before = await report();
    const euros = (g: { boughtBack: { currency: string; foreignMinor: number; gbpMinor: number }[] }) =>
      g.boughtBack.find((c) => c.currency === "EUR") ?? { foreignMinor: 0, gbpMinor: 0 };
    const { orderId, token } = await guaranteedAndCollected();
    const paid = await staff(`/api/admin/orders/${orderId}/complete`, {
      ...collectHandover,
      payment: { method: "card", amountMinor: 25_499 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const part = await quote({ currency: "EUR", way: "Sell", foreignMinor: 10_000, buybackToken: token });
    const sold = await place("Sell", [part]);
    const saleId = env.t.app.orderLinks.orderIdOf(sold.json().accessToken)!;
    expect((await staff(`/api/admin/orders/${saleId}/accept`)).statusCode).toBe(200);
    const bought = await staff(
      `/api/admin/orders/${saleId}/complete`,
      saleHandover([{ currency: "EUR", notes: [{ valueMinor: 5000, count: 2 }] }]),
    );
    expect(bought.statusCode, bought.body).toBe(200);
    const after = await report();
    expect(after.sold - before.sold).toBe(1);
    expect(after.feesMinor - before.feesMinor).toBe(499);
    expect(after.buybacks - before.buybacks).toBe(1);
    expect(euros(after).foreignMinor - euros(before).foreignMinor).toBe(10_000);
    expect(euros(after).gbpMinor - euros(before).gbpMinor).toBe(part.gbpMinor);
  });
});
