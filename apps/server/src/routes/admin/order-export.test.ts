import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { parseCsv } from "../../test/csv-parse.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { exportOrdersCsv, ORDER_CSV_HEADER } from "../../modules/orders/index.ts";

const BOM = "\uFEFF";
const column = (name: (typeof ORDER_CSV_HEADER)[number]) => ORDER_CSV_HEADER.indexOf(name);

/**
 * Inserts `count` completed one-line EUR orders at Worthing, one second apart, in one statement, with the
 * statistics triggers held back (as the dashboard benchmark loads orders): the export does not read them.
 */
async function insertBulkOrders(db: Parameters<typeof createOrder>[0], count: number) {
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`
    with q as (
      insert into quotes (currency_code, way, rate, market_rate, margin, gbp_minor, foreign_minor, expires_at)
      select 'EUR', 'Order', '1.1232', '1.152', '-2.5', 10000, 11232, now() from generate_series(1, ${count}) g
      returning id
    ), qn as (select id, row_number() over () as n from q),
    o as (
      insert into orders (order_number, way, status, first_name, last_name, email, phone, branch_key,
        total_gbp_minor, idempotency_key, created_at)
      select (90000000 + g)::text, 'Order', 'completed', 'Bulk', 'Customer ' || g, 'bulk' || g || '@example.com',
        '07700 900000', 'worthing', 10000, 'bulk-' || g, timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second'
      from generate_series(1, ${count}) g
      returning id, order_number
    ), onum as (select id, row_number() over (order by order_number) as n from o)
    insert into order_lines (order_id, position, quote_id, currency_code, rate, market_rate, gbp_minor, foreign_minor)
    select onum.id, 1, qn.id, 'EUR', '1.1232', '1.152', 10000, 11232 from onum join qn using (n)`);
  await db.execute(sql`set session_replication_role = origin`);
}

describe("order export (CSV)", () => {
  const env = appWithStaff();
  const exportCsv = (query = "", headers: Record<string, string> = env.staff.headers) =>
    env.t.app.inject({ method: "GET", url: `/api/admin/orders.csv${query}`, headers });
  const orderNumbersOf = (body: string) =>
    parseCsv(body.slice(1))
      .slice(1)
      .map((record) => record[column("Order Number")]);

  it("refuses visitors who are not staff, and staff get a spreadsheet-ready download", async () => {
    expect((await exportCsv("", { origin: env.t.app.config.publicUrl })).statusCode).toBe(401);
    const customer = await signUpAndSignIn(env.t.app);
    expect((await exportCsv("", customer.headers)).statusCode).toBe(403);
    const admin = await signUpAndSignIn(env.t.app, { role: "admin" });
    expect((await exportCsv("", admin.headers)).statusCode).toBe(403);

    await createOrder(env.t.db, { orderNumber: "10000001", status: "pending" });
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body.startsWith(`${BOM}Order Number,Placed,Status,Way,`)).toBe(true);
    // Every record ends with CRLF and no bare LF separates records.
    expect(response.body.endsWith("\r\n")).toBe(true);
    expect(response.body.replaceAll("\r\n", "").includes("\n")).toBe(false);
  });

  it("writes names as text: quotes, commas and line breaks kept, formulas never run", async () => {
    await createOrder(env.t.db, {
      orderNumber: "10000002",
      firstName: '=HYPERLINK("http://evil.example","Click")',
      lastName: 'O"Brien, Jr.\nSecond line',
      phone: "+44 7700 900123",
      email: "@evil.example",
      branchKey: "brighton",
      createdAt: new Date("2026-03-02T10:00:00Z"),
    });
    const response = await exportCsv("?branch=brighton&from=2026-03-02&to=2026-03-02");
    const [header, record] = parseCsv(response.body.slice(1));
    expect(header).toEqual([...ORDER_CSV_HEADER]);
    expect(record![column("First Name")]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(record![column("Last Name")]).toBe('O"Brien, Jr.\nSecond line');
    expect(record![column("Phone")]).toBe("'+44 7700 900123");
    expect(record![column("Email")]).toBe("'@evil.example");
    // Amounts are plain decimals, the date the bureau's (London) time, the way and status in words.
    expect(record![column("Order Total GBP")]).toBe("250.00");
    expect(record![column("Line GBP")]).toBe("250.00");
    expect(record![column("Foreign Amount")]).toBe("280.80");
    expect(record![column("Currency")]).toBe("EUR");
    expect(record![column("Rate")]).toBe("1.1232");
    expect(record![column("Placed")]).toBe("2026-03-02 10:00:00");
    expect(record![column("Way")]).toBe("Collect");
    expect(record![column("Status")]).toBe("Pending");
    expect(record![column("Branch")]).toBe("Brighton");
  });

  it("narrows by status, branch, way and the London days placed, both days included", async () => {
    const at = (iso: string) => new Date(iso);
    // 23:30 UTC on June 30th is 00:30 on July 1st in London (summer time).
    await createOrder(env.t.db, {
      orderNumber: "20000001",
      branchKey: "chichester",
      createdAt: at("2026-06-30T23:30:00Z"),
    });
    await createOrder(env.t.db, {
      orderNumber: "20000002",
      branchKey: "chichester",
      createdAt: at("2026-06-30T22:30:00Z"),
    });
    await createOrder(env.t.db, {
      orderNumber: "20000003",
      branchKey: "chichester",
      way: "Sell",
      status: "completed",
      createdAt: at("2026-07-02T12:00:00Z"),
      completedAt: at("2026-07-02T15:00:00Z"),
    });
    await createOrder(env.t.db, {
      orderNumber: "20000004",
      branchKey: "chichester",
      status: "cancelled",
      createdAt: at("2026-07-03T22:59:00Z"),
    });
    await createOrder(env.t.db, {
      orderNumber: "20000005",
      branchKey: "chichester",
      createdAt: at("2026-07-03T23:00:00Z"),
    });
    await createOrder(env.t.db, {
      orderNumber: "20000006",
      branchKey: "worthing",
      createdAt: at("2026-07-02T12:00:00Z"),
    });

    const july1to3 = "?branch=chichester&from=2026-07-01&to=2026-07-03";
    // Every status, newest first.
    expect(orderNumbersOf((await exportCsv(july1to3)).body)).toEqual(["20000004", "20000003", "20000001"]);
    expect(orderNumbersOf((await exportCsv(`${july1to3}&status=cancelled`)).body)).toEqual(["20000004"]);
    expect(orderNumbersOf((await exportCsv(`${july1to3}&way=Sell`)).body)).toEqual(["20000003"]);
    expect(orderNumbersOf((await exportCsv("?from=2026-07-02&to=2026-07-02")).body).sort()).toEqual([
      "20000003",
      "20000006",
    ]);
    const [, sell] = parseCsv((await exportCsv(`${july1to3}&way=Sell`)).body.slice(1));
    expect(sell![column("Way")]).toBe("Sell");
    expect(sell![column("Completed")]).toBe("2026-07-02 16:00:00");
    // The list shows the same orders as the export of the same filters.
    const list = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/orders?status=pending&branch=chichester&from=2026-07-01&to=2026-07-03`,
      headers: env.staff.headers,
    });
    expect(list.json().orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(["20000001"]);
  });

  it("answers bad filters with a clear 400", async () => {
    const backwards = await exportCsv("?from=2026-07-03&to=2026-07-01");
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain("The first day must not be after the last day");
    expect((await exportCsv("?from=2026-02-30")).statusCode).toBe(400);
    expect((await exportCsv("?branch=paris")).statusCode).toBe(400);
    expect((await exportCsv("?status=lost")).statusCode).toBe(400);
    expect((await exportCsv("?way=Buy")).statusCode).toBe(400);
  });
});

describe("order export of many orders", () => {
  const env = appWithStaff();
  const COUNT = 20_000;

  it("streams 20,000 orders in batches, reading the next batch only as the reader takes them, each order once", {
    timeout: 120_000,
  }, async () => {
    await insertBulkOrders(env.t.db, COUNT);
    const execute = vi.spyOn(env.t.db, "execute");
    const stream = exportOrdersCsv({
      db: env.t.db,
      filters: {},
      timeZone: env.t.config.displayTimeZone,
      batchOrders: 1_000,
    });
    const reader = stream[Symbol.asyncIterator]();
    let text = "";
    for (let i = 0; i < 2; i++) text += String((await reader.next()).value);
    // Two chunks read: at most a batch or two read ahead of the reader.
    expect(execute.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(execute.mock.calls.length).toBeLessThanOrEqual(3);
    // Meanwhile orders of every batch change status: none is sent twice or left out.
    await env.t.db.execute(
      sql`update orders set status = 'cancelled', cancelled_at = now() where right(order_number, 3) = '000'`,
    );
    for (let next = await reader.next(); !next.done; next = await reader.next()) text += String(next.value);
    // 20 full batches, the empty one that ends them, and the update above.
    expect(execute.mock.calls.length).toBe(22);
    execute.mockRestore();

    const records = parseCsv(text.slice(1)).slice(1);
    expect(records).toHaveLength(COUNT);
    const numbers = records.map((r) => r[column("Order Number")]);
    expect(new Set(numbers).size).toBe(COUNT);
    expect(numbers[0]).toBe(String(90_000_000 + COUNT));
    expect(numbers.at(-1)).toBe("90000001");
  });

  it("sends the same through the staff route", async () => {
    const response = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/orders.csv?branch=worthing",
      headers: env.staff.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(parseCsv(response.body.slice(1))).toHaveLength(COUNT + 1);
  });
});
