import { NOT_YOUR_ROLE_MESSAGE } from "@bureau/domain/staff-permissions";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { auditLog, customerDueDiligence, orders, rateHistory } from "../../db/schema.ts";
import { type SignedIn, signUpAndSignIn, EVERY_BRANCH } from "../../test/auth-helpers.ts";
import { createOrder, uniqueCustomer } from "../../test/factories.ts";
import { placeThroughApi } from "../../test/place-through-api.ts";
import { appWithStaff } from "../../test/staff-app.ts";

const MLRO = "mlro.series@bureau.example";
const DAY = 24 * 60 * 60 * 1000;

/** A valid customer due-diligence record, as the clearing form posts it. */
const cdd = {
  idType: "passport",
  idNumberLast4: "4821",
  idExpiresOn: "2031-05-01",
  sourceOfFunds: "salary",
};

describe("a linked series crossing the €15,000 threshold, and the MLRO's customer due diligence", () => {
  const env = appWithStaff();
  let mlro: SignedIn;
  const db = () => env.t.db;
  const api = (method: "GET" | "POST", url: string, who: SignedIn, payload?: object) =>
    env.t.app.inject({ method, url, headers: who.headers, payload });

  /** Yesterday's EUR closing rate: €15,000 is £13,043.48 at 1.15, so five £2,500 orders (£12,500) stay under it. */
  async function eurRateYesterday() {
    await db()
      .insert(rateHistory)
      .values({ currencyCode: "EUR", rate: "1.15", source: "test", recordedAt: new Date(Date.now() - DAY) });
  }

  async function place(customer: { email: string; phone: string }, gbpMinor: number, name = "Sam") {
    const response = await placeThroughApi(env.t.app, {
      lines: [{ currency: "EUR", gbpMinor }],
      customer: { firstName: name, lastName: "Series", ...customer },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, response.json().orderNumber));
    return row!;
  }

  /** `count` orders of £2,500 (the most one Click & Collect order may be) by the customer: the last returned. */
  async function placeSeries(customer: { email: string; phone: string }, count: number) {
    const placed: (typeof orders.$inferSelect)[] = [];
    for (let i = 0; i < count; i++) placed.push(await place(customer, 2_500_00));
    return placed;
  }

  const rowsOf = (ids: string[]) => db().select().from(orders).where(inArray(orders.id, ids));

  it("the order that crosses holds every open order of the linked set with the same reason, each audited", async () => {
    mlro = await signUpAndSignIn(env.t.app, { email: MLRO, role: "mlro", staffVerified: true });
    await eurRateYesterday();
    const me = uniqueCustomer();
    // Five orders of £2,500 (£12,500: under the threshold), linked by e-mail or by phone.
    const earlier: (typeof orders.$inferSelect)[] = [];
    for (let i = 0; i < 5; i++) {
      const linkedBy = i % 2 === 0 ? me : { email: `other${i}.${me.email}`, phone: me.phone };
      earlier.push(await place(linkedBy, 2_500_00));
    }
    expect(earlier.every((order) => order.holdReason === null)).toBe(true);
    // One accepted (still open), one completed (closed: it counts, but is not held).
    await db().update(orders).set({ status: "accepted" }).where(eq(orders.id, earlier[1]!.id));
    await db().update(orders).set({ status: "completed" }).where(eq(orders.id, earlier[0]!.id));

    const sixth = await place(me, 2_500_00);
    expect(sixth.holdReason).toMatch(/^Linked 12-month total £15,000\.00 is €17,250\.00 at the EUR rate of /);
    const after = await rowsOf(earlier.map((order) => order.id));
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.get(earlier[0]!.id)?.holdReason).toBeNull();
    for (const order of earlier.slice(1)) {
      expect(byId.get(order.id)).toMatchObject({ holdReason: sixth.holdReason, heldAt: sixth.heldAt });
    }
    // Accept is refused on an earlier order of the series now.
    expect((await api("POST", `/api/admin/orders/${earlier[2]!.id}/accept`, env.staff)).statusCode).toBe(409);
    const holds = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "order.hold"),
          inArray(
            auditLog.entityId,
            [...earlier, sixth].map((o) => o.id),
          ),
        ),
      );
    expect(holds.map((entry) => entry.entityId).sort()).toEqual([...earlier.slice(1), sixth].map((o) => o.id).sort());
    expect(holds.every((entry) => entry.actorId === null)).toBe(true);
    expect(holds.find((entry) => entry.entityId === earlier[3]!.id)).toMatchObject({
      before: { onHold: false },
      after: { onHold: true, reason: sixth.holdReason },
    });
  });

  it("a standing hold of another reason gains the threshold's on a line of its own", async () => {
    await eurRateYesterday();
    const me = uniqueCustomer();
    const [first] = await placeSeries(me, 1);
    const sanctions = "Sanctions screening: the customer's name matches a list entry.";
    await db().update(orders).set({ holdReason: sanctions, heldAt: first!.createdAt }).where(eq(orders.id, first!.id));
    const sixth = (await placeSeries(me, 5))[4]!;
    expect(sixth.holdReason).toMatch(/^Linked 12-month total /);
    const [row] = await rowsOf([first!.id]);
    expect(row?.holdReason).toBe(`${sanctions}\n${sixth.holdReason}`);
    expect(row?.heldAt).toEqual(first!.createdAt);
  });

  it("two placements of one series at once: whichever crosses holds the other too", async () => {
    await eurRateYesterday();
    const me = uniqueCustomer();
    const earlier: (typeof orders.$inferSelect)[] = [];
    for (let i = 0; i < 5; i++) earlier.push(await place(me, 2_400_00)); // £12,000: €13,800
    // £1,000 each: the one placed first makes €14,950, the one placed second €16,100.
    const both = await Promise.all([place(me, 1_000_00, "Ann"), place(me, 1_000_00, "Bea")]);
    const rows = await rowsOf([...earlier, ...both].map((order) => order.id));
    const reasons = new Set(rows.map((row) => row.holdReason));
    expect(reasons.size).toBe(1);
    expect([...reasons][0]).toMatch(/^Linked 12-month total £14,000\.00 /);
  });

  it("clearing needs the customer due diligence and the MLRO; it covers the customer's orders for 12 months", async () => {
    await eurRateYesterday();
    const me = uniqueCustomer();
    const [first, ...rest] = await placeSeries(me, 6);
    const held = rest[4]!;
    expect(held.holdReason).not.toBeNull();
    const clear = (who: SignedIn, payload: object) =>
      api("POST", `/api/admin/orders/${held.id}/hold/clear`, who, payload);

    // Without a record (or with the old free text alone) refused, field by field, changing nothing.
    const bare = await clear(mlro, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({
      idType: "Choose the type of ID verified",
      idNumberLast4: "Enter the last 4 letters or digits of the document's number",
      idExpiresOn: "Enter the document's expiry date",
      sourceOfFunds: "Choose the source of funds",
    });
    expect((await clear(mlro, { reason: "Checked the customer at the counter" })).statusCode).toBe(400);
    const other = await clear(mlro, { ...cdd, sourceOfFunds: "other" });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ note: "Say what the source of funds is (at least 5 characters)" });
    const expired = await clear(mlro, { ...cdd, idExpiresOn: "2020-01-31" });
    expect(expired.json().error.fields.idExpiresOn).toBe(
      "This document expired on January 31st, 2020: an expired document cannot be accepted",
    );
    // A manager, whose role does not include compliance: 403, whatever the record.
    const manager = await signUpAndSignIn(env.t.app, { role: "manager", branches: EVERY_BRANCH, staffVerified: true });
    const byManager = await clear(manager, cdd);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().error.message).toBe(NOT_YOUR_ROLE_MESSAGE);
    expect(await db().select().from(customerDueDiligence).where(eq(customerDueDiligence.orderId, held.id))).toEqual([]);
    const [still] = await rowsOf([held.id]);
    expect(still?.holdClearedAt).toBeNull();

    // The order's page says who may clear.
    const asManager = (await api("GET", `/api/admin/orders/${held.id}`, manager)).json() as OrderDetails;
    expect(asManager.compliance.hold?.viewerMayClear).toBe(false);
    const asMlro = (await api("GET", `/api/admin/orders/${held.id}`, mlro)).json() as OrderDetails;
    expect(asMlro.compliance.hold?.viewerMayClear).toBe(true);

    const cleared = await clear(mlro, {
      ...cdd,
      idNumberLast4: " ab12 ",
      sourceOfFunds: "other",
      note: "Inheritance from an aunt",
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const [record] = await db().select().from(customerDueDiligence).where(eq(customerDueDiligence.orderId, held.id));
    expect(record).toMatchObject({
      emailKey: me.email.toLowerCase(),
      idType: "passport",
      idNumberLast4: "AB12",
      idExpiresOn: "2031-05-01",
      sourceOfFunds: "other",
      note: "Inheritance from an aunt",
      checkedBy: MLRO,
      checkedById: mlro.userId,
    });
    const [clearAudit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, held.id), eq(auditLog.action, "order.hold_clear")));
    expect(clearAudit).toMatchObject({
      actorEmail: MLRO,
      after: {
        onHold: false,
        dueDiligence: { recordId: record!.id, idType: "passport", sourceOfFunds: "other" },
      },
    });
    // Every admin reads the audit log: it says what kind of check was made, not the document's characters.
    expect(JSON.stringify(clearAudit)).not.toContain("AB12");
    // The other orders of the series held for the same reason are cleared by the same record.
    const [sibling] = await rowsOf([first!.id]);
    expect(sibling).toMatchObject({ holdClearedBy: MLRO });
    const details = (await api("GET", `/api/admin/orders/${first!.id}`, mlro)).json() as OrderDetails;
    expect(details.compliance.hold?.dueDiligence).toMatchObject({
      idType: "passport",
      idNumberLast4: "AB12",
      sourceOfFunds: "other",
      note: "Inheritance from an aunt",
      checkedBy: MLRO,
    });

    // Covered for 12 months: the next placement over the threshold is not held, still flagged.
    const next = await place(me, 2_500_00);
    expect(next.holdReason).toBeNull();
    expect(next.enhancedDueDiligence).toBe(true);
    // Its page says which record covered it.
    const covered = (await api("GET", `/api/admin/orders/${next.id}`, env.staff)).json() as OrderDetails;
    expect(covered.compliance.hold).toBeNull();
    expect(covered.compliance.customerDueDiligence).toMatchObject({ idNumberLast4: "AB12", checkedBy: MLRO });
  });

  it("a record older than 12 months covers nothing: a new crossing holds again", async () => {
    await eurRateYesterday();
    const me = uniqueCustomer();
    const old = await createOrder(db(), { ...me, gbpMinor: 100_00, createdAt: new Date(Date.now() - 400 * DAY) });
    await db()
      .insert(customerDueDiligence)
      .values({
        orderId: old.id,
        emailKey: me.email.toLowerCase(),
        phoneKey: null,
        ...cdd,
        idType: "passport",
        sourceOfFunds: "salary",
        checkedBy: MLRO,
        checkedAt: new Date(Date.now() - 366 * DAY),
      });
    const sixth = (await placeSeries(me, 6))[5]!;
    expect(sixth.holdReason).toMatch(/^Linked 12-month total /);
    const details = (await api("GET", `/api/admin/orders/${sixth.id}`, env.staff)).json() as OrderDetails;
    expect(details.compliance.customerDueDiligence).toBeNull();
  });
});

describe("an admin holds every permission: clears a hold with the customer due diligence", () => {
  const env = appWithStaff();

  it("an admin clears with the record; without it, refused", async () => {
    const order = await createOrder(env.t.db, { ...uniqueCustomer() });
    await env.t.db.update(orders).set({ holdReason: "Threshold", heldAt: new Date() }).where(eq(orders.id, order.id));
    const clear = (payload: object) =>
      env.t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${order.id}/hold/clear`,
        headers: env.staff.headers,
        payload,
      });
    expect((await clear({})).statusCode).toBe(400);
    const details = (
      await env.t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}`, headers: env.staff.headers })
    ).json() as OrderDetails;
    expect(details.compliance.hold?.viewerMayClear).toBe(true);
    expect((await clear(cdd)).statusCode).toBe(200);
  });
});
