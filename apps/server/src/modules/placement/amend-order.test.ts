import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AmendmentPreview, TrackedOrder } from "@bureau/domain/contracts/tracking";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { AMEND_NOT_PENDING_MESSAGE } from "@bureau/domain/placement/amend-order";
import { auditLog, orderAmendments, orderLines, orderNotes, orders, outbox, stockNotes } from "../../db/schema.ts";
import { nextClientAddress } from "../../test/auth-helpers.ts";
import { uniqueCustomer } from "../../test/factories.ts";
import { placeThroughApi } from "../../test/place-through-api.ts";
import { appWithStaff } from "../../test/staff-app.ts";

type Env = ReturnType<typeof appWithStaff>;

function helpers(env: Env) {
  const post = (url: string, payload: Record<string, unknown>) =>
    env.t.app.inject({ method: "POST", url, payload, remoteAddress: nextClientAddress() });
  return {
    async place(gbpMinor: number, branch = "worthing") {
      const customer = { firstName: "Ada", lastName: "Lovelace", ...uniqueCustomer() };
      const response = await placeThroughApi(env.t.app, { lines: [{ currency: "EUR", gbpMinor }], branch, customer });
      expect(response.statusCode, response.body).toBe(201);
      const token = (response.json() as { accessToken: string }).accessToken;
      const orderId = env.t.app.orderLinks.orderIdOf(token) as string;
      return { token, orderId };
    },
    preview: (token: string, branch: string, amountsMinor: number[]) =>
      post("/api/orders/amendment-quote", { token, branch, amountsMinor }),
    confirm: (token: string, preview: AmendmentPreview, idempotencyKey = randomUUID()) =>
      post("/api/orders/amendment", { token, idempotencyKey, branch: preview.after.branch, lines: preview.quotes }),
    async track(branch: string, counts: Record<number, number>) {
      const response = await env.t.app.inject({
        method: "PUT",
        url: `/api/admin/stock/${branch}/EUR`,
        headers: env.staff.headers,
        payload: {
          tracked: true,
          counts: Object.entries(counts).map(([value, count]) => ({ valueMinor: Number(value), count })),
          reason: "Counted at opening",
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    async reserved(branch: string) {
      const rows = await env.t.db
        .select()
        .from(stockNotes)
        .where(and(eq(stockNotes.branchKey, branch), eq(stockNotes.currencyCode, "EUR")));
      return rows.reduce((sum, row) => sum + row.reserved * row.denominationMinor, 0);
    },
    async orderOf(orderId: string) {
      const [order] = await env.t.db.select().from(orders).where(eq(orders.id, orderId));
      const lines = await env.t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      const notes = await env.t.db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId));
      return { order: order!, lines, notes };
    },
  };
}

describe("amending a Pending order", () => {
  const env = appWithStaff();
  const h = helpers(env);

  it("quotes afresh side by side, then re-quotes the lines, moves the reserved notes, audits, mails and shows it to staff", async () => {
    await h.track("worthing", { 5000: 40, 2000: 40, 1000: 40, 500: 40 });
    await h.track("brighton", { 5000: 40, 2000: 40, 1000: 40, 500: 40 });
    const { token, orderId } = await h.place(250_00);
    const placed = await h.orderOf(orderId);
    expect(await h.reserved("worthing")).toBe(placed.lines[0]!.foreignMinor);

    const previewed = await h.preview(token, "brighton", [300_00]);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json() as AmendmentPreview;
    expect(preview.before).toMatchObject({ branch: "worthing", totalGbpMinor: 250_00 });
    expect(preview.before.lines[0]).toMatchObject({ currency: "EUR", gbpMinor: 250_00 });
    expect(preview.after).toMatchObject({ branch: "brighton", totalGbpMinor: 300_00 });
    expect(preview.after.lines[0]).toMatchObject({ currency: "EUR", gbpMinor: 300_00, rate: "1.1232" });
    // Checking the price changes nothing.
    expect((await h.orderOf(orderId)).order.totalGbpMinor).toBe(250_00);

    const confirmed = await h.confirm(token, preview);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const tracked = confirmed.json() as TrackedOrder;
    expect(tracked.totalGbpMinor).toBe(300_00);
    expect(tracked.branch.key).toBe("brighton");
    expect(tracked.timeline.map((entry) => entry.event)).toEqual(["placed", "amended"]);
    expect(tracked.canAmend).toBe(true);

    const amended = await h.orderOf(orderId);
    expect(amended.order).toMatchObject({ branchKey: "brighton", totalGbpMinor: 300_00, status: "pending" });
    expect(amended.lines.map((line) => line.quoteId)).toEqual([preview.quotes[0]!.quoteId]);
    expect(amended.lines[0]!.foreignMinor).toBe(preview.after.lines[0]!.foreignMinor);
    expect(await h.reserved("worthing")).toBe(0);
    expect(await h.reserved("brighton")).toBe(amended.lines[0]!.foreignMinor);
    expect(amended.notes.reduce((sum, n) => sum + n.count * n.denominationMinor, 0)).toBe(
      amended.lines[0]!.foreignMinor,
    );

    // The replaced line is kept in the amendment's record, and in the audit entry.
    const [record] = await env.t.db.select().from(orderAmendments).where(eq(orderAmendments.orderId, orderId));
    expect(record!.before).toMatchObject({ branchKey: "worthing", totalGbpMinor: 250_00 });
    expect((record!.before as { lines: { quoteId: string }[] }).lines[0]!.quoteId).toBe(placed.lines[0]!.quoteId);
    expect(record!.after).toMatchObject({ branchKey: "brighton", totalGbpMinor: 300_00 });
    const audits = await env.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.amend")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorEmail).toBe(amended.order.email);
    const mails = await env.t.db.select().from(outbox).where(eq(outbox.kind, "order-amended"));
    expect(
      mails.filter((mail) => (mail.payload as { data: { orderId: string } }).data.orderId === orderId),
    ).toHaveLength(1);

    const details = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/orders/${orderId}`,
      headers: env.staff.headers,
    });
    expect(details.statusCode, details.body).toBe(200);
    const entry = (details.json() as OrderDetails).timeline.find((e) => e.event === "amended");
    expect(entry).toMatchObject({ by: "Customer" });
    expect(entry?.detail).toContain("Total: £250.00 → £300.00");
    expect(entry?.detail).toContain("Branch: worthing → brighton");
  });

  it("refuses a branch without the notes and leaves the order and its reservation as they were", async () => {
    await h.track("worthing", { 5000: 50, 2000: 40, 1000: 40, 500: 40 });
    await h.track("chichester", { 5000: 50, 2000: 40, 1000: 40, 500: 40 });
    const { token, orderId } = await h.place(200_00);
    const before = await h.orderOf(orderId);
    const reservedBefore = await h.reserved("worthing");
    const previewed = await h.preview(token, "chichester", [200_00]);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json() as AmendmentPreview;
    // Chichester's notes go before the customer confirms: the price check now says so, with the most it has…
    await h.track("chichester", { 5000: 0, 2000: 0, 1000: 0, 500: 2 });
    const checkedAgain = await h.preview(token, "chichester", [200_00]);
    expect(checkedAgain.statusCode).toBe(409);
    expect(checkedAgain.json().error.message).toBe(
      "Chichester does not have enough EUR notes for this order: the most it can supply is €10. Please choose another collection point or a smaller amount.",
    );
    // …and the confirmation of the quotes seen before is refused as well.
    const refused = await h.confirm(token, preview);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain("does not have enough EUR notes");
    const after = await h.orderOf(orderId);
    expect(after.order).toEqual(before.order);
    expect(after.lines).toEqual(before.lines);
    expect(after.notes).toEqual(before.notes);
    expect(await h.reserved("worthing")).toBe(reservedBefore);
    expect(await h.reserved("chichester")).toBe(0);
  });

  it("counts the notes the order holds at its own branch on the price check, as the confirmation does", async () => {
    await h.track("172", { 5000: 40, 2000: 40, 1000: 40, 500: 40 });
    const { token, orderId } = await h.place(250_00, "172");
    const held = (await h.orderOf(orderId)).notes;
    // London keeps only the notes this order holds: none is free, yet the order itself can keep them.
    await h.track(
      "172",
      Object.fromEntries(
        [5000, 2000, 1000, 500].map((value) => [
          value,
          held.find((note) => note.denominationMinor === value)?.count ?? 0,
        ]),
      ) as Record<number, number>,
    );
    const same = await h.preview(token, "172", [240_00]);
    expect(same.statusCode, same.body).toBe(200);
    const confirmed = await h.confirm(token, same.json() as AmendmentPreview);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // A smaller amount is fine from them; more than they make is refused before confirming.
    const more = await h.preview(token, "172", [400_00]);
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toContain(
      "does not have enough EUR notes for this order: the most it can supply is",
    );
  });

  it("refuses amounts above the order limit, on the price check and on confirmation", async () => {
    const customer = { firstName: "Ada", lastName: "Lovelace", ...uniqueCustomer() };
    const placed = await placeThroughApi(env.t.app, {
      lines: [
        { currency: "EUR", gbpMinor: 200_00 },
        { currency: "USD", gbpMinor: 200_00 },
      ],
      customer,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const token = (placed.json() as { accessToken: string }).accessToken;
    const orderId = env.t.app.orderLinks.orderIdOf(token) as string;
    const priced = await h.preview(token, "worthing", [1_300_00, 1_300_00]);
    expect(priced.statusCode).toBe(400);
    expect(priced.json().error.message).toContain("2,500");
    // Quotes each priced within the limit beside the other line's old amount cannot make an order above it.
    const first = (await h.preview(token, "worthing", [1_300_00, 200_00])).json() as AmendmentPreview;
    const second = (await h.preview(token, "worthing", [200_00, 1_300_00])).json() as AmendmentPreview;
    const refused = await env.t.app.inject({
      method: "POST",
      url: "/api/orders/amendment",
      remoteAddress: nextClientAddress(),
      payload: {
        token,
        idempotencyKey: randomUUID(),
        branch: "worthing",
        lines: [first.quotes[0], second.quotes[1]],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain("2,500");
    expect((await h.orderOf(orderId)).order.totalGbpMinor).toBe(400_00);
  });

  it("refuses once the order is accepted, on the price check and on confirmation", async () => {
    const { token, orderId } = await h.place(200_00);
    const preview = (await h.preview(token, "worthing", [300_00])).json() as AmendmentPreview;
    const accepted = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/accept`,
      headers: env.staff.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const refused = await h.confirm(token, preview);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(AMEND_NOT_PENDING_MESSAGE);
    expect((await h.preview(token, "worthing", [300_00])).statusCode).toBe(409);
    const opened = await env.t.app.inject({ method: "GET", url: `/api/orders/link/${token}` });
    expect((opened.json() as TrackedOrder).canAmend).toBe(false);
    expect((await h.orderOf(orderId)).order.totalGbpMinor).toBe(200_00);
  });

  it("amends once when the same confirmation arrives twice at the same moment", async () => {
    const { token, orderId } = await h.place(200_00);
    const preview = (await h.preview(token, "worthing", [400_00])).json() as AmendmentPreview;
    const key = randomUUID();
    const answers = await Promise.all([h.confirm(token, preview, key), h.confirm(token, preview, key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const records = await env.t.db.select().from(orderAmendments).where(eq(orderAmendments.orderId, orderId));
    expect(records).toHaveLength(1);
    expect((await h.orderOf(orderId)).order.totalGbpMinor).toBe(400_00);
  });
});

describe("an amendment's due diligence", () => {
  // A threshold of €600: about £534 at the seed's EUR rate.
  const env = appWithStaff({ env: { DUE_DILIGENCE_THRESHOLD_EUR: "600" } });
  const h = helpers(env);

  it("does not count the order's old total beside its new one", async () => {
    const { token, orderId } = await h.place(400_00);
    const preview = (await h.preview(token, "worthing", [450_00])).json() as AmendmentPreview;
    expect((await h.confirm(token, preview)).statusCode).toBe(200);
    expect((await h.orderOf(orderId)).order.holdReason).toBeNull();
  });

  it("holds the order when the amended total crosses the threshold", async () => {
    const { token, orderId } = await h.place(300_00);
    expect((await h.orderOf(orderId)).order.holdReason).toBeNull();
    const preview = (await h.preview(token, "worthing", [700_00])).json() as AmendmentPreview;
    const confirmed = await h.confirm(token, preview);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as TrackedOrder).additionalChecks).toBe(true);
    const { order } = await h.orderOf(orderId);
    expect(order.holdReason).toMatch(/^Linked 12-month total £700\.00/);
    const holds = await env.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.hold")));
    expect(holds).toHaveLength(1);
  });
});
