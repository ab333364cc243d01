import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";

const MINIMUM = "The minimum for Click & Collect is £100 per currency";
const MAXIMUM = "For more than £2,500 please contact the branch";

function toast(page: Page, text: string) {
  return page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
}

test("the home widget tells the Click & Collect minimum and maximum and keeps the customer there", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const calculator = page.getByRole("region", { name: "Exchange calculator" });
  await calculator.getByLabel("You pay (GBP)").fill("50");
  await expect(calculator).toContainText(MINIMUM);
  await calculator.getByRole("button", { name: "Order Now" }).click();
  await expect(toast(page, MINIMUM)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await calculator.getByLabel("You pay (GBP)").fill("3000");
  await expect(calculator).toContainText(MAXIMUM);
  await calculator.getByRole("button", { name: "Order Now" }).click();
  await expect(toast(page, MAXIMUM)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Click & Sell has no minimum.
  await calculator.getByRole("tab", { name: "Click & Sell" }).click();
  await calculator.getByLabel("You sell (EUR)").fill("20");
  await expect(calculator).not.toContainText(MINIMUM);
});

test("the add form answers 0 first, then the minimum, then the order maximum with the basket", async ({ page }) => {
  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  const add = form.getByRole("button", { name: "Add", exact: true });
  await form.getByLabel("You pay (GBP)").fill("0");
  await add.click();
  await expect(toast(page, "Please give correct amount")).toBeVisible();
  await form.getByLabel("You pay (GBP)").fill("60");
  await add.click();
  await expect(toast(page, MINIMUM)).toBeVisible();
  await form.getByLabel("You pay (GBP)").fill("2600");
  await add.click();
  await expect(toast(page, MAXIMUM)).toBeVisible();
  // Toasts close on click: clear this one so that the next answer is seen on its own.
  await toast(page, MAXIMUM).click();
  await expect(toast(page, MAXIMUM)).toHaveCount(0);

  const rows = page.getByRole("table", { name: "Currencies in your basket" }).locator("tbody tr");
  await form.getByLabel("You pay (GBP)").fill("2000");
  await add.click();
  await expect(rows).toHaveCount(1);
  // £600 more would take the order past £2,500: the server says so with the basket's total.
  await form.getByLabel("Currency").selectOption("USD");
  await form.getByLabel("You pay (GBP)").fill("600");
  await add.click();
  await expect(toast(page, MAXIMUM)).toBeVisible();
  await expect(rows).toHaveCount(1);
});

test("the terms state the Click & Collect limits", async ({ page }) => {
  await page.goto("/termsCoditition");
  await expect(page.getByRole("main")).toContainText(
    "Each currency in a Click & Collect order must come to at least £100.00, and a Click & Collect order may come to at most £2,500.00 in all.",
  );
});
