import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";

// EUR as seeded: market 1.1520; Click & Collect margin -2.5% → 1.1232, Click & Sell +3% → 1.1866.

test("Exchange Rates says how far each rate is from the market rate", async ({ page }) => {
  await page.goto("/exchangeRates");
  await waitForHydration(page);
  const euro = page.getByRole("row", { name: /EUR Euro/ });
  await expect(euro.getByRole("cell").nth(0)).toContainText("2.5% below the market rate");
  await expect(euro.getByRole("cell").nth(1)).toContainText("1.1866");
  await expect(euro.getByRole("cell").nth(1)).toContainText("3.0% above the market rate");
  await expectNoSeriousAxeViolations(page);
});

test("the home widget shows the distance from the market rate for the chosen way", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const calculator = page.getByRole("region", { name: "Exchange calculator" });
  await expect(calculator).toContainText("1 GBP = 1.1232 EUR (2.5% below the market rate)");
  await calculator.getByRole("tab", { name: "Click & Sell" }).click();
  await expect(calculator).toContainText("1 GBP = 1.1866 EUR (3.0% above the market rate)");
});
