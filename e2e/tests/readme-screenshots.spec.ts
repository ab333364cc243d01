import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { signInAsStaff } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { placeOrder } from "../support/orders.ts";

/**
 * The README's pictures of the product, taken by the browser tests so that they show the product as it
 * is built today: the customer site on a phone, an order's own page, and the staff dashboard. Every run
 * of the browser tests writes them again into docs/screenshots (commit them when the product's look
 * changes).
 */
const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");

async function capture(page: Page, name: string) {
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), animations: "disabled" });
}

test("the customer site on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await capture(page, "customer-site-phone");
});

test("an order's own page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `readme-${Date.now()}@example.com`;
  const { orderNumber, accessToken } = await placeOrder(page, email);
  await page.goto(`/track/${accessToken}`);
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await capture(page, "order-page");
});

test("the staff dashboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await placeOrder(page, `readme-staff-${Date.now()}@example.com`);
  await signInAsStaff(page);
  await page.goto("/dashboard/manageOrders");
  await expect(page.getByRole("table").first()).toBeVisible();
  await capture(page, "dashboard");
});
