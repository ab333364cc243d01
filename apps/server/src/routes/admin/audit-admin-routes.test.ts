import { describe, expect, it } from "vitest";
import { type AuditLogPage, auditActionsSchema, auditLogPageSchema } from "@bureau/domain/contracts/audit";
import { auditLog } from "../../db/schema.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { parseCsv } from "../../test/csv-parse.ts";

describe("the audit log viewer's API", () => {
  const started = appWithStaff();
  const get = async (query: Record<string, string>) => {
    const response = await started.t.app.inject({
      method: "GET",
      url: `/api/admin/audit-log?${new URLSearchParams(query)}`,
      headers: started.staff.headers,
    });
    return response;
  };
  const page = async (query: Record<string, string>): Promise<AuditLogPage> => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return auditLogPageSchema.parse(response.json());
  };

  // A controlled clock: entries written at known instants, by people of their own.
  const clerk = "Clerk.One@harbour.test";
  const other = "other@harbour.test";
  let orderId = "";
  let orderNumber = "";

  it("lists entries newest first with who, what, when and the order they are about", async () => {
    const { db } = started.t;
    const order = await createOrder(db, { firstName: "Ada", lastName: "Lovelace" });
    orderId = order.id;
    orderNumber = order.orderNumber;
    await db.insert(auditLog).values([
      // London is on GMT in winter: 23:30 UTC on 28 February is still the 28th there.
      {
        actorEmail: clerk,
        actorId: "u1",
        action: "order.accept",
        entityType: "order",
        entityId: orderId,
        before: { status: "pending" },
        after: { status: "accepted" },
        createdAt: new Date("2026-02-28T23:30:00Z"),
      },
      // ...and on BST in summer: 23:30 UTC on 30 June is 00:30 on 1 July in London.
      {
        actorEmail: clerk,
        actorId: "u1",
        action: "currency.update",
        entityType: "currency",
        entityId: "EUR",
        before: { sell: "-2.5", label: "Euro" },
        after: { sell: "-3", label: "Euro" },
        createdAt: new Date("2026-06-30T23:30:00Z"),
      },
      {
        actorEmail: other,
        actorId: "u2",
        action: "order.complete",
        entityType: "order",
        entityId: orderId,
        before: { status: "accepted" },
        after: { status: "completed" },
        createdAt: new Date("2026-07-02T09:00:00Z"),
      },
    ]);
    const { entries } = await page({});
    const mine = entries.filter((e) => e.actorEmail === clerk || e.actorEmail === other);
    expect(mine.map((e) => e.action)).toEqual(["order.complete", "currency.update", "order.accept"]);
    expect(mine[0]).toMatchObject({
      at: "2026-07-02T09:00:00.000Z",
      entityType: "order",
      entityId: orderId,
      order: { id: orderId, orderNumber },
      before: { status: "accepted" },
      after: { status: "completed" },
    });
    expect(mine[1]!.order).toBeNull();
    const listed = await started.t.app.inject({
      method: "GET",
      url: "/api/admin/audit-log/actions",
      headers: started.staff.headers,
    });
    const { actions } = auditActionsSchema.parse(listed.json());
    expect(actions).toEqual(expect.arrayContaining(["currency.update", "order.accept", "order.complete"]));
    expect(actions).toEqual([...new Set(actions)].sort());
  });

  it("filters by who (any letter case), by what and by order number", async () => {
    const byWho = await page({ who: "clerk.one@HARBOUR.test" });
    expect(byWho.entries.map((e) => e.action)).toEqual(["currency.update", "order.accept"]);
    const byWhat = await page({ action: "order.complete" });
    expect(byWhat.entries.map((e) => e.actorEmail)).toEqual([other]);
    const byOrder = await page({ order: orderNumber });
    expect(byOrder.entries.map((e) => e.action)).toEqual(["order.complete", "order.accept"]);
    const both = await page({ order: orderNumber, who: clerk });
    expect(both.entries.map((e) => e.action)).toEqual(["order.accept"]);
    const noSuchOrder = await page({ order: orderNumber === "99999999" ? "88888888" : "99999999" });
    expect(noSuchOrder.entries).toEqual([]);
  });

  it("filters by calendar days in London, both days included, across the clock change", async () => {
    const feb28 = await page({ who: clerk, from: "2026-02-28", to: "2026-02-28" });
    expect(feb28.entries.map((e) => e.action)).toEqual(["order.accept"]);
    // 23:30 UTC on 30 June is 1 July in London: not the 30th.
    expect((await page({ who: clerk, from: "2026-06-30", to: "2026-06-30" })).entries).toEqual([]);
    expect((await page({ who: clerk, from: "2026-07-01", to: "2026-07-01" })).entries.map((e) => e.action)).toEqual([
      "currency.update",
    ]);
    expect((await page({ who: clerk, from: "2026-03-01" })).entries.map((e) => e.action)).toEqual(["currency.update"]);
    expect((await page({ who: clerk, to: "2026-06-30" })).entries.map((e) => e.action)).toEqual(["order.accept"]);
    // Empty fields of a GET form mean "any".
    expect((await page({ who: clerk, from: "", to: "", action: "", order: "" })).entries).toHaveLength(2);
  });

  it("pages with the keyset cursor without losing or repeating an entry", async () => {
    const { db } = started.t;
    const pager = "pager@harbour.test";
    const at = new Date("2026-05-05T12:00:00Z");
    // Seven entries in one instant (one transaction writes several): the order of writing tells them apart.
    await db.insert(auditLog).values(
      Array.from({ length: 7 }, (_, i) => ({
        actorEmail: pager,
        action: "stock.update",
        entityType: "stock",
        entityId: `brighton/EUR#${i}`,
        after: { n: i },
        createdAt: at,
      })),
    );
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const next: AuditLogPage = await page({ who: pager, limit: "3", ...(after ? { after } : {}) });
      seen.push(...next.entries.map((e) => e.entityId));
      after = next.nextCursor;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `brighton/EUR#${i}`));
  });

  it.each([
    [{ order: "1234" }, "order", "An Order Number is 8 digits"],
    [{ from: "2026-13-01" }, "from", "Enter a date as YYYY-MM-DD"],
    [{ from: "2026-07-02", to: "2026-07-01" }, "to", "The end date must not be before the start date"],
    [{ action: "DROP TABLE" }, "action", "Choose an action from the list"],
    // PostgreSQL refuses a NUL in text: refused here, before the export's answer has begun.
    [{ who: "abc\u0000def" }, "who", "An e-mail address has no control characters"],
    [{ after: "not-a-cursor" }, "after", "Not a valid cursor"],
    [{ limit: "500" }, "limit", ""],
    [{ colour: "red" }, "", ""],
  ])("refuses the bad filter %j with a clear 400", async (query, field, message) => {
    const response = await get(query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: { message: string; fields?: Record<string, string> } };
    if (field && message) expect(body.error.fields?.[field] ?? body.error.message).toContain(message);
    const csv = await started.t.app.inject({
      method: "GET",
      url: `/api/admin/audit-log.csv?${new URLSearchParams(query as Record<string, string>)}`,
      headers: started.staff.headers,
    });
    // The export takes the same filters (no paging), refused alike.
    if (!("after" in query) && !("limit" in query)) expect(csv.statusCode).toBe(400);
  });

  it("exports the filtered log as CSV: UTF-8 with BOM, CRLF, London times, formulas defused", async () => {
    const { db } = started.t;
    const sneaky = "=cmd@harbour.test";
    await db.insert(auditLog).values({
      actorEmail: sneaky,
      action: "order.hold_clear",
      entityType: "order",
      entityId: orderId,
      before: { onHold: true, reason: "Linked total over €15,000" },
      after: { onHold: false, reason: '=HYPERLINK("http://evil.test","click")\nsecond line' },
      requestId: "req-1",
      createdAt: new Date("2026-07-01T08:05:00Z"),
    });
    const response = await started.t.app.inject({
      method: "GET",
      url: `/api/admin/audit-log.csv?${new URLSearchParams({ order: orderNumber })}`,
      headers: started.staff.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    const text = response.body;
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      "When (Europe/London)",
      "When (UTC)",
      "Who",
      "What",
      "Subject",
      "Subject id",
      "Order Number",
      "Changed fields",
      "Before",
      "After",
      "Request id",
    ]);
    // Newest first is the order of writing: the entry written last comes first, whatever its time says.
    expect(rows.slice(1).map((r) => r[3])).toEqual(["order.hold_clear", "order.complete", "order.accept"]);
    const cleared = rows[1]!;
    expect(cleared).toEqual([
      "2026-07-01 09:05",
      "2026-07-01T08:05:00.000Z",
      `'${sneaky}`,
      "order.hold_clear",
      "order",
      orderId,
      orderNumber,
      "onHold reason",
      JSON.stringify({ onHold: true, reason: "Linked total over €15,000" }),
      JSON.stringify({ onHold: false, reason: '=HYPERLINK("http://evil.test","click")\nsecond line' }),
      "req-1",
    ]);
    // Winter time: 23:30 UTC is 23:30 in London.
    expect(rows[3]![0]).toBe("2026-02-28 23:30");
  });

  it("exports a log larger than one batch in full, newest first", async () => {
    const { db } = started.t;
    const bulk = "bulk@harbour.test";
    const total = 2345;
    for (let start = 0; start < total; start += 500) {
      await db.insert(auditLog).values(
        Array.from({ length: Math.min(500, total - start) }, (_, i) => ({
          actorEmail: bulk,
          action: "rates.move_held",
          entityType: "currency",
          entityId: String(start + i),
          createdAt: new Date(Date.UTC(2026, 0, 1) + (start + i) * 1000),
        })),
      );
    }
    const response = await started.t.app.inject({
      method: "GET",
      url: `/api/admin/audit-log.csv?who=${bulk}`,
      headers: started.staff.headers,
    });
    const rows = parseCsv(response.body.slice(1)).slice(1);
    expect(rows).toHaveLength(total);
    expect(rows[0]![5]).toBe(String(total - 1));
    expect(rows.at(-1)![5]).toBe("0");
    expect(new Set(rows.map((r) => r[5])).size).toBe(total);
  });

  it("is for staff only: anonymous 401, a signed-in customer and an admin without the Secure Box 403", async () => {
    const { app } = started.t;
    const customer = await signUpAndSignIn(app);
    const unboxed = await signUpAndSignIn(app, { role: "admin" });
    for (const url of ["/api/admin/audit-log", "/api/admin/audit-log.csv", "/api/admin/audit-log/actions"]) {
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
      const asCustomer = await app.inject({ method: "GET", url, headers: customer.headers });
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.body).not.toContain(clerk);
      expect((await app.inject({ method: "GET", url, headers: unboxed.headers })).statusCode).toBe(403);
    }
  });
});
