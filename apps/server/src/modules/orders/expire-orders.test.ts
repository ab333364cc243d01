import { displayDates } from "@bureau/domain/dates";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ORDER_EXPIRY } from "@bureau/domain/order-lifecycle";
import { auditLog, orders, outbox } from "../../db/schema.ts";
import { createOrder } from "../../test/factories.ts";
import { createTestApp } from "../../test/test-app.ts";
import { renderMail } from "../../jobs/render-mail.ts";
import { getStatistics } from "../dashboard/index.ts";
import { expireOverdueOrders } from "./expire-orders.ts";

const DAY = 24 * 60 * 60 * 1000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

describe("order expiry (not collected in time)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("expires Accepted orders after 4 days and Pending ones after 7, and nothing else", async () => {
    // A controlled clock: the rule is applied at `now`, whatever the machine's time.
    const now = new Date("2026-11-23T12:00:00Z");
    const acceptedLate = await createOrder(t.db, {
      status: "accepted",
      createdAt: ago(now, 6),
      acceptedAt: ago(now, 4.01),
    });
    const acceptedInTime = await createOrder(t.db, {
      status: "accepted",
      createdAt: ago(now, 9),
      acceptedAt: ago(now, 3.99),
    });
    const pendingLate = await createOrder(t.db, { createdAt: ago(now, 7.01) });
    const pendingInTime = await createOrder(t.db, { createdAt: ago(now, 6.99) });
    const completedOld = await createOrder(t.db, { status: "completed", createdAt: ago(now, 30) });
    const cancelledOld = await createOrder(t.db, { status: "cancelled", createdAt: ago(now, 30) });

    expect(await expireOverdueOrders({ db: t.db, expiry: DEFAULT_ORDER_EXPIRY, now })).toEqual({ expired: 2 });
    const status = async (id: string) =>
      (
        await t.db.select({ status: orders.status, expiredAt: orders.expiredAt }).from(orders).where(eq(orders.id, id))
      )[0];
    expect(await status(acceptedLate.id)).toEqual({ status: "expired", expiredAt: now });
    expect(await status(pendingLate.id)).toEqual({ status: "expired", expiredAt: now });
    for (const order of [acceptedInTime, pendingInTime]) expect((await status(order.id))?.status).not.toBe("expired");
    expect((await status(completedOld.id))?.status).toBe("completed");
    expect((await status(cancelledOld.id))?.status).toBe("cancelled");

    // Audited with the system as actor, and the customer told through the outbox, once.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.expire"), eq(auditLog.entityId, acceptedLate.id)));
    expect(audit).toMatchObject([{ actorId: null, before: { status: "accepted" }, after: { status: "expired" } }]);
    const mail = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-expired:${pendingLate.id}`));
    expect(mail).toHaveLength(1);

    // A second run finds nothing more to do.
    expect(await expireOverdueOrders({ db: t.db, expiry: DEFAULT_ORDER_EXPIRY, now })).toEqual({ expired: 0 });
  });

  it("drops expired orders from the staff lists, closes their links and counts them in Statics", async () => {
    const now = new Date();
    await expireOverdueOrders({ db: t.db, expiry: DEFAULT_ORDER_EXPIRY, now }); // what earlier tests left due
    const order = await createOrder(t.db, { status: "accepted", acceptedAt: ago(now, 5) });
    const before = (await getStatistics({ db: t.db, timeZone: t.app.config.displayTimeZone, now })).counts;
    await expireOverdueOrders({ db: t.db, expiry: DEFAULT_ORDER_EXPIRY, now });
    const token = t.app.orderLinks.tokenFor(order.id);
    const link = await t.app.inject({ method: "GET", url: `/api/orders/link/${token}` });
    expect(link.statusCode).toBe(410);
    const after = (await getStatistics({ db: t.db, timeZone: t.app.config.displayTimeZone, now })).counts;
    expect(after).toEqual({ ...before, accepted: before.accepted - 1, expired: before.expired + 1 });
    const accepted = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.status, "accepted"));
    expect(accepted.map((row) => row.id)).not.toContain(order.id);
  });

  it("refuses a customer's cancel of an expired order with a clear message", async () => {
    const now = new Date();
    const order = await createOrder(t.db, { createdAt: ago(now, 8) });
    await expireOverdueOrders({ db: t.db, expiry: DEFAULT_ORDER_EXPIRY, now });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { orderNumber: order.orderNumber, email: "GRACE@example.com" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "expired", canCancel: false });
    expect(response.json().timeline.map((entry: { event: string }) => entry.event)).toEqual(["placed", "expired"]);
  });

  it("renders the expiry e-mail with the order and the way to find it", async () => {
    const now = new Date();
    const order = await createOrder(t.db, { createdAt: ago(now, 8), firstName: "<b>Ada</b>" });
    await expireOverdueOrders({ db: t.db, expiry: DEFAULT_ORDER_EXPIRY, now });
    const mail = await renderMail(
      t.db,
      "order-expired",
      { orderId: order.id },
      {
        publicUrl: "https://fx.example",
        orderLinks: t.app.orderLinks,
        alertLinks: t.app.alertLinks,
        dates: displayDates(t.app.config.displayTimeZone),
        orderExpiry: t.app.config.orderExpiry,
      },
    );
    expect(mail?.subject).toBe(`Your order ${order.orderNumber} has expired`);
    expect(mail?.text).toContain("was not collected in time, so it has expired");
    expect(mail?.text).toContain("https://fx.example/track");
    expect(mail?.html).toContain("&lt;b&gt;Ada&lt;/b&gt;");
  });
});
