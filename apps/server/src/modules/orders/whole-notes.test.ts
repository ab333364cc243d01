import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import fc from "fast-check";
import { displayDates } from "@bureau/domain/dates";
import { describe, expect, it } from "vitest";
import type { OrderReceipt, Quote } from "@bureau/domain/contracts/orders";
import { currencyExponent } from "@bureau/domain/money";
import { defaultSmallestNoteMinor, smallestNoteCurrencies } from "@bureau/domain/whole-notes";
import { seedCurrencies } from "../../db/seed-data/currencies.ts";
import { auditLog, orderLines, orderNotes, orders, quotes } from "../../db/schema.ts";
import { nextClientAddress } from "../../test/auth-helpers.ts";
import { collectHandover } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { renderMail } from "../../jobs/render-mail.ts";

const customer = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  confirmEmail: "grace@example.com",
  phone: "07700 900456",
  acceptedTerms: true,
};

/** Independent oracle: pence worth of `foreign` at a 4-dp rate, rounded up. */
function valueUp(foreign: number, rate: string, currency: string): number {
  const num = BigInt(foreign) * 10n ** 6n;
  const den = BigInt(rate.replace(".", "")) * 10n ** BigInt(currencyExponent(currency));
  return Number((num + den - 1n) / den);
}

describe("whole notes", () => {
  const env = appWithStaff();

  const postQuote = (body: Record<string, unknown>) =>
    env.t.app.inject({ method: "POST", url: "/api/quotes", payload: body, remoteAddress: nextClientAddress() });
  async function quote(body: Record<string, unknown>): Promise<Quote> {
    const response = await postQuote(body);
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const place = (branch: string, lines: Quote[]) =>
    env.t.app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: nextClientAddress(),
      payload: {
        idempotencyKey: randomUUID(),
        way: lines[0]!.way,
        lines: lines.map((q) => ({ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor })),
        branch,
        customer,
      },
    });
  async function track(branch: string, currency: string, counts: Record<number, number>) {
    const response = await env.t.app.inject({
      method: "PUT",
      url: `/api/admin/stock/${branch}/${currency}`,
      headers: env.staff.headers,
      payload: {
        tracked: true,
        counts: Object.entries(counts).map(([value, n]) => ({ valueMinor: Number(value), count: n })),
        reason: "Counted at opening",
      },
    });
    expect(response.statusCode).toBe(200);
  }
  async function linesOf(orderNumber: string) {
    const [order] = await env.t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const lines = await env.t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const notes = await env.t.db.select().from(orderNotes).where(eq(orderNotes.orderId, order!.id));
    return { lines, notes };
  }
  const availability = async (need: string) =>
    (await env.t.app.inject({ method: "GET", url: `/api/stock/availability?need=${need}` })).json().branches;

  it("every seeded currency has its smallest note in the domain's table, and the list says it", async () => {
    for (const { code } of seedCurrencies) expect(smallestNoteCurrencies()).toContain(code);
    const list = (await env.t.app.inject({ method: "GET", url: "/api/currencies" })).json();
    for (const currency of list.currencies) {
      expect(currency.smallestNoteMinor).toBe(defaultSmallestNoteMinor(currency.code));
    }
  });

  it("quotes £300 of euros as €335 in notes + £1.74 back, and £200 of dollars as $256 + £0.32", async () => {
    // The seed's collect rates: EUR 1.1232 (€336.96 for £300), USD 1.2821 ($256.42 for £200).
    expect(await quote({ currency: "EUR", way: "Order", gbpMinor: 300_00 })).toMatchObject({
      rate: "1.1232",
      gbpMinor: 300_00,
      foreignMinor: 335_00,
      sterlingBackMinor: 1_74,
    });
    expect(await quote({ currency: "USD", way: "Order", gbpMinor: 200_00 })).toMatchObject({
      rate: "1.2821",
      gbpMinor: 200_00,
      foreignMinor: 256_00,
      sterlingBackMinor: 32,
    });
    const q = await quote({ currency: "EUR", way: "Order", gbpMinor: 300_00 });
    const [stored] = await env.t.db.select().from(quotes).where(eq(quotes.id, q.id));
    expect(stored).toMatchObject({ foreignMinor: 335_00, sterlingBackMinor: 1_74 });
  });

  it("hands over a £100 order's €110 in notes with £2.06 back, on the receipt and the stored line", async () => {
    const q = await quote({ currency: "EUR", way: "Order", gbpMinor: 100_00 });
    const placed = await place("worthing", [q]);
    expect(placed.statusCode).toBe(201);
    const receipt = placed.json() as OrderReceipt;
    expect(receipt.totalGbpMinor).toBe(100_00);
    expect(receipt.lines[0]).toMatchObject({ gbpMinor: 100_00, foreignMinor: 110_00, sterlingBackMinor: 2_06 });
    const { lines } = await linesOf(receipt.orderNumber);
    expect(lines[0]).toMatchObject({ gbpMinor: 100_00, foreignMinor: 110_00, sterlingBackMinor: 2_06 });
  });

  it("the e-mail, the tracking page, the staff order page, the CSV and the day report carry the same split", async () => {
    const q = await quote({ currency: "EUR", way: "Order", gbpMinor: 100_00 });
    const placed = await place("172", [q]);
    expect(placed.statusCode).toBe(201);
    const receipt = placed.json() as OrderReceipt;
    const [order] = await env.t.db.select().from(orders).where(eq(orders.orderNumber, receipt.orderNumber));
    const mail = await renderMail(
      env.t.db,
      "order-received",
      { orderId: order!.id },
      {
        publicUrl: "https://fx.example",
        orderLinks: env.t.app.orderLinks,
        alertLinks: env.t.app.alertLinks,
        dates: displayDates(env.t.app.config.displayTimeZone),
        orderExpiry: env.t.app.config.orderExpiry,
      },
    );
    expect(mail?.text).toContain("£100.00 → €110 in notes + £2.06 back in sterling at 1.1232");
    expect(mail?.html).toContain("€110 in notes + £2.06 back in sterling");

    const tracked = await env.t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      remoteAddress: nextClientAddress(),
      payload: { orderNumber: receipt.orderNumber, email: customer.email },
    });
    expect(tracked.json().lines[0]).toMatchObject({ foreignMinor: 110_00, sterlingBackMinor: 2_06 });

    const details = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/orders/${order!.id}`,
      headers: env.staff.headers,
    });
    expect(details.json().lines[0]).toMatchObject({ foreignMinor: 110_00, sterlingBackMinor: 2_06 });

    const csv = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/orders.csv?branch=172",
      headers: env.staff.headers,
    });
    const [header, ...records] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const columns = header!.split(",");
    const record = records.find((r) => r.startsWith(receipt.orderNumber))!.split(",");
    expect(record[columns.indexOf("Foreign Amount")]).toBe("110.00");
    expect(record[columns.indexOf("Line GBP")]).toBe("100.00");
    expect(record[columns.indexOf("Sterling Back")]).toBe("2.06");

    for (const transition of ["accept", "complete"]) {
      const done = await env.t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${order!.id}/${transition}`,
        headers: env.staff.headers,
        ...(transition === "complete" ? { payload: collectHandover } : {}),
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    const report = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/reports/day?branch=172",
      headers: env.staff.headers,
    });
    expect(report.json().sterling).toMatchObject({ inMinor: 100_00, backMinor: 2_06 });
    expect(report.json().currencies.find((c: { currency: string }) => c.currency === "EUR")).toMatchObject({
      outMinor: 110_00,
    });
  });

  it("refuses a quote whose notes and sterling back do not add up (a stored quote altered)", async () => {
    const q = await quote({ currency: "EUR", way: "Order", gbpMinor: 100_00 });
    await env.t.db.update(quotes).set({ sterlingBackMinor: 0 }).where(eq(quotes.id, q.id));
    const refused = await place("worthing", [q]);
    expect(refused.statusCode).toBe(422);
  });

  it("takes Click & Sell amounts in whole notes only, naming the nearest valid amounts", async () => {
    expect(await quote({ currency: "EUR", way: "Sell", foreignMinor: 105_00 })).toMatchObject({
      foreignMinor: 105_00,
      sterlingBackMinor: 0,
    });
    const refused = await postQuote({ currency: "EUR", way: "Sell", foreignMinor: 102_00 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      "We buy EUR in whole notes, so the amount must be a multiple of €5: try €100 or €105.",
    );
    const yen = await postQuote({ currency: "JPY", way: "Sell", foreignMinor: 12_345 });
    expect(yen.statusCode).toBe(422);
    expect(yen.json().error.message).toBe(
      "We buy JPY in whole notes, so the amount must be a multiple of JP¥1,000: try JP¥12,000 or JP¥13,000.",
    );
    expect(await env.t.db.select().from(quotes).where(eq(quotes.foreignMinor, 102_00))).toEqual([]);
    // Asked for in sterling, a sale is priced at the whole notes covering it: £100 at 1.1866 is €118.66, so €120.
    expect(await quote({ currency: "EUR", way: "Sell", gbpMinor: 100_00 })).toMatchObject({
      foreignMinor: 120_00,
      gbpMinor: 101_12,
    });
  });

  it("pays €160 of €168.48 from a branch holding €200 in €50 and €20 notes, reserving them, the rest in sterling", async () => {
    await track("brighton", "EUR", { 5000: 2, 2000: 5 });
    // £150 at 1.1232 is €168.48: €165 in unlimited notes, €160 from these.
    const [brighton] = (await availability("EUR:15000:1.1232")).filter((b: { key: string }) => b.key === "brighton");
    expect(brighton).toEqual({
      key: "brighton",
      availability: "available",
      largest: null,
      lines: [{ currency: "EUR", foreignMinor: 160_00, sterlingBackMinor: 7_54 }],
    });
    const q = await quote({ currency: "EUR", way: "Order", gbpMinor: 150_00 });
    expect(q).toMatchObject({ foreignMinor: 165_00, sterlingBackMinor: 3_09 });
    const placed = await place("brighton", [q]);
    expect(placed.statusCode).toBe(201);
    const receipt = placed.json() as OrderReceipt;
    expect(receipt.lines[0]).toMatchObject({ foreignMinor: 160_00, sterlingBackMinor: 7_54 });
    const { lines, notes } = await linesOf(receipt.orderNumber);
    expect(lines[0]).toMatchObject({ foreignMinor: 160_00, sterlingBackMinor: 7_54 });
    expect(notes.map((n) => [n.denominationMinor, n.count]).sort()).toEqual([
      [2000, 3],
      [5000, 2],
    ]);
  });

  it("is 'Not enough stock' where the stock gives back more than a tenth, with the largest amount it can supply", async () => {
    await track("chichester", "EUR", { 5000: 2 });
    const [chichester] = (await availability("EUR:15000:1.1232")).filter(
      (b: { key: string }) => b.key === "chichester",
    );
    expect(chichester).toEqual({
      key: "chichester",
      availability: "short",
      largest: { currency: "EUR", foreignMinor: 100_00 },
      lines: null,
    });
    const refused = await place("chichester", [await quote({ currency: "EUR", way: "Order", gbpMinor: 150_00 })]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Chichester does not have enough EUR notes for this order: the most it can supply is €100. Please choose another collection point or a smaller amount.",
    );
    // £110 buys €123.55: the €100 it has gives back £20.96 of £110, more than a tenth.
    expect(
      (await place("chichester", [await quote({ currency: "EUR", way: "Order", gbpMinor: 110_00 })])).statusCode,
    ).toBe(409);
  });

  it("property: for any currency and amount, each stored line's notes at its rate + sterling back = the sterling paid", async () => {
    const codes = ["EUR", "USD", "JPY", "THB", "KWD", "HUF", "CHF", "VND", "ISK"];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...codes), fc.integer({ min: 10, max: 250 }), async (currency, tens) => {
        const q = await quote({ currency, way: "Order", gbpMinor: tens * 10_00 });
        const placed = await place("worthing", [q]);
        expect(placed.statusCode).toBe(201);
        const line = (placed.json() as OrderReceipt).lines[0]!;
        const smallest = defaultSmallestNoteMinor(currency);
        expect(line.foreignMinor % smallest).toBe(0);
        expect(line.foreignMinor).toBeGreaterThan(0);
        expect(valueUp(line.foreignMinor, line.rate, currency) + line.sterlingBackMinor).toBe(line.gbpMinor);
        expect(line).toMatchObject({ foreignMinor: q.foreignMinor, sterlingBackMinor: q.sterlingBackMinor });
      }),
      { numRuns: 15 },
    );
  });
});

describe("the smallest note on the currency's Update page", () => {
  const env = appWithStaff();
  const update = (code: string, body: Record<string, unknown>) =>
    env.t.app.inject({
      method: "PUT",
      url: `/api/admin/currencies/${code}`,
      headers: env.staff.headers,
      payload: body,
    });

  it("staff change it, audited; quotes follow it at once; a note the currency does not issue is refused", async () => {
    const current = (
      await env.t.app.inject({ method: "GET", url: "/api/admin/currencies/EUR", headers: env.staff.headers })
    ).json();
    expect(current.smallestNoteMinor).toBe(500);
    const margins = { label: current.label, sell: current.sell, buy: current.buy };

    const refused = await update("EUR", { ...margins, smallestNote: "7" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      "The smallest note must be one of the EUR notes: €5, €10, €20, €50, €100, €200",
    );

    const changed = await update("EUR", { ...margins, smallestNote: "20" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().smallestNoteMinor).toBe(20_00);
    const [audit] = await env.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "currency.update"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      entityId: "EUR",
      before: expect.objectContaining({ smallestNoteMinor: 500 }),
      after: expect.objectContaining({ smallestNoteMinor: 20_00 }),
    });
    const list = (await env.t.app.inject({ method: "GET", url: "/api/currencies" })).json();
    expect(list.currencies.find((c: { code: string }) => c.code === "EUR").smallestNoteMinor).toBe(20_00);

    // £300 buys €336.96: €330 in €20-and-up notes now (200 + 50 + 4 × 20); selling €105 is no longer whole notes.
    const quote = await env.t.app.inject({
      method: "POST",
      url: "/api/quotes",
      remoteAddress: nextClientAddress(),
      payload: { currency: "EUR", way: "Order", gbpMinor: 300_00 },
    });
    expect(quote.json()).toMatchObject({ foreignMinor: 330_00 });
    const sale = await env.t.app.inject({
      method: "POST",
      url: "/api/quotes",
      remoteAddress: nextClientAddress(),
      payload: { currency: "EUR", way: "Sell", foreignMinor: 105_00 },
    });
    expect(sale.statusCode).toBe(422);
    expect(sale.json().error.message).toBe(
      "We buy EUR in whole notes, so the amount must be a multiple of €20: try €100 or €120.",
    );
  });
});

describe("ORDER_MAX_STERLING_BACK_PERCENT", () => {
  const env = appWithStaff({ env: { ORDER_MAX_STERLING_BACK_PERCENT: "50" } });

  it("lets a branch's stock give back up to the configured share of the order", async () => {
    const put = await env.t.app.inject({
      method: "PUT",
      url: "/api/admin/stock/chichester/EUR",
      headers: env.staff.headers,
      payload: { tracked: true, counts: [{ valueMinor: 5000, count: 2 }], reason: "Counted at opening" },
    });
    expect(put.statusCode).toBe(200);
    const quoted = await env.t.app.inject({
      method: "POST",
      url: "/api/quotes",
      remoteAddress: nextClientAddress(),
      payload: { currency: "EUR", way: "Order", gbpMinor: 150_00 },
    });
    const q = quoted.json() as Quote;
    // €100 of €168.48 gives back £60.96 of £150: 41%, within 50%.
    const placed = await env.t.app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: nextClientAddress(),
      payload: {
        idempotencyKey: randomUUID(),
        way: "Order",
        lines: [{ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor }],
        branch: "chichester",
        customer,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as OrderReceipt).lines[0]).toMatchObject({ foreignMinor: 100_00, sterlingBackMinor: 60_96 });
  });
});
