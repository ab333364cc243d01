import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { chartDayCount } from "../support/rate-history.ts";

// EUR as seeded (rate history from the seed's as-of day): market 1.1520, Click & Collect 1.1232, Click & Sell 1.1866.

test("every Exchange Rates row links to its rate history; the ranges switch and the table matches the chart", async ({
  page,
  consoleErrors,
}) => {
  await page.goto("/exchangeRates");
  await waitForHydration(page);
  await page.getByRole("link", { name: "EUR Euro rate history" }).click();
  await expect(page).toHaveURL(/\/exchangeRates\/EUR$/);
  await expect(page.getByRole("heading", { level: 1, name: "EUR Euro rate history" })).toBeVisible();
  const periods = page.getByRole("navigation", { name: "Period" });
  await expect(periods.getByRole("link", { name: "1 month" })).toHaveAttribute("aria-current", "page");

  const summary = page.getByRole("table", { name: /^Over 1 month/ });
  await expect(summary.getByRole("row", { name: /Click & Collect rate/ })).toContainText("1.1232");
  await expect(summary.getByRole("row", { name: /Market rate/ })).toContainText("1.1520");
  await expectTableMatchesChart(page, chartDayCount("1m"));
  await expectNoSeriousAxeViolations(page);

  await periods.getByRole("link", { name: "1 year" }).click();
  await expect(page).toHaveURL(/\/exchangeRates\/EUR\?range=1y$/);
  await expect(periods.getByRole("link", { name: "1 year" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: /^Over 1 year/ })).toBeVisible();
  await expectTableMatchesChart(page, chartDayCount("1y"));

  await periods.getByRole("link", { name: "5 years" }).click();
  await expect(page.getByRole("table", { name: /^Over 5 years/ })).toBeVisible();
  await expectTableMatchesChart(page, chartDayCount("5y"));
  expect(consoleErrors).toEqual([]);
});

test("the rate history reads without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/exchangeRates/usd?range=1y");
  await expect(page.getByRole("heading", { level: 1, name: /USD .* rate history/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Chart of the USD rates/ })).toBeVisible();
  await expectTableMatchesChart(page, chartDayCount("1y"));
  await page.getByRole("link", { name: "1 month" }).click();
  await expect(page.getByRole("table", { name: /^Over 1 month/ })).toBeVisible();
  await context.close();
});

test("an unknown currency's history is a not-found page", async ({ page }) => {
  const response = await page.goto("/exchangeRates/XXX");
  expect(response?.status()).toBe(404);
});

/** Every chart point is a row of the table with the same figures, and every figure of the table is drawn. */
async function expectTableMatchesChart(page: import("@playwright/test").Page, days: number) {
  const table = page.getByRole("table", { name: "The rates drawn in the chart, per £1" });
  await expect(table.locator("tbody tr")).toHaveCount(days);
  const fromTable = await table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.flatMap((row) =>
        [...row.querySelectorAll("td")]
          .filter((cell) => cell.textContent !== "–")
          .map((cell) => `${row.getAttribute("data-day")} ${cell.getAttribute("data-series")} ${cell.textContent}`),
      ),
    );
  const fromChart = await page.locator("svg circle").evaluateAll((circles) =>
    circles.map((circle) => {
      const series = circle.closest("[data-series]")?.getAttribute("data-series");
      const value = circle.querySelector("title")?.textContent?.split(": ").at(-1);
      return `${circle.getAttribute("data-day")} ${series} ${value}`;
    }),
  );
  expect(fromTable.length).toBeGreaterThan(0);
  expect([...fromChart].sort()).toEqual([...fromTable].sort());
}
