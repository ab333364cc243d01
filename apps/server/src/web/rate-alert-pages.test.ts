import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_ALERT_CONFIRM_DAYS, rateAlertMessages } from "@bureau/domain/rate-alerts";
import { rateAlerts } from "../db/schema.ts";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));

describe.skipIf(!haveWebBuild)("the pages of a lapsed rate alert's links", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t.close());

  /** A page as the server renders it, as text (React separates adjacent text with empty comments). */
  async function page(url: string) {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode, url).toBe(200);
    return response.body.replaceAll("<!-- -->", "");
  }

  it("say the alert lapsed unconfirmed, with no button to press", async () => {
    const [alert] = await t.db
      .insert(rateAlerts)
      .values({
        currencyCode: "EUR",
        target: "1.3",
        email: "lapsed-pages@example.com",
        createdAt: new Date(Date.now() - (RATE_ALERT_CONFIRM_DAYS * 24 * 60 + 1) * 60_000),
      })
      .returning();
    const confirm = await page(`/alerts/confirm/${t.app.alertLinks.confirmToken(alert!.id)}`);
    expect(confirm).toContain(rateAlertMessages.lapsed.replaceAll("'", "&#x27;"));
    expect(confirm).not.toContain("Switch the alert on");

    const unsubscribe = await page(`/alerts/unsubscribe/${t.app.alertLinks.unsubscribeToken(alert!.id)}`);
    expect(unsubscribe).toContain(rateAlertMessages.lapsedNothingWaiting.replaceAll("'", "&#x27;"));
    expect(unsubscribe).not.toContain(">Unsubscribe</button>");
  });
});
