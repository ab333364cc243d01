import { NOT_YOUR_ROLE_MESSAGE } from "@bureau/domain/staff-permissions";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import type { TrackedOrder } from "@bureau/domain/contracts/tracking";
import { auditLog, orders, suspicionReports } from "../../db/schema.ts";
import { nextClientAddress, signUpAndSignIn, type SignedIn, EVERY_BRANCH } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { SUSPICION_HOLD_REASON } from "./raise-suspicion-report.ts";

const MLRO = "mlro@bureau.example";
/** The customer due diligence the MLRO records to clear a hold (docs/features/linked-series-and-customer-due-diligence.md). */
const dueDiligence = { idType: "passport", idNumberLast4: "1234", idExpiresOn: "2031-05-01", sourceOfFunds: "savings" };

describe("suspicion reports: raised by staff, read by the MLRO alone, holding the order until the MLRO clears it", () => {
  const env = appWithStaff();
  let mlro: SignedIn;
  let customer: SignedIn;
  const api = (method: "GET" | "POST", url: string, who: SignedIn | null, payload?: object) =>
    env.t.app.inject({ method, url, headers: who ? who.headers : { origin: env.t.config.publicUrl }, payload });

  it("holds the order; staff see a neutral reason, only the MLRO reads the report; the customer sees additional checks", async () => {
    mlro = await signUpAndSignIn(env.t.app, { email: MLRO, role: "mlro", staffVerified: true });
    const manager = await signUpAndSignIn(env.t.app, { role: "manager", branches: EVERY_BRANCH, staffVerified: true });
    customer = await signUpAndSignIn(env.t.app);
    const order = await createOrder(env.t.db, { email: "held.customer@example.com", phone: "07700 902001" });
    const text = "Customer asked twice whether the order could stay under £5,000 and paid from three cards";

    // Bad input changes nothing.
    const short = await api("POST", `/api/admin/orders/${order.id}/suspicion-reports`, env.staff, { text: "odd" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain("Describe what made you suspicious (at least 10 characters)");
    expect((await env.t.db.select().from(suspicionReports)).length).toBe(0);
    // A signed-in customer, or nobody, cannot raise one.
    expect((await api("POST", `/api/admin/orders/${order.id}/suspicion-reports`, customer, { text })).statusCode).toBe(
      403,
    );
    expect((await api("POST", `/api/admin/orders/${order.id}/suspicion-reports`, null, { text })).statusCode).toBe(401);

    const raised = await api("POST", `/api/admin/orders/${order.id}/suspicion-reports`, env.staff, { text });
    expect(raised.statusCode).toBe(201);
    expect(raised.json()).toMatchObject({ held: true });
    const [row] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.holdReason).toBe(SUSPICION_HOLD_REASON);
    const [report] = await env.t.db.select().from(suspicionReports).where(eq(suspicionReports.orderId, order.id));
    expect(report).toMatchObject({ text, raisedBy: env.staff.email, raisedById: env.staff.userId, closedAt: null });

    // The audit log, read by every admin, says a report was raised, never what it says.
    const audit = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["order.hold", "suspicion_report.raise"]);
    expect(JSON.stringify(audit)).not.toContain("three cards");

    // The order's page: the report for the MLRO only.
    const asStaff = (await api("GET", `/api/admin/orders/${order.id}`, manager)).json() as OrderDetails;
    expect(asStaff.compliance.suspicionReports).toBeNull();
    expect(asStaff.compliance.hold?.reason).toBe(SUSPICION_HOLD_REASON);
    const asMlro = (await api("GET", `/api/admin/orders/${order.id}`, mlro)).json() as OrderDetails;
    expect(asMlro.compliance.suspicionReports).toMatchObject([{ text, raisedBy: env.staff.email, closedAt: null }]);

    // The list of reports: the MLRO only (a manager 403, a customer 403, nobody 401).
    expect((await api("GET", "/api/admin/suspicion-reports", manager)).statusCode).toBe(403);
    expect((await api("GET", "/api/admin/suspicion-reports", customer)).statusCode).toBe(403);
    expect((await api("GET", "/api/admin/suspicion-reports", null)).statusCode).toBe(401);
    const listed = await api("GET", "/api/admin/suspicion-reports", mlro);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().reports).toMatchObject([{ orderNumber: order.orderNumber, text }]);

    // The customer's order page says "additional checks", whatever the reason.
    const tracked = await env.t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { orderNumber: order.orderNumber, email: "held.customer@example.com" },
      remoteAddress: nextClientAddress(),
    });
    expect((tracked.json() as TrackedOrder).additionalChecks).toBe(true);
    expect(tracked.body).not.toContain("MLRO");

    // Accept is refused; a manager cannot clear the hold; the MLRO can, closing the report.
    expect((await api("POST", `/api/admin/orders/${order.id}/accept`, env.staff)).statusCode).toBe(409);
    const byStaff = await api("POST", `/api/admin/orders/${order.id}/hold/clear`, manager, dueDiligence);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error.message).toBe(NOT_YOUR_ROLE_MESSAGE);
    expect((await api("POST", `/api/admin/orders/${order.id}/hold/clear`, mlro, dueDiligence)).statusCode).toBe(200);
    const [closed] = await env.t.db.select().from(suspicionReports).where(eq(suspicionReports.orderId, order.id));
    expect(closed).toMatchObject({
      closedBy: MLRO,
      closeReason: "Customer due diligence: Passport valid until May 1st, 2031 verified; source of funds: Savings.",
    });
    expect(closed?.closedAt).not.toBeNull();
    const again = await env.t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { orderNumber: order.orderNumber, email: "held.customer@example.com" },
      remoteAddress: nextClientAddress(),
    });
    expect((again.json() as TrackedOrder).additionalChecks).toBe(false);
    expect((await api("POST", `/api/admin/orders/${order.id}/accept`, env.staff)).statusCode).toBe(200);
  });

  it("a second hold while one stands adds its reason; a report after a cleared hold holds the order again", async () => {
    const order = await createOrder(env.t.db, { email: "twice@example.com", phone: "07700 902002" });
    await env.t.db
      .update(orders)
      .set({ holdReason: "Threshold reason", heldAt: new Date("2026-10-01T10:00:00Z") })
      .where(eq(orders.id, order.id));
    const text = "Second thoughts about the source of these funds";
    expect((await api("POST", `/api/admin/orders/${order.id}/suspicion-reports`, env.staff, { text })).statusCode).toBe(
      201,
    );
    let [row] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.holdReason).toBe(`Threshold reason\n${SUSPICION_HOLD_REASON}`);
    expect(row?.heldAt).toEqual(new Date("2026-10-01T10:00:00Z"));
    expect((await api("POST", `/api/admin/orders/${order.id}/hold/clear`, mlro, dueDiligence)).statusCode).toBe(200);
    expect((await api("POST", `/api/admin/orders/${order.id}/suspicion-reports`, env.staff, { text })).statusCode).toBe(
      201,
    );
    [row] = await env.t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      holdReason: SUSPICION_HOLD_REASON,
      holdClearedAt: null,
      holdClearReason: null,
      holdClearedDueDiligenceId: null,
    });
    const holds = await env.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "order.hold")));
    expect(holds).toHaveLength(2);
  });
});
