import { readFileSync } from "node:fs";
import { formatMinor } from "../../packages/domain/src/money.ts";
import { parseCsv } from "../../apps/server/src/test/csv-parse.ts";
import { originOf, signInAsStaff, toast, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { completeThroughHandover, handoverPanel } from "../support/handover.ts";
import { placeOrder } from "../support/orders.ts";
import { staffAtWorthing } from "../support/staff.ts";

// A cashier and a manager each set up an authenticator (up to two authenticator steps of 30 s each).
test.describe.configure({ timeout: 240_000 });

/** Sterling in the drawer, largest first (packages/domain/src/till.ts). */
const STERLING = [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1];
const pounds = (minor: number) => formatMinor(minor, "GBP");
const label = (valueMinor: number) => `£${(valueMinor / 100).toFixed(2)} ${valueMinor < 500 ? "coins" : "notes"}`;

test("the day's report shows what a cashier's till did at Worthing, on the page and as CSV", async ({
  page: admin,
  browser,
}) => {
  await signInAsStaff(admin);
  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  const cashierAccount = await staffAtWorthing(cashier, admin, "cashier");
  const managerContext = await browser.newContext({ acceptDownloads: true });
  const manager = await managerContext.newPage();
  await staffAtWorthing(manager, admin, "manager");

  // The cashier opens a till at Worthing with £150: 5 × £20 and 5 × £10.
  await cashier.goto("/dashboard/till");
  await waitForHydration(cashier);
  const open = cashier.getByRole("form", { name: "Open your till at Worthing" });
  await open.getByRole("group", { name: "Float: GBP" }).getByLabel("£20.00 notes").fill("5");
  await open.getByRole("group", { name: "Float: GBP" }).getByLabel("£10.00 notes").fill("5");
  await open.getByRole("button", { name: "Open till" }).click();
  await expect(toast(cashier, "Till opened at Worthing")).toBeVisible();
  await expectNoSeriousAxeViolations(cashier);

  // An online Click & Collect at Worthing, completed by the cashier and paid in cash.
  const { orderNumber, totalGbpMinor } = await placeOrder(admin, uniqueEmail("report-customer"), {
    branch: "worthing",
    customer: {
      firstName: "Rita",
      lastName: `Report${Date.now()}`,
      phone: `07700 8${String(Date.now() % 100_000).padStart(5, "0")}`,
    },
    origin: originOf(admin),
  });
  const listed = await cashier.request.get(`/api/admin/orders?status=pending&q=${orderNumber}`);
  const orderId: string = (await listed.json()).orders[0].id;
  const accepted = await cashier.request.post(`/api/admin/orders/${orderId}/accept`, {
    headers: { origin: originOf(cashier) },
  });
  expect(accepted.status()).toBe(200);
  await cashier.goto(`/dashboard/orderDetails/${orderId}`);
  await waitForHydration(cashier);
  await completeThroughHandover(cashier, handoverPanel(cashier), { payment: "Cash" });
  await expect(toast(cashier, "Completed! This order has been completed.")).toBeVisible();
  await expectNoSeriousAxeViolations(cashier);
  const details = (await (await cashier.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    lines: { currency: string; foreignMinor: number; sterlingBackMinor: number }[];
  };
  const back = details.lines.reduce((sum, line) => sum + line.sterlingBackMinor, 0);
  const expectedGbp = 15_000 + totalGbpMinor - back;

  // The cashier closes the till counting the sterling it should hold; the euros went to the customer
  // from the branch's stock, not from this till's float, so the till counts none and is that much over.
  await cashier.goto("/dashboard/till");
  await waitForHydration(cashier);
  const close = cashier.getByRole("form", { name: "Close your till" });
  let left = expectedGbp;
  for (const value of STERLING) {
    const count = Math.floor(left / value);
    left -= count * value;
    if (count > 0)
      await close.getByRole("group", { name: "Counted: GBP" }).getByLabel(label(value)).fill(String(count));
  }
  await close.getByRole("button", { name: "Close till" }).click();
  await expect(cashier.getByRole("status").filter({ hasText: "a manager at Worthing must sign it off" })).toBeVisible();
  await expectNoSeriousAxeViolations(cashier);

  // The manager signs the variance off.
  await manager.goto("/dashboard/till");
  await waitForHydration(manager);
  const waiting = manager.getByRole("form", { name: `${cashierAccount.email} at Worthing` });
  await waiting.getByLabel("Reason for the variance").fill("Euros came from the branch safe, not the till");
  await waiting.getByRole("button", { name: /^Sign off/ }).click();
  await expect(toast(manager, `Signed off: ${cashierAccount.email}'s till at Worthing is closed`)).toBeVisible();
  await expectNoSeriousAxeViolations(manager);

  // The manager opens the report for Worthing, today, and finds this till with those figures.
  await manager.goto("/dashboard/reports");
  await waitForHydration(manager);
  await manager.getByLabel("Branch").selectOption("worthing");
  await manager.getByRole("button", { name: "Show" }).click();
  await expect(manager.getByRole("heading", { name: /^End of day: Worthing, / })).toBeVisible();
  await waitForHydration(manager);
  await expectNoSeriousAxeViolations(manager);
  const tillHeading = manager.getByRole("heading", { name: new RegExp(`^Till \\d+: ${cashierAccount.email}$`) });
  await expect(tillHeading).toBeVisible();
  const tillName = (await tillHeading.textContent()) ?? "";
  const figures = manager.getByRole("table", { name: `${tillName}: figures` });
  const gbpRow = figures.getByRole("row", { name: /^GBP/ });
  const cells = gbpRow.getByRole("cell");
  await expect(cells).toHaveText([
    pounds(15_000),
    pounds(totalGbpMinor),
    pounds(back),
    pounds(0),
    pounds(0),
    pounds(expectedGbp),
    pounds(expectedGbp),
    pounds(0),
  ]);
  const [line] = details.lines;
  const currency = line!.currency;
  const foreign = (minor: number) => formatMinor(minor, currency);
  await expect(figures.getByRole("row", { name: new RegExp(`^${currency}`) }).getByRole("cell")).toHaveText([
    foreign(0),
    foreign(0),
    foreign(line!.foreignMinor),
    foreign(0),
    foreign(0),
    foreign(-line!.foreignMinor),
    foreign(0),
    `+${foreign(line!.foreignMinor)}`,
  ]);
  const article = manager.getByRole("article", { name: tillName });
  await expect(article).toContainText("Closed. Opened");
  await expect(article).toContainText("Euros came from the branch safe, not the till");
  const orders = manager.getByRole("table", { name: "Orders collected" });
  await expect(orders.getByRole("row", { name: new RegExp(orderNumber) })).toContainText("Online");

  // The CSV says the same.
  const [download] = await Promise.all([
    manager.waitForEvent("download"),
    manager.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^day-report-worthing-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = parseCsv(readFileSync((await download.path()) as string, "utf8").replace(/^\uFEFF/, ""));
  const tillNumber = tillName.split(":")[0];
  const figure = (name: string, method = "") =>
    records.find(
      (r) => r[2] === tillNumber && r[3] === cashierAccount.email && r[5] === "GBP" && r[6] === name && r[7] === method,
    )?.[10];
  expect(figure("Float")).toBe((15_000 / 100).toFixed(2));
  expect(figure("In", "Cash")).toBe((totalGbpMinor / 100).toFixed(2));
  expect(figure("Expected close")).toBe((expectedGbp / 100).toFixed(2));
  expect(figure("Counted close")).toBe((expectedGbp / 100).toFixed(2));
  expect(figure("Variance")).toBe("0.00");
  const signOff = records.find((r) => r[2] === tillNumber && r[3] === cashierAccount.email && r[6] === "Sign-off");
  expect(signOff?.[11]).toContain("Euros came from the branch safe, not the till");
  expect(records.some((r) => r[6] === "Order" && r[7] === "Online" && r[11]?.startsWith(orderNumber))).toBe(true);

  // Printing leaves the dashboard's menu and the report's buttons out.
  await manager.emulateMedia({ media: "print" });
  await expect(manager.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expect(manager.getByRole("link", { name: "Download CSV" })).toBeHidden();
  await expect(figures).toBeVisible();
  await expectNoSeriousAxeViolations(manager);
  await managerContext.close();
  await cashierContext.close();
});
