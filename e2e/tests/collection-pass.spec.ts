import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { signInAsStaff } from "../support/accounts.ts";
import { chromiumFlags, chromiumPath } from "../support/chromium.ts";
import { writeY4mOfPng } from "../support/fake-camera.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { placeOrder } from "../support/orders.ts";

// Signing staff in may wait for the next authenticator step (up to 30 s); the camera test starts a browser.
test.describe.configure({ timeout: 120_000 });

test("staff open an order by scanning its collection pass with the camera", async ({ page, baseURL }) => {
  await page.goto("/");
  const placed = await placeOrder(page, "pass@example.com", {
    customer: { firstName: "Pat", lastName: `Scanner${Date.now()}` },
    origin: String(baseURL),
  });
  // The camera is fed the very image the customer is shown on the confirmation.
  const pass = await page.request.get(`/api/orders/link/${placed.accessToken}/collection-pass.png`);
  expect(pass.status()).toBe(200);
  const video = path.join(mkdtempSync(path.join(tmpdir(), "bureau-camera-")), "pass.y4m");
  writeY4mOfPng(await pass.body(), video);

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      ...chromiumFlags,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const counter: Page = await (await browser.newContext({ baseURL })).newPage();
    await signInAsStaff(counter);
    await counter.goto("/dashboard/Statics");
    await waitForHydration(counter);
    await counter.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Collect" }).click();
    await expect(counter.getByRole("heading", { name: "Collect", level: 1 })).toBeVisible();
    await waitForHydration(counter);
    await expectNoSeriousAxeViolations(counter);
    await counter.getByRole("button", { name: "Scan a collection pass" }).click();
    await expect(counter).toHaveURL(/\/dashboard\/orderDetails\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(counter.getByRole("heading", { name: `Order ${placed.orderNumber}` })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test("typing the order number opens the order, and a wrong one is told", async ({ page, baseURL }) => {
  await signInAsStaff(page);
  const placed = await placeOrder(page, "typed@example.com", { origin: String(baseURL) });
  await page.goto("/dashboard/collect");
  await waitForHydration(page);
  const field = page.getByLabel("Order Number", { exact: true });
  await field.fill("1234");
  await page.getByRole("button", { name: "Open the order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "An order number has 8 digits." })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousAxeViolations(page);
  await field.fill(placed.orderNumber);
  await field.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/orderDetails\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: `Order ${placed.orderNumber}` })).toBeVisible();
});

test("a tampered collection pass address is refused on the Collect page", async ({ page }) => {
  await signInAsStaff(page);
  await page.goto(`/dashboard/collect/${crypto.randomUUID()}.${"A".repeat(43)}`);
  await waitForHydration(page);
  await expect(page.getByRole("alert").filter({ hasText: "This is not a valid collection pass." })).toBeVisible();
});
