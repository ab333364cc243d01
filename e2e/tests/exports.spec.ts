import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { signInAsStaff, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { handoverRecordFor } from "../support/handover.ts";
import { placeOrder } from "../support/orders.ts";
import { parseCsv } from "../../apps/server/src/test/csv-parse.ts";

// London (172): the branch these tests move orders at; others' orders there only add rows they ignore.

/** A phone number of this order's own: orders sharing one are one customer to the due-diligence rules. */
const ownPhone = () => `07700 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;

/** The order's id, from the staff list of its status searched by its number. */
async function orderIdOf(page: Page, orderNumber: string, status: string): Promise<string> {
  const list = await page.request.get(`/api/admin/orders?status=${status}&q=${orderNumber}`);
  expect(list.status()).toBe(200);
  return (await list.json()).orders[0].id;
}

async function staffStep(page: Page, orderNumber: string, status: string, transition: string) {
  const id = await orderIdOf(page, orderNumber, status);
  const response = await page.request.post(`/api/admin/orders/${id}/${transition}`, {
    headers: { origin: new URL(page.url()).origin },
    // Completing records the handover at the counter (the ID checked, what changed hands).
    ...(transition === "complete" ? { data: await handoverRecordFor(page, id) } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("staff download the CSV of a filtered History list, holding just the orders the list shows", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page);
  const marker = `Csv${Date.now().toString(36)}`;
  const sell = await placeOrder(page, uniqueEmail("csv-sell"), {
    branch: "172",
    origin: new URL(page.url()).origin,
    way: "Sell",
    customer: { firstName: "=1+2", lastName: `${marker} Zoë O'Neil, Jr`, phone: ownPhone() },
    lines: [{ currency: "USD", gbpMinor: 20_000 }],
  });
  const collect = await placeOrder(page, uniqueEmail("csv-collect"), {
    branch: "172",
    origin: new URL(page.url()).origin,
    customer: { lastName: marker, phone: ownPhone() },
  });
  const elsewhere = await placeOrder(page, uniqueEmail("csv-other"), {
    branch: "worthing",
    origin: new URL(page.url()).origin,
    way: "Sell",
    customer: { lastName: marker, phone: ownPhone() },
    lines: [{ currency: "USD", gbpMinor: 20_000 }],
  });
  for (const order of [sell, collect, elsewhere]) await staffStep(page, order.orderNumber, "pending", "cancel");

  await page.goto("/dashboard/history?show=cancelled");
  await waitForHydration(page);
  const filters = page.getByRole("form", { name: "Filter orders" });
  await filters.getByLabel("Branch").selectOption("172");
  await filters.getByLabel("Way").selectOption("Sell");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/show=cancelled.*branch=172.*way=Sell/);
  await page.getByLabel("Search orders").fill(marker);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  const rows = page.getByRole("table", { name: "History: cancelled orders" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(sell.orderNumber);
  await expectNoSeriousAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFFOrder Number,")).toBe(true);
  const [header, ...records] = parseCsv(text.slice(1));
  const cell = (record: string[], name: string) => record[header!.indexOf(name)];
  expect(records).toHaveLength(1);
  expect(cell(records[0]!, "Order Number")).toBe(sell.orderNumber);
  // A spreadsheet shows the name as typed, and never runs it as a formula.
  expect(cell(records[0]!, "First Name")).toBe("'=1+2");
  expect(cell(records[0]!, "Last Name")).toBe(`${marker} Zoë O'Neil, Jr`);
  expect(cell(records[0]!, "Status")).toBe("Cancelled");
  expect(cell(records[0]!, "Way")).toBe("Sell");
  expect(cell(records[0]!, "Branch")).toBe("London");
  expect(cell(records[0]!, "Currency")).toBe("USD");
  expect(cell(records[0]!, "Foreign Amount")).toMatch(/^\d+\.\d{2}$/);
});

test("the end-of-day report lists the day's collected orders with their sterling and currency", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page);
  const collect = await placeOrder(page, uniqueEmail("report-collect"), {
    branch: "172",
    origin: new URL(page.url()).origin,
    customer: { lastName: "Reportcollect", phone: ownPhone() },
    lines: [{ currency: "EUR", gbpMinor: 30_000 }],
  });
  const sell = await placeOrder(page, uniqueEmail("report-sell"), {
    branch: "172",
    origin: new URL(page.url()).origin,
    way: "Sell",
    customer: { lastName: "Reportsell", phone: ownPhone() },
    lines: [{ currency: "USD", gbpMinor: 10_000 }],
  });
  const open = await placeOrder(page, uniqueEmail("report-open"), {
    branch: "172",
    origin: new URL(page.url()).origin,
    customer: { lastName: "Reportopen", phone: ownPhone() },
  });
  for (const order of [collect, sell]) {
    await staffStep(page, order.orderNumber, "pending", "accept");
    await staffStep(page, order.orderNumber, "accepted", "complete");
  }

  await page.goto("/dashboard/Statics");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await page.getByLabel("Branch").selectOption("172");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: /^End of day: London, / })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page);

  const orders = page.getByRole("table", { name: "Orders collected" });
  const collectRow = orders.getByRole("row", { name: new RegExp(collect.orderNumber) });
  const sellRow = orders.getByRole("row", { name: new RegExp(sell.orderNumber) });
  await expect(collectRow).toContainText("Click & Collect");
  await expect(collectRow).toContainText("£300.00");
  await expect(sellRow).toContainText("Click & Sell");
  await expect(orders).not.toContainText(open.orderNumber);

  // The summary adds up the rows: sterling in from Click & Collect, out to Click & Sell.
  const pounds = (text: string | null) => Math.round(Number((text ?? "").replace(/[£,\s]/g, "")) * 100);
  let inMinor = 0;
  let outMinor = 0;
  const rowCount = await orders.locator("tbody tr").count();
  for (let i = 0; i < rowCount; i++) {
    const cells = orders.locator("tbody tr").nth(i).locator("td");
    const amount = pounds(await cells.nth(5).textContent());
    if ((await cells.nth(1).textContent()) === "Click & Collect") inMinor += amount;
    else outMinor += amount;
  }
  const summary = page.getByRole("table", { name: "Summary" });
  await expect(summary.getByRole("row", { name: /Orders collected/ })).toContainText(String(rowCount));
  expect(
    pounds(
      await summary
        .getByRole("row", { name: /Sterling in/ })
        .locator("td")
        .textContent(),
    ),
  ).toBe(inMinor);
  expect(
    pounds(
      await summary
        .getByRole("row", { name: /Sterling out/ })
        .locator("td")
        .textContent(),
    ),
  ).toBe(outMinor);
  await expect(page.getByRole("table", { name: /^EUR: out / })).toBeVisible();
  await expect(page.getByRole("table", { name: /^USD: out .*, in / })).toBeVisible();

  // Printing leaves the dashboard's menu and the report's choices out.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("heading", { name: /^End of day: London, / })).toBeVisible();
});
