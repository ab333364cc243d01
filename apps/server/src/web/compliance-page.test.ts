import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseSuspicionReport } from "../modules/compliance/index.ts";
import { EVERY_BRANCH, type SignedIn, signUpAndSignIn } from "../test/auth-helpers.ts";
import { createOrder } from "../test/factories.ts";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));
const MLRO = "mlro@harbour.test";

describe.skipIf(!haveWebBuild)("the compliance screen's suspicion reports", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let mlro: SignedIn;
  let otherAdmin: SignedIn;
  let order: Awaited<ReturnType<typeof createOrder>>;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
    mlro = await signUpAndSignIn(t.app, { email: MLRO, role: "mlro", staffVerified: true });
    otherAdmin = await signUpAndSignIn(t.app, { role: "manager", branches: EVERY_BRANCH, staffVerified: true });
    order = await createOrder(t.db, { firstName: "Sam", lastName: "Suspect" });
    await raiseSuspicionReport({
      db: t.db,
      orderId: order.id,
      text: "Paid in used £50 notes and asked about the reporting limit.",
      actor: { id: otherAdmin.userId, email: otherAdmin.email },
    });
  });
  afterAll(() => t?.close());

  const page = async (who: SignedIn, url = "/dashboard/compliance") => {
    const response = await t.app.inject({
      method: "GET",
      url,
      headers: { cookie: who.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.body.replaceAll("<!-- -->", "");
  };

  it("shows the reports to the MLRO; the compliance screen and its records are not part of a manager's role", async () => {
    const asMlro = await page(mlro);
    expect(asMlro).toContain("Paid in used £50 notes and asked about the reporting limit.");
    expect(asMlro).toContain(otherAdmin.email);
    for (const url of ["/dashboard/compliance", `/dashboard/compliance?record=${order.orderNumber}`]) {
      const asOther = await t.app.inject({ method: "GET", url, headers: { cookie: otherAdmin.cookie } });
      expect(asOther.statusCode).toBe(403);
      expect(asOther.body).not.toContain("Paid in used £50 notes");
    }
    const record = await page(mlro, `/dashboard/compliance?record=${order.orderNumber}`);
    expect(record).toContain(`Compliance record: order ${order.orderNumber}`);
    expect(record).toContain("Paid in used £50 notes and asked about the reporting limit.");
  });

  it("the order's page: the report for the MLRO, for a manager not a word of it", async () => {
    const url = `/dashboard/orderDetails/${order.id}`;
    const asMlro = await page(mlro, url);
    expect(asMlro).toContain("Paid in used £50 notes and asked about the reporting limit.");
    const asOther = await page(otherAdmin, url);
    expect(asOther).toContain("Sam Suspect");
    expect(asOther).not.toContain("Paid in used £50 notes");
  });

  it("the order's page carries the customer's receipt, and the receipt holds nothing of the compliance part", async () => {
    const html = await page(mlro, `/dashboard/orderDetails/${order.id}`);
    const receipt = html.match(/<section class="customer-receipt print-area"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(receipt).toContain(`Order Number: <strong>${order.orderNumber}</strong>`);
    expect(receipt).toContain("Sam Suspect");
    expect(receipt).not.toMatch(/risk|flag|sanction|screening|hold|suspicion|MLRO|reporting limit/i);
  });
});
