import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raiseSuspicionReport } from "../modules/compliance/raise-suspicion-report.ts";
import { type SignedIn, signUpAndSignIn } from "../test/auth-helpers.ts";
import { createOrder } from "../test/factories.ts";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));
const MLRO = "mlro@harbour.test";

describe.skipIf(!haveWebBuild)("the compliance screen's suspicion reports", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let mlro: SignedIn;
  let otherAdmin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { MLRO_EMAILS: MLRO } });
    mlro = await signUpAndSignIn(t.app, { email: MLRO, role: "admin", staffVerified: true });
    otherAdmin = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const order = await createOrder(t.db, { firstName: "Sam", lastName: "Suspect" });
    await raiseSuspicionReport({
      db: t.db,
      orderId: order.id,
      text: "Paid in used £50 notes and asked about the reporting limit.",
      actor: { id: otherAdmin.userId, email: otherAdmin.email },
    });
  });
  afterAll(() => t?.close());

  const page = async (who: SignedIn) => {
    const response = await t.app.inject({
      method: "GET",
      url: "/dashboard/compliance",
      headers: { cookie: who.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.body.replaceAll("<!-- -->", "");
  };

  it("shows the reports to the MLRO, and to any other admin only that the MLRO reads them", async () => {
    const asMlro = await page(mlro);
    expect(asMlro).toContain("Paid in used £50 notes and asked about the reporting limit.");
    expect(asMlro).toContain(otherAdmin.email);
    const asOther = await page(otherAdmin);
    expect(asOther).toContain("Suspicion reports are read by the MLRO only.");
    expect(asOther).not.toContain("Paid in used £50 notes");
    // The order is on hold for both to see (without the report's text).
    expect(asOther).toContain("Sam Suspect");
  });
});
