import type { Page } from "@playwright/test";
import { signInAsStaff } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { completeThroughHandover, confirmDialog, fillHandover, handoverPanel } from "../support/handover.ts";
import { placeOrder } from "../support/orders.ts";
import { addDays } from "../../packages/domain/src/rate-history.ts";
import { londonToday } from "../support/dates.ts";

// Signing staff in may wait for the next authenticator step (up to 30 s).
test.describe.configure({ timeout: 120_000 });

function toast(page: Page, text: string) {
  return page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
}

/** Today's date in London (the bureau's time zone), and the day before, as YYYY-MM-DD. */
function londonDays(): { today: string; yesterday: string } {
  const today = londonToday();
  const yesterday = addDays(today, -1);
  return { today, yesterday };
}

/** Opens an order at the counter by its number (the Collect page), and accepts it there. */
async function openAndAccept(page: Page, orderNumber: string) {
  await page.goto("/dashboard/collect");
  await waitForHydration(page);
  await page.getByLabel("Order Number", { exact: true }).fill(orderNumber);
  await page.getByRole("button", { name: "Open the order" }).click();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Accept/ }).click();
  await confirmDialog(page);
  await expect(toast(page, "Accepted! This order has been accepted.")).toBeVisible();
}

test("the handover is refused without the ID and with an expired document, then completes the order", async ({
  page,
  baseURL,
}) => {
  await signInAsStaff(page);
  const { orderNumber } = await placeOrder(page, "handover-id@example.com", {
    customer: { firstName: "Ida", lastName: `Checked${Date.now()}` },
    origin: String(baseURL),
  });
  await openAndAccept(page, orderNumber);

  // The panel of the Collect page's order: nothing filled, nothing happens but the reasons.
  const panel = handoverPanel(page);
  await panel.getByRole("button", { name: /^Complete/ }).click();
  await expect(panel.getByText("Choose the type of ID checked")).toBeVisible();
  await expect(panel.getByText("Enter the last 4 letters or digits of the document's number")).toBeVisible();
  await expect(panel.getByText("Enter the document's expiry date")).toBeVisible();
  await expect(panel.getByText("Tick that the payment card matches the name on the ID")).toBeVisible();
  await expect(panel.getByRole("radio", { name: "Passport" })).toBeFocused();
  await expect(page.getByRole("dialog", { name: "Are you sure?" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // An expired document (yesterday in London) is refused.
  const { today, yesterday } = londonDays();
  await fillHandover(panel, { idType: "UK or EU photo driving licence", last4: "ab12", expiresOn: yesterday });
  await panel.getByRole("button", { name: /^Complete/ }).click();
  await expect(panel.getByText(/^This document expired on .+: an expired document cannot be accepted$/)).toBeVisible();
  await expect(panel.getByLabel("Expiry date")).toBeFocused();
  await expect(page.getByRole("dialog", { name: "Are you sure?" })).toHaveCount(0);
  await expect(page.locator(".status-badge").first()).toHaveText("accepted");

  // A document that expires today is still valid today.
  await panel.getByLabel("Expiry date").fill(today);
  await panel.getByRole("button", { name: /^Complete/ }).click();
  await confirmDialog(page);
  await expect(toast(page, "Completed! This order has been completed.")).toBeVisible();
  await expect(page.locator(".status-badge").first()).toHaveText("completed");
  const timeline = page.locator(".timeline");
  await expect(timeline).toContainText("handover");
  await expect(timeline).toContainText("ID checked: UK or EU photo driving licence ending AB12");
  await expect(timeline).toContainText("The payment card matched the name on the ID");
  await expect(handoverPanel(page)).toHaveCount(0);
});

test("a Click & Sell handover with a difference pays for what was received, at the order's rate", async ({
  page,
  baseURL,
}) => {
  await signInAsStaff(page);
  const lastName = `Seller${Date.now()}`;
  const { orderNumber } = await placeOrder(page, "handover-sell@example.com", {
    way: "Sell",
    customer: { firstName: "Sal", lastName },
    lines: [{ currency: "EUR", gbpMinor: 20_000 }],
    origin: String(baseURL),
  });
  await openAndAccept(page, orderNumber);
  const line = page.getByRole("row", { name: /EUR/ }).first();
  const rate = (await line.getByRole("cell").nth(2).textContent())?.trim() ?? "";
  expect(rate).toMatch(/^\d+\.\d{4}$/);

  // From the Accepted Orders list: Complete opens the same panel over the list.
  await page.goto("/dashboard/activeOrders");
  await waitForHydration(page);
  await page
    .getByRole("row", { name: new RegExp(orderNumber) })
    .getByRole("button", { name: /Complete/ })
    .click();
  const completing = page.getByRole("dialog", { name: `Complete order ${orderNumber}` });
  const panel = handoverPanel(completing);
  await expect(panel.getByRole("group", { name: "Notes received: EUR" })).toBeVisible();
  // It starts with the order's amount in the largest notes; the customer brought one €200 note only.
  const counts = panel.getByRole("group", { name: "Notes received: EUR" }).getByRole("textbox");
  await expect(panel.getByLabel("€200.00 notes")).toHaveValue("1");
  for (let i = 0; i < (await counts.count()); i++) await counts.nth(i).fill("");
  await panel.getByLabel("€200.00 notes").fill("1");
  await expect(panel).toContainText("Received €200.00 of €");
  // Oracle: the pence of €200.00 at the 4-decimal rate, floored (10^6 / (rate × 10^4 × 100) per cent).
  const rate4 = BigInt(rate.replace(".", ""));
  const pence = Number((20_000n * 1_000_000n) / (rate4 * 100n));
  const pounds = `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(panel).toContainText(`Sterling to pay the customer: ${pounds}`);
  await expectNoSeriousAxeViolations(page);

  // Without a word on the difference it is refused; with one, completed.
  await fillHandover(panel, { idType: "EU national ID card", last4: "Z9Y8" });
  await panel.getByRole("button", { name: /^Complete/ }).click();
  await expect(
    panel.getByText(
      "The notes received differ from the order: record the difference (what the customer brought, and why)",
    ),
  ).toBeVisible();
  await completeThroughHandover(page, panel, {
    idType: "EU national ID card",
    last4: "Z9Y8",
    differenceReason: "Customer brought one €200 note; the rest kept",
  });
  await expect(toast(page, "Completed! This order has been completed.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(orderNumber) })).toHaveCount(0);

  // The order's page tells what was received and paid.
  await page.goto(`/dashboard/history?q=${lastName}`);
  await waitForHydration(page);
  await page
    .getByRole("row", { name: new RegExp(orderNumber) })
    .getByRole("link", { name: /Details/ })
    .click();
  const timeline = page.locator(".timeline");
  await expect(timeline).toContainText("EUR received: €200.00 of €");
  await expect(timeline).toContainText("(1 × €200.00)");
  await expect(timeline).toContainText(`Paid to the customer: ${pounds}`);
  await expect(timeline).toContainText("Difference recorded: Customer brought one €200 note; the rest kept");
  await expectNoSeriousAxeViolations(page);
});
