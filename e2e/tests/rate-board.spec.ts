import type { Browser, Page } from "@playwright/test";
import { signInAsStaff, toast } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";

/** A staff page in its own browser context, for changing what the boards show while a board is open. */
async function staffPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const staff = await browser.newPage({ baseURL });
  await signInAsStaff(staff);
  return staff;
}

// Signing staff in may wait for the next authenticator step (up to 30 s), and axe scans the long forms.
test.describe.configure({ timeout: 90_000 });

function rateCell(page: Page, code: string, column: 1 | 2) {
  return page.locator(`tr[data-code="${code}"] td`).nth(column - 1);
}

test("the board updates in place, without a reload, when staff change a rate", async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  await page.goto("/board/brighton");
  await waitForHydration(page);
  // "Today's" only while the rates are fresh (docs/decisions/027): other tests may have refreshed them.
  await expect(page.getByRole("heading", { name: /^(Today's rates|Rates) at Brighton$/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: /Click & Collect/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: /Click & Sell/ })).toBeVisible();
  await expect(page.locator("main[data-live='true']")).toBeAttached();
  await expectNoSeriousAxeViolations(page);
  const before = await rateCell(page, "THB", 1).textContent();
  // Set on this document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { boardMarker: string }).boardMarker = "still here";
  });

  const staff = await staffPage(browser, baseURL);
  const change = await staff.request.put("/api/admin/currencies/THB", {
    headers: { origin: String(baseURL) },
    data: { label: "Thai Baht", sell: "-6.75", buy: "6.75" },
  });
  expect(change.status(), await change.text()).toBe(200);
  const changed = (await change.json()) as { collectRate: string; sellRate: string };
  expect(changed.collectRate).not.toBe(before);

  await expect(rateCell(page, "THB", 1)).toHaveText(changed.collectRate);
  await expect(rateCell(page, "THB", 2)).toHaveText(changed.sellRate);
  expect(await page.evaluate(() => (window as unknown as { boardMarker?: string }).boardMarker)).toBe("still here");
  expect(consoleErrors).toEqual([]);
  await staff.close();
});

test("ten currencies fill a 1920×1080 screen without scrolling, in large type", async ({ page, browser, baseURL }) => {
  const staff = await staffPage(browser, baseURL);
  const ten = ["EUR", "USD", "TRY", "AED", "AUD", "CAD", "THB", "CHF", "JPY", "NZD"];
  const saved = await staff.request.put("/api/admin/board/featured/172", {
    headers: { origin: String(baseURL) },
    data: { currencies: ten },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await staff.close();

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto("/board/172");
  await waitForHydration(page);
  await expect(page.locator("tbody tr")).toHaveCount(10);
  const fit = await page.evaluate(() => {
    const root = document.documentElement;
    const rows = [...document.querySelectorAll("tbody tr")].map((row) => row.getBoundingClientRect().bottom);
    const foot = document.querySelector(".rate-board-foot")?.getBoundingClientRect().bottom ?? Infinity;
    const cell = document.querySelector("tbody td");
    return {
      overflowX: root.scrollWidth - root.clientWidth,
      overflowY: root.scrollHeight - root.clientHeight,
      lastRow: Math.max(...rows),
      foot,
      rateFontPx: cell ? Number.parseFloat(getComputedStyle(cell).fontSize) : 0,
    };
  });
  expect(fit.overflowX).toBeLessThanOrEqual(0);
  expect(fit.overflowY).toBeLessThanOrEqual(0);
  expect(fit.lastRow).toBeLessThanOrEqual(1080);
  expect(fit.foot).toBeLessThanOrEqual(1080);
  // Readable from across a shop: rates at least 48 px high on a 1080-line screen, even with ten currencies.
  expect(fit.rateFontPx).toBeGreaterThanOrEqual(48);
  await expectNoSeriousAxeViolations(page);
});

test("the board prints on one A4 page with the date and time of the rates", async ({ page }) => {
  await page.goto("/board/172");
  await waitForHydration(page);
  await page.emulateMedia({ media: "print" });
  const asOf = page.locator(".rate-board-foot time");
  await expect(asOf).toHaveText(/^Rates as of [A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}, \d{2}:\d{2}$/);
  await expect(page.getByRole("button", { name: "Full screen" })).toBeHidden();
  const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
  const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages.length).toBe(1);
});

test("staff choose a branch's featured currencies in the dashboard, and the board shows them", async ({ page }) => {
  await signInAsStaff(page);
  await page.goto("/dashboard/Statics");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Rate Board" }).click();
  await expect(page.getByRole("heading", { name: "Rate Board", level: 1 })).toBeVisible();
  await page.getByLabel("Branch").selectOption({ label: "Chichester" });
  const grid = page.getByRole("group", { name: /Currencies on the board/ });
  const ticked = grid.getByRole("checkbox", { checked: true });
  while ((await ticked.count()) > 0) await ticked.first().uncheck();
  await page.getByRole("button", { name: "Save the board" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose at least one currency" })).toBeVisible();
  await grid.getByRole("checkbox", { name: /^USD/ }).check();
  await grid.getByRole("checkbox", { name: /^JPY/ }).check();
  await page.getByRole("button", { name: "Save the board" }).click();
  await expect(toast(page, "The Chichester board shows USD, JPY")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto("/board/chichester");
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await expect(page.locator("tbody th")).toHaveText([/USD/, /JPY/]);
});

test("a branch that does not exist has no board", async ({ page }) => {
  const response = await page.goto("/board/atlantis");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
