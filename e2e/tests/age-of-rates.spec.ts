import { originOf, signInAsStaff } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";

/**
 * Rates say how old they are (docs/decisions/027). The product starts on the seeded rates of November
 * 2nd, 2026 with a live provider switched off, so the rates are older than RATES_FRESH_HOURS: no page may
 * call them live or today's. This file runs before any other switches live rates on (alphabetical order,
 * one worker); its last test switches them on to see the words come back, and off again.
 */
const SEEDED = "Rates as of November 2nd, 2026, 00:00";
const HOUR = 3_600_000;

async function ratesAsOf(page: import("@playwright/test").Page): Promise<number> {
  const body = (await (await page.request.get("/api/currencies")).json()) as { rates: { ratesAsOf: string } };
  return new Date(body.rates.ratesAsOf).getTime();
}

test.describe.configure({ mode: "serial" });

test("stale rates are dated, never called live or today's, on the site, widget and rate board", async ({ page }) => {
  await page.goto("/");
  expect(Date.now() - (await ratesAsOf(page)), "the seeded rates must still be the newest").toBeGreaterThan(26 * HOUR);

  await expect(page.getByRole("heading", { name: "Our exchange rates" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Today's exchange rates" })).toHaveCount(0);
  const widget = page.locator(".home-hero");
  await expect(widget.getByText(SEEDED)).toBeVisible();
  await expect(page.getByText(/Live rate/)).toHaveCount(0);
  await expect(page.getByText(/buys you in euros today/)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await page.goto("/exchangeRates");
  await expect(page).toHaveTitle("Exchange Rates | Harbour FX");
  await expect(page.getByText(SEEDED)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto("/board/brighton");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Rates at Brighton" })).toBeVisible();
  await expect(page.getByText(SEEDED)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("the dashboard's banner names the rates' age, what to do, and that screening is off", async ({ page }) => {
  await signInAsStaff(page);
  await page.goto("/dashboard/Statics");
  await waitForHydration(page);
  const banner = page.getByRole("status", { name: "Needs attention" });
  await expect(banner).toBeVisible();
  const days = Math.floor((Date.now() - Date.parse("2026-11-02T00:00:00Z")) / (24 * HOUR));
  await expect(banner).toContainText(`Rates were last refreshed ${days} days ago (November 2nd, 2026, 00:00)`);
  await expect(banner).toContainText("Switch “Get the Latest” on under Currency");
  await expect(banner.getByRole("link", { name: "Currency" })).toHaveAttribute("href", "/dashboard/Currency");
  await expect(banner).toContainText(
    "No UK Sanctions List has been imported: screening is off until a list is imported.",
  );
  await expectNoSeriousAxeViolations(page);

  // The banner is on every dashboard page.
  await page.goto("/dashboard/Currency");
  await expect(page.getByRole("status", { name: "Needs attention" })).toContainText("Rates were last refreshed");
});

test("once live rates have refreshed, the pages say today's and live again", async ({ page }) => {
  await signInAsStaff(page);
  const origin = { origin: originOf(page) };
  const on = await page.request.put("/api/admin/rates/refresh", { headers: origin, data: { enabled: true } });
  expect(on.status(), await on.text()).toBe(200);
  try {
    await expect.poll(async () => Date.now() - (await ratesAsOf(page)), { timeout: 20_000 }).toBeLessThan(HOUR);
  } finally {
    await page.request.put("/api/admin/rates/refresh", { headers: origin, data: { enabled: false } });
  }
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Today's exchange rates" })).toBeVisible();
  await expect(page.locator(".home-hero").getByText(/^Rates as of/)).toHaveCount(0);
  await expect(page.getByText(/^Live rate: 1 GBP = /)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto("/exchangeRates");
  await expect(page).toHaveTitle("Exchange Rates Today | Harbour FX");
  await page.goto("/board/brighton");
  await expect(page.getByRole("heading", { level: 1, name: "Today's rates at Brighton" })).toBeVisible();

  await page.goto("/dashboard/Statics");
  const banner = page.getByRole("status", { name: "Needs attention" });
  await expect(banner).not.toContainText("Rates were last refreshed");
  await expect(banner).toContainText("No UK Sanctions List has been imported");
  await expectNoSeriousAxeViolations(page);
});
