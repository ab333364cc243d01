import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayDates } from "@bureau/domain/dates";
import { createOrder } from "../test/factories.ts";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));

describe.skipIf(!haveWebBuild)("pages show dates in DISPLAY_TIME_ZONE", () => {
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  beforeAll(async () => {
    apps.push(await createTestApp({ web: true }));
    apps.push(await createTestApp({ web: true, env: { DISPLAY_TIME_ZONE: "Pacific/Auckland" } }));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  // 12:00 UTC two days ago: that day in London, the next one in Auckland (UTC+12/13).
  const today = new Date();
  const placedAt = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 2, 12));

  /** The customer's order page (reached through the order's signed link), as text. */
  async function orderPage(t: Awaited<ReturnType<typeof createTestApp>>): Promise<string> {
    const order = await createOrder(t.db, { createdAt: placedAt });
    const response = await t.app.inject({ method: "GET", url: `/track/${t.app.orderLinks.tokenFor(order.id)}` });
    expect(response.statusCode).toBe(200);
    // React separates adjacent text with empty comments.
    return response.body.replaceAll("<!-- -->", "");
  }

  it("gives the day and time of the configured zone, and hands the zone to the browser for hydration", async () => {
    const [inLondon, inAuckland] = [await orderPage(apps[0]!), await orderPage(apps[1]!)];
    const london = displayDates("Europe/London");
    const auckland = displayDates("Pacific/Auckland");
    expect(london.longDate(placedAt)).not.toBe(auckland.longDate(placedAt));
    expect(inLondon).toContain(`placed on ${london.longDate(placedAt)}`);
    expect(inLondon).toContain(london.longDateTime(placedAt));
    expect(inAuckland).toContain(`placed on ${auckland.longDate(placedAt)}`);
    expect(inAuckland).toContain(auckland.longDateTime(placedAt));
    expect(inAuckland).not.toContain(london.longDate(placedAt));
    expect(inAuckland).toContain("Pacific/Auckland");
  });
});
