import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markEmailVerified, signUpAndSignIn } from "../test/auth-helpers.ts";
import { createOrder } from "../test/factories.ts";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));

/** Pages with personal data are never kept by a browser or proxy: `no-store`, not `no-cache`. */
describe.skipIf(!haveWebBuild)("pages with personal data are sent no-store", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t.close());

  it("an order opened by its link, whoever asks", async () => {
    const order = await createOrder(t.db, { firstName: "Private" });
    const response = await t.app.inject({ method: "GET", url: `/track/${t.app.orderLinks.tokenFor(order.id)}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(order.orderNumber);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("the profile, My orders and every page rendered for a signed-in visitor", async () => {
    const customer = await signUpAndSignIn(t.app);
    // My orders is shown once the e-mail is verified.
    await markEmailVerified(t.app, customer.userId);
    for (const url of ["/account/profile", "/account/orders", "/", "/exchangeRates", "/exchangeRates.data"]) {
      const response = await t.app.inject({ method: "GET", url, headers: { cookie: customer.cookie } });
      expect(response.statusCode, url).toBeLessThan(400);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("a public page for an anonymous visitor may still be kept and revalidated", async () => {
    const response = await t.app.inject({ method: "GET", url: "/exchangeRates" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });
});
