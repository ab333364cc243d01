import type { Page } from "@playwright/test";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { recordApiChangesFromBrowser } from "../support/orders.ts";

function basketRows(page: Page) {
  return page.getByRole("table", { name: "Currencies in your basket" }).locator("tbody tr");
}

async function addLine(page: Page, code: string, gbp: string) {
  const form = page.getByRole("form", { name: "Add currency" });
  if (!(await form.isVisible())) await page.getByRole("button", { name: "Add Currency" }).click();
  const before = await basketRows(page).count();
  await form.getByLabel("Currency").selectOption(code);
  await form.getByLabel(/\(GBP\)/).fill(gbp);
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(basketRows(page)).toHaveCount(before + 1);
}

async function fillDetails(page: Page, email = "jane@example.com") {
  await page.getByLabel("First name").fill("Jane");
  await page.getByLabel("Last name").fill("Doe");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Confirm email").fill(email);
  await page.getByLabel("Phone").fill("07700 900456");
}

function toast(page: Page, text: string) {
  return page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
}

test("a Click & Collect order with two currencies reaches the confirmation", async ({ page }) => {
  const apiChanges = recordApiChangesFromBrowser(page);
  await page.goto("/exchangeRates");
  await waitForHydration(page);
  await page
    .getByRole("row", { name: /EUR Euro/ })
    .getByRole("link", { name: "Click & Collect" })
    .click();
  await expect(page).toHaveURL(/\/purchase\/EUR\/Order$/);
  await waitForHydration(page);
  await expect(page.getByText("Create Order")).toBeVisible();
  await expect(page.getByText("YOUR DETAILS")).toBeVisible();
  await expect(page.getByText("ORDER CONFIRMATION")).toBeVisible();
  await addLine(page, "EUR", "123");
  // £123 is rounded up to £130 for Click & Collect.
  await expect(page.getByRole("row", { name: /EUR/ })).toContainText("£130.00");
  await addLine(page, "USD", "200");
  await expect(page.getByRole("row", { name: /USD/ })).toContainText("£200.00");
  await page.getByLabel("Collection point").selectOption("brighton");
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Next" }).click();
  await fillDetails(page);
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/Order Number: \d{8}/)).toBeVisible();
  const confirmation = page.locator(".confirmation");
  for (const header of ["Currency", "From", "To", "Rate"]) {
    await expect(confirmation.getByRole("columnheader", { name: header })).toBeVisible();
  }
  await expect(confirmation).toContainText("Booking Details");
  await expect(confirmation).toContainText("Full Name");
  await expect(confirmation).toContainText("Jane Doe");
  await expect(confirmation).toContainText("Pickup Location");
  await expect(confirmation).toContainText("Brighton");
  await expect(confirmation).toContainText("Important Notification");
  await expect(confirmation).toContainText("within the past 90 days");
  await expect(confirmation).toContainText("24-hour rate guarantee");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  // The collection pass: a QR code the server drew, loaded and shown.
  const pass = confirmation.getByRole("img", { name: /^Collection pass QR code for order \d{8}$/ });
  await expect(pass).toBeVisible();
  await expect
    .poll(() => pass.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousAxeViolations(page);
  // Only the ordered lines leave the cart; the purchase key is gone when it is empty.
  expect(await page.evaluate(() => window.localStorage.getItem("purchase"))).toBeNull();
  // Quotes and the order went through the order page's route action, never from the browser to the API.
  expect(apiChanges).toEqual([]);
});

test("a Click & Sell order reaches the confirmation with the sell notes", async ({ page }) => {
  await page.goto("/exchangeRates");
  await waitForHydration(page);
  await page
    .getByRole("row", { name: /USD US Dollar/ })
    .getByRole("link", { name: "Click & Sell" })
    .click();
  await expect(page).toHaveURL(/\/purchase\/USD\/Sell$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  await form.getByLabel("You sell (USD)").fill("300");
  await expect(form.getByLabel("You get (GBP)")).not.toHaveValue("");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("row", { name: /USD/ })).toContainText("US$300.00");
  await page.getByLabel("Collection point").selectOption("172");
  await page.getByRole("button", { name: "Next" }).click();
  await fillDetails(page, "seller@example.com");
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/Order Number: \d{8}/)).toBeVisible();
  await expect(page.locator(".confirmation")).toContainText("no coins");
});

test("every validation message of the wizard, in order", async ({ page }) => {
  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(toast(page, "Select the checking point")).toBeVisible();
  await page.getByLabel("Collection point").selectOption("worthing");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(toast(page, "Please add currency item")).toBeVisible();

  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  await form.getByLabel("You pay (GBP)").fill("0");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Please give correct amount")).toBeVisible();
  await addLine(page, "EUR", "100");
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "First name is required")).toBeVisible();
  // E-mail and phone formats are checked in the browser with the server's own rules, before anything is sent.
  const placements: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/orders")
      placements.push(request.url());
  });
  await fillDetails(page, "jane@example");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "Enter a valid email")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
  await fillDetails(page);
  await page.getByLabel("Phone").fill("call me");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "Enter a valid phone number")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  expect(placements).toEqual([]);
  await fillDetails(page);
  await page.getByLabel("Confirm email").fill("someone-else@example.com");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "Emails doesnt match")).toBeVisible();
  await page.getByLabel("Confirm email").fill("jane@example.com");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "Please select the rules")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute(
    "href",
    "/termsCoditition",
  );
});

test("the fifth item is refused with Please clear your cart", async ({ page }) => {
  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  for (const code of ["EUR", "USD", "JPY", "CHF"]) await addLine(page, code, "100");
  const form = page.getByRole("form", { name: "Add currency" });
  await form.getByLabel("Currency").selectOption("AUD");
  await form.getByLabel("You pay (GBP)").fill("100");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Please clear your cart")).toBeVisible();
  await expect(page.getByRole("row", { name: /AUD/ })).toHaveCount(0);
  // Removing a line makes room again.
  await page.getByRole("button", { name: "Remove CHF" }).click();
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("row", { name: /AUD/ })).toHaveCount(1);
});

test("a cart item expires after 30 minutes and never comes back", async ({ page }) => {
  await page.clock.install();
  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  await addLine(page, "EUR", "100");
  await expect(page.getByRole("row", { name: /EUR/ })).toContainText(/2\d:\d\d|30:00/);
  await page.clock.fastForward("29:00");
  await expect(page.getByRole("row", { name: /EUR/ })).toBeVisible();
  await page.clock.fastForward("01:05");
  await expect(page.getByRole("row", { name: /EUR/ })).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("row", { name: /EUR/ })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem("purchase"))).toBeNull();
});

test("an order page deep link works on a fresh visit and unknown currencies 404", async ({ page }) => {
  const response = await page.goto("/purchase/jpy/Order");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Japanese Yen");
  expect((await page.goto("/purchase/XXX/Order"))?.status()).toBe(404);
  expect((await page.goto("/purchase/EUR/Buy"))?.status()).toBe(404);
});

test("an answer lost on the way: the page says so, and the retry places the same order, once", async ({ page }) => {
  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  await addLine(page, "EUR", "300");
  await page.getByLabel("Collection point").selectOption("worthing");
  await page.getByRole("button", { name: "Next" }).click();
  await fillDetails(page, "lost-answer@example.com");
  await page.getByLabel(/I have read and agree/).check();
  // The first post reaches the server and places the order, but its answer never reaches the page.
  let firstAnswer = "";
  await page.route("**/purchase/EUR/Order.data*", async (route) => {
    if (route.request().method() !== "POST" || firstAnswer) return route.continue();
    firstAnswer = await (await route.fetch()).text();
    await route.abort("failed");
  });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.locator(".alert")).toContainText("We could not reach our server. Please try again.");
  await expect(toast(page, "Something went wrong")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  const number = page.getByText(/Order Number: \d{8}/);
  await expect(number).toBeVisible();
  const orderNumber = (await number.textContent())?.match(/\d{8}/)?.[0];
  // The retry reused the order's idempotency key: the order is the one the lost answer was about.
  expect(orderNumber).toBeTruthy();
  expect(firstAnswer).toContain(String(orderNumber));
});
