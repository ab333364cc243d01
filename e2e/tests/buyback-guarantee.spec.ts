import type { Page } from "@playwright/test";
import { signInAsStaff, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { completeThroughHandover, confirmDialog, handoverPanel } from "../support/handover.ts";

// Signing staff in may wait for the next authenticator step (up to 30 s).
test.describe.configure({ timeout: 180_000 });

function toast(page: Page, text: string) {
  return page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
}

/** Step 1's Add Currency with one amount. */
async function addLine(page: Page, { label, amount }: { label: string; amount: string }) {
  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  await form.getByLabel(label).fill(amount);
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("row", { name: /EUR/ }).first()).toBeVisible();
}

/** Step 1's branch, step 2's details, then "Place order": lands on the order's page; its number. */
async function detailsAndPlace(page: Page, email: string, lastName: string) {
  await page.getByLabel("Collection point").selectOption("worthing");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("First name").fill("Bea");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Confirm email").fill(email);
  await page.getByLabel("Phone").fill("07700 900456");
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/track\/[A-Za-z0-9._-]+$/);
  return (await page.getByText(/Order Number: \d{8}/).textContent())?.match(/\d{8}/)?.[0] ?? "";
}

/** Staff open the order at the counter, accept it, and complete its handover with the fee paid. */
async function collectAtTheCounter(staff: Page, orderNumber: string) {
  await signInAsStaff(staff);
  await staff.goto("/dashboard/collect");
  await waitForHydration(staff);
  await staff.getByLabel("Order Number", { exact: true }).fill(orderNumber);
  await staff.getByRole("button", { name: "Open the order" }).click();
  await expect(staff.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await waitForHydration(staff);
  await staff.getByRole("button", { name: /^Accept/ }).click();
  await confirmDialog(staff);
  await expect(toast(staff, "Accepted! This order has been accepted.")).toBeVisible();
  const panel = handoverPanel(staff);
  // The sterling taken is the order's £250 and the guarantee's £4.99.
  await expect(panel.getByLabel("Sterling taken (£)")).toHaveValue("254.99");
  await completeThroughHandover(staff, panel);
  await expect(toast(staff, "Completed! This order has been completed.")).toBeVisible();
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("the buy-back guarantee bought and used", async ({ page, browser, baseURL }) => {
      const email = uniqueEmail(`buyback${width}`);
      const lastName = `Guaranteed${width}x${Date.now()}`;

      // Checkout: £250 of euros with the guarantee, at its price and days.
      await page.goto("/purchase/EUR/Order");
      await waitForHydration(page);
      await addLine(page, { label: "You pay (GBP)", amount: "250" });
      const offer = page.getByLabel(/Buy-back guarantee/);
      await expect(
        page.getByText(/\(£4\.99\): sell back what you do not spend at the rate you bought at/),
      ).toBeVisible();
      await expect(page.getByText(/within 45 days of collecting/)).toBeVisible();
      await offer.check();
      await expectNoSeriousAxeViolations(page);
      const orderNumber = await detailsAndPlace(page, email, lastName);
      expect(orderNumber).toMatch(/^\d{8}$/);
      const orderUrl = page.url();
      const guarantee = page.getByRole("region", { name: "Buy-back guarantee" });
      await expect(guarantee).toContainText("Buy-back guarantee: for 45 days from when you collect your notes.");
      await expect(guarantee).toContainText("Bought for £4.99, paid at the branch with the order.");
      await expectNoSeriousAxeViolations(page);

      // Staff collect the order at the counter: the fee is paid with the order's sterling.
      const staffContext = await browser.newContext({ baseURL: String(baseURL) });
      await collectAtTheCounter(await staffContext.newPage(), orderNumber);
      await staffContext.close();

      // The order page now says what is left, at what rate, until when.
      await page.reload();
      await waitForHydration(page);
      await expect(guarantee).toContainText(
        /Buy-back guarantee: €280\.00 left to sell back at 1\.1232 until \w+ \d+\w\w, \d{4}/,
      );
      await expectNoSeriousAxeViolations(page);

      // Selling back part of it from the order page: priced by the server at the original rate.
      await guarantee.getByRole("link", { name: "Sell back EUR at the guaranteed rate" }).click();
      await expect(page).toHaveURL(/\/purchase\/EUR\/Sell\?guarantee=/);
      await waitForHydration(page);
      await expect(page.getByRole("note")).toContainText(
        `Selling back under the buy-back guarantee of order ${orderNumber}.`,
      );
      await addLine(page, { label: "You sell (EUR)", amount: "100" });
      const line = page.getByRole("row", { name: /EUR/ }).first();
      await expect(line).toContainText("1.1232");
      await expect(line).toContainText("€100.00");
      await expect(line).toContainText("£89.03");
      await expectNoSeriousAxeViolations(page);
      const saleNumber = await detailsAndPlace(page, email, lastName);
      expect(saleNumber).toMatch(/^\d{8}$/);
      await expectNoSeriousAxeViolations(page);

      // What is left is what was bought less what was sold back.
      await page.goto(orderUrl);
      await waitForHydration(page);
      await expect(guarantee).toContainText(/Buy-back guarantee: €180\.00 left to sell back at 1\.1232 until/);
      await expectNoSeriousAxeViolations(page);
    });
  });
}
