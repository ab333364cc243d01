import type { Page } from "@playwright/test";
import { signInAsStaff, toast, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { confirmDialog, handoverRecordFor } from "../support/handover.ts";
import { placeOrder } from "../support/orders.ts";

// Chichester: the branch this test completes an order at (tests run one at a time, so its day's report
// moves only with this test's orders while it runs).

const ownPhone = () => `07700 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;

async function staffStep(page: Page, orderNumber: string, status: string, transition: string) {
  const list = await page.request.get(`/api/admin/orders?status=${status}&q=${orderNumber}`);
  expect(list.status()).toBe(200);
  const id: string = (await list.json()).orders[0].id;
  const response = await page.request.post(`/api/admin/orders/${id}/${transition}`, {
    headers: { origin: new URL(page.url()).origin },
    ...(transition === "complete" ? { data: await handoverRecordFor(page, id) } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The end-of-day report of Chichester today, as staff read it: its summary's rows and its collected orders. */
async function chichesterReport(page: Page) {
  await page.goto("/dashboard/reports?branch=chichester");
  await expect(page.getByRole("heading", { name: /^End of day: Chichester, / })).toBeVisible();
  return {
    summary: await page.getByRole("table", { name: "Summary" }).locator("tr").allInnerTexts(),
    collected: await page.getByRole("table", { name: "Orders collected" }).locator("tbody tr").allInnerTexts(),
  };
}

test("Delete on a completed order in History archives it: the end-of-day report is unchanged, Show archived finds it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsStaff(page);
  const order = await placeOrder(page, uniqueEmail("archive"), {
    branch: "chichester",
    origin: new URL(page.url()).origin,
    customer: { lastName: `Archive${Date.now().toString(36)}`, phone: ownPhone() },
  });
  await staffStep(page, order.orderNumber, "pending", "accept");
  await staffStep(page, order.orderNumber, "accepted", "complete");

  const before = await chichesterReport(page);
  expect(before.collected.join("\n")).toContain(order.orderNumber);

  await page.goto(`/dashboard/history?q=${order.orderNumber}`);
  await waitForHydration(page);
  const row = page.getByRole("row", { name: new RegExp(order.orderNumber) });
  const remove = row.getByRole("button", { name: /Delete/ });
  // The danger style applies: red, not the brand blue of Accept and Details.
  await expect(remove).toHaveCSS("color", "rgb(185, 28, 28)");
  await expect(remove).toHaveCSS("border-top-color", "rgb(185, 28, 28)");
  await remove.focus();
  await expect(remove).toHaveCSS("outline-style", "solid");

  // The spec's confirm dialog: cancelling it changes nothing; confirming shows the spec's message.
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog.getByRole("button", { name: "Yes, delete it" })).toHaveCSS("color", "rgb(185, 28, 28)");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await remove.click();
  await confirmDialog(page);
  await expect(toast(page, "Deleted! Your file has been deleted.")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Archived, not cancelled: the day's report is as it was, the order still in it.
  expect(await chichesterReport(page)).toEqual(before);
  await expectNoSeriousAxeViolations(page);
  const cancelled = await page.request.get(`/api/admin/orders?status=cancelled&q=${order.orderNumber}`);
  expect((await cancelled.json()).orders).toEqual([]);

  // "Show archived": a labelled control, kept in the address (so a reload keeps it), showing the order marked.
  await page.goto(`/dashboard/history?q=${order.orderNumber}`);
  await waitForHydration(page);
  const filters = page.getByRole("form", { name: "Filter orders" });
  await filters.getByRole("checkbox", { name: "Show archived" }).check();
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/archived=include/);
  await expect(row).toContainText("Archived");
  await page.reload();
  await waitForHydration(page);
  await expect(filters.getByRole("checkbox", { name: "Show archived" })).toBeChecked();
  await expect(row).toContainText("Archived");
  await expect(row.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
