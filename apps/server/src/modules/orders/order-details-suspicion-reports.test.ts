import { beforeAll, describe, expect, it } from "vitest";
import type { OrderDetails } from "@bureau/domain/contracts/dashboard";
import { type SignedIn, signUpAndSignIn, EVERY_BRANCH } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { raiseSuspicionReport } from "../compliance/index.ts";

const MLRO = "mlro@harbour.test";
const REPORT = "Brought the notes in a carrier bag and asked how to keep the order unreported";
/** The MLRO's clearing: the customer due diligence done (docs/features/linked-series-and-customer-due-diligence.md). */
const CLEARING = {
  idType: "passport",
  idNumberLast4: "4821",
  idExpiresOn: "2031-05-01",
  sourceOfFunds: "other",
  note: "Reviewed: a holiday saving, receipts seen",
};

/**
 * The staff order answer (the order page, its Print and the compliance record) carries an order's
 * suspicion reports to the MLRO alone: to any other staff member they are not sent at all, open or
 * closed, so no page can print or show them (docs/features/risk-flags-and-suspicion-reports.md, docs/features/customer-receipt-and-compliance-record.md).
 */
describe("an order's suspicion reports are not sent to a staff member who is not the MLRO", () => {
  const env = appWithStaff();
  let mlro: SignedIn;
  let lookalike: SignedIn;
  let cashier: SignedIn;
  let orderId: string;
  let reportId: string;

  beforeAll(async () => {
    mlro = await signUpAndSignIn(env.t.app, { email: MLRO, role: "mlro", staffVerified: true });
    // A manager whose e-mail holds the MLRO's but is another address: the role decides, not the address.
    lookalike = await signUpAndSignIn(env.t.app, {
      email: `deputy.${MLRO}`,
      role: "manager",
      branches: EVERY_BRANCH,
      staffVerified: true,
    });
    cashier = await signUpAndSignIn(env.t.app, { role: "cashier", branches: EVERY_BRANCH, staffVerified: true });
    const order = await createOrder(env.t.db, { firstName: "Rita", lastName: "Reported" });
    orderId = order.id;
    const raised = await raiseSuspicionReport({
      db: env.t.db,
      orderId,
      text: REPORT,
      actor: { id: env.staff.userId, email: env.staff.email },
    });
    reportId = raised.id;
  });

  const details = async (who: SignedIn) => {
    const response = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/orders/${orderId}`,
      headers: who.headers,
    });
    expect(response.statusCode).toBe(200);
    return { body: response.body, order: response.json() as OrderDetails };
  };

  it("to other staff (a cashier, a manager): none of the report, not its text, its id or who raised it; the order and its hold are there", async () => {
    for (const who of [cashier, lookalike]) {
      const { body, order } = await details(who);
      expect(order.compliance.suspicionReports).toBeNull();
      expect(body).not.toContain(REPORT);
      expect(body).not.toContain(reportId);
      expect(body).not.toMatch(/carrier bag/);
      // The hold stands, for every staff member, with its neutral reason.
      expect(order.compliance.hold?.clearedAt).toBeNull();
      expect(order.orderNumber).toMatch(/^\d{8}$/);
    }
  });

  it("to the MLRO: the report with its text", async () => {
    const { order } = await details(mlro);
    expect(order.compliance.suspicionReports).toEqual([
      expect.objectContaining({ id: reportId, text: REPORT, raisedBy: env.staff.email, closedAt: null }),
    ]);
  });

  it("once the MLRO has closed it (clearing the hold), still to the MLRO alone", async () => {
    const cleared = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/hold/clear`,
      headers: mlro.headers,
      payload: CLEARING,
    });
    expect(cleared.statusCode).toBe(200);
    const other = await details(cashier);
    expect(other.order.compliance.suspicionReports).toBeNull();
    expect(other.body).not.toContain(REPORT);
    expect(other.body).not.toContain(reportId);
    const asMlro = await details(mlro);
    expect(asMlro.order.compliance.suspicionReports).toEqual([
      expect.objectContaining({
        id: reportId,
        text: REPORT,
        closedBy: MLRO,
        closeReason: expect.stringMatching(/^Customer due diligence: Passport/),
      }),
    ]);
  });
});
