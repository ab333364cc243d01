import type { Page } from "@playwright/test";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { waitForMail } from "../support/mail.ts";
import { placeOrder } from "../support/orders.ts";

const NOT_FOUND = "We could not find an order with these details";

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function findOrder(page: Page, orderNumber: string, email: string) {
  await page.getByLabel("Order Number").fill(orderNumber);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Find my order" }).click();
}

/** The customer's own cancel dialog: its words, not the spec's staff dialog ("Are you sure?"). */
function cancelDialog(page: Page) {
  return page.getByRole("dialog", { name: /^Cancel order \d+\?$/ });
}

async function confirmCancel(page: Page) {
  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = cancelDialog(page);
  await expect(dialog).toContainText("The branch will stop preparing your currency and will not hold it for you.");
  await expect(dialog).not.toContainText("You won't be able to revert this!");
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
}

test("the footer leads to Track your order; a match shows the order page, a miss the same message", async ({
  page,
}) => {
  const email = uniqueEmail("tracy");
  const { orderNumber } = await placeOrder(page, email);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Track your order" }).click();
  await expect(page).toHaveURL(/\/track$/);
  await expect(page.getByRole("heading", { level: 1, name: "Track your order" })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page);

  // Wrong e-mail and a number that does not exist get the same answer, and the form stays filled in.
  await findOrder(page, orderNumber, "someone-else@example.com");
  await expect(page.getByRole("alert")).toHaveText(NOT_FOUND);
  await expect(page.getByLabel("Order Number")).toHaveValue(orderNumber);
  await findOrder(page, orderNumber === "00000001" ? "00000002" : "00000001", email);
  await expect(page.getByRole("alert")).toHaveText(NOT_FOUND);
  await expectNoSeriousAxeViolations(page);

  // A match, with the e-mail in another letter case.
  await findOrder(page, orderNumber, email.toUpperCase());
  const order = page.getByRole("article", { name: `Order ${orderNumber}` });
  await expect(order).toContainText("Pending");
  await expect(order).toContainText("We have your order and will prepare it");
  await expect(order.getByRole("row", { name: /EUR/ })).toContainText("£300.00");
  await expect(order.getByRole("region", { name: "Branch" })).toContainText("Brighton");
  await expect(order.getByRole("region", { name: "Branch" })).toContainText("Monday to Saturday 9AM to 5PM");
  await expect(order.getByRole("note", { name: "Important Notification" })).toContainText("passport");
  await expect(order.getByRole("region", { name: "Timeline" })).toContainText("Order placed");
  await expect(order.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("the e-mail's link opens the order without typing; cancel asks first, e-mails, and the link then expires", async ({
  page,
}) => {
  const email = uniqueEmail("linked");
  const { orderNumber } = await placeOrder(page, email);
  const received = await waitForMail(email, new RegExp(`order ${orderNumber}`));
  const link = received.text.match(/http:\/\/127\.0\.0\.1:\d+\/track\/[A-Za-z0-9._-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await waitForHydration(page);
  const order = page.getByRole("article", { name: `Order ${orderNumber}` });
  await expect(order).toContainText("We have your order and will prepare it");

  // Saying no to the dialog changes nothing.
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(cancelDialog(page)).toHaveAccessibleName(`Cancel order ${orderNumber}?`);
  await cancelDialog(page).getByRole("button", { name: "Keep my order" }).click();
  await expect(order).toContainText("Pending");

  await confirmCancel(page);
  await expect(page.getByRole("status").filter({ hasText: "Your order has been cancelled" })).toBeVisible();
  await expect(order).toContainText("Cancelled");
  await expect(order.getByRole("region", { name: "Timeline" })).toContainText("Cancelled");
  await expect(order.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  // Nothing to bring or wait for once cancelled.
  await expect(order.getByRole("note", { name: "Important Notification" })).toHaveCount(0);
  await expect(order).not.toContainText("We will e-mail you when it is ready");
  await waitForMail(email, /has been cancelled/);

  // The order is closed: the link no longer opens it.
  const response = await page.goto(link!);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("alert")).toContainText("expired because the order is closed");
  await expectNoSeriousAxeViolations(page);
});

test("a cancel made meanwhile elsewhere is refused with the reason", async ({ page, browser }) => {
  const email = uniqueEmail("confirmed");
  const { orderNumber, accessToken } = await placeOrder(page, email);
  await page.goto(`/track/${accessToken}`);
  await waitForHydration(page);
  await expect(page.getByRole("article", { name: `Order ${orderNumber}` })).toContainText("Pending");

  // Cancelled meanwhile from another browser: this page's cancel is then refused with the reason.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto("/track");
  await waitForHydration(other);
  await findOrder(other, orderNumber, email);
  await confirmCancel(other);
  await expect(other.getByRole("status").filter({ hasText: "Your order has been cancelled" })).toBeVisible();
  await otherContext.close();

  await confirmCancel(page);
  await expect(page.getByRole("alert")).toHaveText("This order has already been cancelled.");
});

test("the wizard lands on the order's own page", async ({ page }) => {
  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  await form.getByLabel("You pay (GBP)").fill("200");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  // The line is in the basket once the server's quote is back.
  await expect(page.getByRole("row", { name: /EUR/ })).toContainText("£200.00");
  await page.getByLabel("Collection point").selectOption("worthing");
  await page.getByRole("button", { name: "Next" }).click();
  const email = uniqueEmail("wizard");
  await page.getByLabel("First name").fill("Wiz");
  await page.getByLabel("Last name").fill("Ard");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Confirm email").fill(email);
  await page.getByLabel("Phone").fill("07700 900777");
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  const number = (await page.getByText(/Order Number: \d{8}/).textContent())?.match(/\d{8}/)?.[0];
  await expect(page).toHaveURL(/\/track\/[A-Za-z0-9._-]+$/);
  await expect(page.getByRole("article", { name: `Order ${number}` })).toContainText(
    "We have your order and will prepare it",
  );
});
