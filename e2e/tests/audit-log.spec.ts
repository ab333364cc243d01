import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { signInAsStaff, toast } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { placeOrder } from "../support/orders.ts";
import { parseCsv } from "../../apps/server/src/test/csv-parse.ts";
import { confirmDialog } from "../support/handover.ts";
import { londonToday } from "../support/dates.ts";

async function acceptFromPendingOrders(page: Page, orderNumber: string) {
  await page.goto(`/dashboard/manageOrders?q=${orderNumber}`);
  await waitForHydration(page);
  await page
    .getByRole("row", { name: new RegExp(orderNumber) })
    .getByRole("button", { name: /Accept/ })
    .click();
  await confirmDialog(page);
  await expect(toast(page, "Accepted! This order has been accepted.")).toBeVisible();
}

test("the audit viewer: filter by order, what, who and day, see the change as a diff, download the filtered CSV", async ({
  page,
}) => {
  test.slow(); // an order, its acceptance, two accessibility checks and a download on a shared machine
  await signInAsStaff(page);
  const email = `audit${Date.now()}@example.com`;
  const { orderNumber } = await placeOrder(page, email, {
    customer: { firstName: "Audrey", lastName: "Audit", phone: `07700 9${String(Date.now()).slice(-5)}` },
    origin: new URL(page.url()).origin,
  });
  await acceptFromPendingOrders(page, orderNumber);

  // The menu leads to the viewer.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Audit", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page);

  // A bad Order Number is refused by its field, in words.
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Order Number").fill("1234");
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(filters.getByText("An Order Number is 8 digits")).toBeVisible();
  await expect(filters.getByLabel("Order Number")).toHaveAttribute("aria-invalid", "true");

  // Filtered by the order, what, who and today in London: the acceptance, with its diff.
  await filters.getByLabel("Order Number").fill(orderNumber);
  await filters.getByLabel("What").selectOption("order.accept");
  await filters.getByLabel("Who (e-mail)").fill("ADMIN@e2e.test");
  await filters.getByLabel("From").fill(londonToday());
  await filters.getByLabel("To").fill(londonToday());
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`order=${orderNumber}`));
  const entries = page.getByRole("table", { name: "Audit log entries, newest first" });
  const entryRows = entries.locator(":scope > tbody > tr");
  await expect(entryRows).toHaveCount(1);
  const entry = entryRows.first();
  await expect(entry).toContainText("admin@e2e.test");
  await expect(entry).toContainText("order.accept");
  await expect(entry.getByRole("link", { name: `Order ${orderNumber}` })).toBeVisible();
  // The changed field says so in words, the old value struck through and the new one inserted.
  const status = entry.getByRole("row", { name: /status/ });
  await expect(status.getByText("changed", { exact: true })).toBeVisible();
  await expect(status.locator("del")).toHaveText("pending");
  await expect(status.locator("ins")).toHaveText("accepted");
  await expectNoSeriousAxeViolations(page);

  // Another day: nothing.
  await filters.getByLabel("From").fill("2020-01-01");
  await filters.getByLabel("To").fill("2020-01-01");
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("No entries match these filters.")).toBeVisible();

  // By the order alone: the CSV of what is shown, with the filters kept.
  await filters.getByLabel("What").selectOption("");
  await filters.getByLabel("Who (e-mail)").fill("");
  await filters.getByLabel("From").fill("");
  await filters.getByLabel("To").fill("");
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(entryRows).toHaveCount(1);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual([
    "When (Europe/London)",
    "When (UTC)",
    "Who",
    "What",
    "Subject",
    "Subject id",
    "Order Number",
    "Changed fields",
    "Before",
    "After",
    "Request id",
  ]);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.slice(2, 5)).toEqual(["admin@e2e.test", "order.accept", "order"]);
  expect(rows[0]![6]).toBe(orderNumber);
  expect(rows[0]![7]).toBe("status");
  expect(JSON.parse(rows[0]![8]!)).toEqual({ status: "pending" });
  expect(JSON.parse(rows[0]![9]!)).toEqual({ status: "accepted" });
  expect(rows[0]![0]!.startsWith(londonToday())).toBe(true);
});
