import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_ALERT_CONFIRM_DAYS } from "@bureau/domain/rate-alerts";
import { ANONYMISED, DEFAULT_RETENTION } from "@bureau/domain/retention";
import { sessions, users } from "../../db/auth-schema.ts";
import {
  auditLog,
  contactMessages,
  orderHandovers,
  orderLines,
  orderRiskFlags,
  orders,
  outbox,
  quotes,
  rateAlerts,
  sanctionsLists,
  sanctionsScreenings,
  suspicionReports,
} from "../../db/schema.ts";
import { createOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { applyRetention } from "./apply-retention.ts";

const ZONE = "Europe/London";
const DAY = 24 * 60 * 60 * 1000;

describe("retention (docs/features/retention-and-data-rights.md)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = (now: Date) => applyRetention({ db: t.db, rules: DEFAULT_RETENTION, timeZone: ZONE, now });
  const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it("anonymises a closed order on the fifth anniversary of the London day it closed, not the day before", async () => {
    // Completed at 23:30 London time on 9 June 2021 (22:30 UTC, summer time): its day is 9 June.
    const completedAt = new Date("2021-06-09T22:30:00Z");
    const order = await createOrder(t.db, {
      status: "completed",
      createdAt: new Date("2021-06-01T10:00:00Z"),
      acceptedAt: new Date("2021-06-02T10:00:00Z"),
      acceptedBy: "staff@harbourfx.test",
      completedAt,
      completedBy: "staff@harbourfx.test",
      email: "Ada.Lovelace@Example.com",
      phone: "07700 900111",
      firstName: "Ada",
      lastName: "Lovelace",
      customerAddress: "1 Analytical Row, Worthing BN11 1AA",
      customerDateOfBirth: "1985-12-10",
      gbpMinor: 123_450,
    });
    const before = await orderRow(order.id);
    const linesBefore = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));

    // 8 June 2026, 23:59 London (BST): the day before the anniversary: kept.
    await run(new Date("2026-06-08T22:59:00Z"));
    expect((await orderRow(order.id)).anonymisedAt).toBeNull();
    expect((await orderRow(order.id)).email).toBe("Ada.Lovelace@Example.com");

    // 9 June 2026, 00:00 London: the anniversary: anonymised.
    const now = new Date("2026-06-08T23:00:00Z");
    const result = await run(now);
    expect(result.day).toBe("2026-06-09");
    expect(result.ordersAnonymised).toBeGreaterThanOrEqual(1);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      firstName: ANONYMISED,
      lastName: ANONYMISED,
      email: "",
      phone: "",
      emailKey: null,
      phoneKey: null,
      customerAddress: ANONYMISED,
      customerDateOfBirth: null,
      userId: null,
      anonymisedAt: now,
    });
    // The financial record is unchanged: number, status, amounts, dates, branch, staff, and every line.
    const {
      firstName,
      lastName,
      email,
      phone,
      emailKey,
      phoneKey,
      customerAddress,
      customerDateOfBirth,
      anonymisedAt,
      ...financial
    } = before;
    expect(after).toMatchObject(financial);
    expect(await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).toEqual(linesBefore);

    // Audited per order, with no personal data in the entry.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.anonymise"), eq(auditLog.entityId, order.id)));
    expect(audit).toMatchObject([{ actorId: null, before: { closedAt: completedAt.toISOString() } }]);
    expect(JSON.stringify(audit)).not.toMatch(/Ada|Lovelace|900111/);
    const runs = await t.db.select().from(auditLog).where(eq(auditLog.action, "retention.run"));
    expect(runs.some((entry) => (entry.after as { ordersAnonymised: number }).ordersAnonymised >= 1)).toBe(true);

    // A second run has nothing more to do for it.
    expect((await run(now)).ordersAnonymised).toBe(0);
  });

  it("counts five years from cancellation or expiry, and from the later end of a completed order cancelled afterwards", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const cancelledDue = await createOrder(t.db, {
      status: "cancelled",
      createdAt: new Date("2021-11-20T09:00:00Z"),
      cancelledAt: new Date("2021-11-25T09:00:00Z"),
    });
    const cancelledKept = await createOrder(t.db, {
      status: "cancelled",
      createdAt: new Date("2021-11-20T09:00:00Z"),
      cancelledAt: new Date("2021-11-26T09:00:00Z"),
    });
    const expiredDue = await createOrder(t.db, {
      status: "expired",
      createdAt: new Date("2021-11-10T09:00:00Z"),
      expiredAt: new Date("2021-11-25T01:00:00Z"),
    });
    const expiredKept = await createOrder(t.db, {
      status: "expired",
      createdAt: new Date("2021-11-10T09:00:00Z"),
      expiredAt: new Date("2021-11-26T01:00:00Z"),
    });
    // Completed in time, cancelled from History a year later: the record ends with the cancel.
    const completedThenCancelled = await createOrder(t.db, {
      status: "cancelled",
      createdAt: new Date("2020-11-01T09:00:00Z"),
      completedAt: new Date("2020-11-02T09:00:00Z"),
      cancelledAt: new Date("2021-12-01T09:00:00Z"),
    });
    // Still open five years on (never closed): kept.
    const open = await createOrder(t.db, { status: "accepted", createdAt: new Date("2020-01-01T09:00:00Z") });

    await run(now);
    for (const due of [cancelledDue, expiredDue]) expect((await orderRow(due.id)).anonymisedAt).toEqual(now);
    for (const kept of [cancelledKept, expiredKept, completedThenCancelled, open]) {
      expect((await orderRow(kept.id)).anonymisedAt).toBeNull();
    }
  });

  it("anonymises a customer's own cancel in the log, the name screened and the other names a risk flag quotes; staff names stay", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const order = await createOrder(t.db, {
      status: "cancelled",
      email: "jo@example.com",
      firstName: "Jo",
      lastName: "Bloggs",
      createdAt: new Date("2020-01-01T09:00:00Z"),
      acceptedAt: new Date("2020-01-02T09:00:00Z"),
      acceptedBy: "staff@harbourfx.test",
      cancelledAt: new Date("2020-01-03T09:00:00Z"),
      cancelledBy: "JO@example.com",
    });
    await t.db.insert(auditLog).values({
      actorId: null,
      actorEmail: "JO@example.com",
      action: "order.cancel",
      entityType: "order",
      entityId: order.id,
      before: { status: "accepted" },
      after: { status: "cancelled", by: "customer" },
    });
    const [list] = await t.db
      .insert(sanctionsLists)
      .values({ version: "test", importedBy: "test", entryCount: 0, nameCount: 0 })
      .returning();
    await t.db.insert(sanctionsScreenings).values({
      orderId: order.id,
      listId: list!.id,
      screenedName: "Jo Bloggs",
      score: "0.412",
      result: "clear",
      occasion: "placement",
    });

    await t.db.insert(orderRiskFlags).values([
      {
        orderId: order.id,
        rule: "names_differ",
        detail: "The same contact details were given with other names: Joanne Bloggs (order 12345678, same e-mail)",
      },
      { orderId: order.id, rule: "frequent_orders", detail: "3 orders in 7 days" },
    ]);

    await t.db.insert(orderHandovers).values({
      orderId: order.id,
      idType: "passport",
      idNumberLast4: "7K2Q",
      idExpiresOn: "2027-03-31",
      cardMatchesName: true,
      gbpMinor: 10_000,
      recordedAt: new Date("2019-01-01T10:00:00Z"),
      recordedBy: "staff@harbourfx.test",
    });

    await run(now);
    const after = await orderRow(order.id);
    expect(after.cancelledBy).toBe(ANONYMISED);
    // The document checked at handover loses its number and expiry; the rest of the record stays.
    const [handover] = await t.db.select().from(orderHandovers).where(eq(orderHandovers.orderId, order.id));
    expect(handover).toMatchObject({
      idType: "passport",
      idNumberLast4: "",
      idExpiresOn: "1900-01-01",
      cardMatchesName: true,
      gbpMinor: 10_000,
    });
    const flags = await t.db.select().from(orderRiskFlags).where(eq(orderRiskFlags.orderId, order.id));
    expect(Object.fromEntries(flags.map((flag) => [flag.rule, flag.detail]))).toEqual({
      names_differ: ANONYMISED,
      frequent_orders: "3 orders in 7 days",
    });
    expect(after.acceptedBy).toBe("staff@harbourfx.test");
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(entries.find((entry) => entry.action === "order.cancel")).toMatchObject({
      actorEmail: ANONYMISED,
      after: { status: "cancelled", by: "customer" },
    });
    const [screening] = await t.db.select().from(sanctionsScreenings).where(eq(sanctionsScreenings.orderId, order.id));
    expect(screening).toMatchObject({ screenedName: ANONYMISED, score: "0.412", result: "clear" });
  });

  it("anonymises contact messages on the day twelve months after they arrived", async () => {
    const [message] = await t.db
      .insert(contactMessages)
      .values({
        name: "Mary Contact",
        email: "mary@example.com",
        phone: "07700 900222",
        message: "Do you have Swiss francs in Brighton?",
        createdAt: new Date("2025-11-25T10:00:00Z"),
      })
      .returning();
    const row = async () => (await t.db.select().from(contactMessages).where(eq(contactMessages.id, message!.id)))[0]!;
    await run(new Date("2026-11-24T23:59:00Z")); // 24 November London (winter: London is UTC)
    expect((await row()).email).toBe("mary@example.com");
    const now = new Date("2026-11-25T00:00:00Z");
    await run(now);
    expect(await row()).toMatchObject({
      name: ANONYMISED,
      email: "",
      phone: null,
      message: ANONYMISED,
      emailKey: null,
      phoneKey: null,
      anonymisedAt: now,
      createdAt: new Date("2025-11-25T10:00:00Z"),
    });
  });

  it("after 30 days: removes unused expired quotes and expired sessions, blanks sent e-mails and ended or lapsed alerts' addresses", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const dueDay = new Date("2026-10-26T12:00:00Z"); // 30 days before 25 November
    const keptDay = new Date("2026-10-27T12:00:00Z");
    const quote = (expiresAt: Date) =>
      t.db
        .insert(quotes)
        .values({
          currencyCode: "EUR",
          way: "Order",
          rate: "1.1000",
          marketRate: "1.12",
          margin: "-2",
          gbpMinor: 10_000,
          foreignMinor: 11_000,
          expiresAt,
        })
        .returning()
        .then((rows) => rows[0]!);
    const unusedDue = await quote(dueDay);
    const unusedKept = await quote(keptDay);
    // A spent quote belongs to its order's record, however old.
    const spent = await createOrder(t.db, { status: "completed", completedAt: new Date("2026-01-01T00:00:00Z") });
    const [spentLine] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, spent.id));
    await t.db.update(quotes).set({ expiresAt: dueDay }).where(eq(quotes.id, spentLine!.quoteId));

    const userId = randomUUID();
    await t.db.insert(users).values({ id: userId, email: `sessions-${userId}@example.com` });
    const session = (expiresAt: Date) =>
      t.db
        .insert(sessions)
        .values({ id: randomUUID(), token: randomUUID(), userId, expiresAt, ipAddress: "203.0.113.9" })
        .returning()
        .then((rows) => rows[0]!);
    const sessionDue = await session(dueDay);
    const sessionKept = await session(keptDay);

    const mail = (key: string, status: "pending" | "sent" | "failed", createdAt: Date) =>
      t.db
        .insert(outbox)
        .values({
          kind: "order-received",
          dedupeKey: key,
          payload: { to: "someone@example.com", data: { orderId: randomUUID() } },
          status,
          createdAt,
          sentAt: status === "sent" ? createdAt : null,
          lastError: status === "failed" ? "550 someone@example.com: no such mailbox" : null,
        })
        .returning()
        .then((rows) => rows[0]!);
    const sentDue = await mail(`t-${randomUUID()}`, "sent", dueDay);
    const failedDue = await mail(`t-${randomUUID()}`, "failed", dueDay);
    const sentKept = await mail(`t-${randomUUID()}`, "sent", keptDay);
    const pendingOld = await mail(`t-${randomUUID()}`, "pending", dueDay);

    /** An alert that ended at `endedAt`; a pending one (never confirmed) ends when its link lapses. */
    const alert = (status: "pending" | "active" | "triggered" | "unsubscribed", endedAt: Date) =>
      t.db
        .insert(rateAlerts)
        .values({
          currencyCode: "EUR",
          target: "1.2",
          email: "alerts@example.com",
          status,
          createdAt:
            status === "pending"
              ? new Date(endedAt.getTime() - RATE_ALERT_CONFIRM_DAYS * 24 * 60 * 60_000)
              : new Date("2026-01-01T00:00:00Z"),
          triggeredAt: status === "triggered" ? endedAt : null,
          unsubscribedAt: status === "unsubscribed" ? endedAt : null,
        })
        .returning()
        .then((rows) => rows[0]!);
    const triggeredDue = await alert("triggered", dueDay);
    const unsubscribedDue = await alert("unsubscribed", dueDay);
    const triggeredKept = await alert("triggered", keptDay);
    const activeOld = await alert("active", dueDay);
    const lapsedDue = await alert("pending", dueDay);
    const lapsedKept = await alert("pending", keptDay);

    const result = await run(now);
    const alertEmail = async (id: string) =>
      (await t.db.select({ email: rateAlerts.email }).from(rateAlerts).where(eq(rateAlerts.id, id)))[0]!.email;
    expect(await alertEmail(triggeredDue.id)).toBe("");
    expect(await alertEmail(unsubscribedDue.id)).toBe("");
    expect(await alertEmail(triggeredKept.id)).toBe("alerts@example.com");
    expect(await alertEmail(activeOld.id)).toBe("alerts@example.com");
    expect(await alertEmail(lapsedDue.id)).toBe("");
    expect(await alertEmail(lapsedKept.id)).toBe("alerts@example.com");
    expect(result.quotesRemoved).toBeGreaterThanOrEqual(1);
    const quoteIds = (await t.db.select({ id: quotes.id }).from(quotes)).map((row) => row.id);
    expect(quoteIds).not.toContain(unusedDue.id);
    expect(quoteIds).toContain(unusedKept.id);
    expect(quoteIds).toContain(spentLine!.quoteId);

    const sessionIds = (
      await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.id, [sessionDue.id, sessionKept.id]))
    ).map((row) => row.id);
    expect(sessionIds).toEqual([sessionKept.id]);

    const outboxRow = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
    for (const done of [sentDue, failedDue]) {
      expect(await outboxRow(done.id)).toMatchObject({
        payload: { anonymised: true },
        lastError: null,
        anonymisedAt: now,
        dedupeKey: done.dedupeKey,
        kind: "order-received",
        status: done.status,
      });
    }
    // Not yet 30 days, or still to be sent: untouched.
    expect((await outboxRow(sentKept.id)).payload).toMatchObject({ to: "someone@example.com" });
    expect((await outboxRow(pendingOld.id)).payload).toMatchObject({ to: "someone@example.com" });
  });

  it("keeps an order under an open suspicion report whatever its age; once the MLRO closed it, the order goes", async () => {
    const now = new Date("2026-12-20T12:00:00Z");
    const closedLongAgo = {
      status: "cancelled" as const,
      createdAt: new Date("2021-01-10T09:00:00Z"),
      cancelledAt: new Date("2021-01-11T09:00:00Z"),
    };
    const open = await createOrder(t.db, closedLongAgo);
    const closed = await createOrder(t.db, closedLongAgo);
    await t.db.insert(suspicionReports).values([
      {
        orderId: open.id,
        text: "Open report",
        raisedBy: "staff@example.com",
        raisedAt: new Date("2021-01-10T10:00:00Z"),
      },
      {
        orderId: closed.id,
        text: "Closed report",
        raisedBy: "staff@example.com",
        raisedAt: new Date("2021-01-10T10:00:00Z"),
        closedAt: new Date("2021-01-11T08:00:00Z"),
        closedBy: "mlro@example.com",
        closeReason: "No disclosure",
      },
    ]);
    await run(now);
    expect((await orderRow(open.id)).anonymisedAt).toBeNull();
    expect((await orderRow(open.id)).email).toBe("grace@example.com");
    expect((await orderRow(closed.id)).anonymisedAt).toEqual(now);

    // The MLRO closes the open report: the next day's run anonymises the order.
    await t.db
      .update(suspicionReports)
      .set({ closedAt: now, closedBy: "mlro@example.com", closeReason: "No disclosure" })
      .where(eq(suspicionReports.orderId, open.id));
    const nextDay = new Date(now.getTime() + DAY);
    await run(nextDay);
    expect(await orderRow(open.id)).toMatchObject({ anonymisedAt: nextDay, email: "", firstName: ANONYMISED });
  });

  it("leaves the periods to configuration: seven years keeps a six-year-old order", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const order = await createOrder(t.db, {
      status: "completed",
      createdAt: new Date("2020-11-01T09:00:00Z"),
      completedAt: new Date("2020-11-02T09:00:00Z"),
    });
    await applyRetention({ db: t.db, rules: { ...DEFAULT_RETENTION, ordersYears: 7 }, timeZone: ZONE, now });
    expect((await orderRow(order.id)).anonymisedAt).toBeNull();
    await run(now);
    expect((await orderRow(order.id)).anonymisedAt).toEqual(now);
  });

  it("the daily job runs on the job runner under its lease", async () => {
    const { retentionJob } = await import("../../jobs/retention.ts");
    const job = retentionJob({ db: t.db, rules: DEFAULT_RETENTION, timeZone: ZONE, log: t.app.log });
    expect(job).toMatchObject({ name: "retention", everyMs: DAY });
    await expect(job.run()).resolves.toBeUndefined();
  });
});
