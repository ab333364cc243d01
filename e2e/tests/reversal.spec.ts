import { originOf, signInAsStaff, toast, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { completeThroughHandover, handoverPanel } from "../support/handover.ts";
import { placeOrder } from "../support/orders.ts";
import { staffAtWorthing } from "../support/staff.ts";

// A cashier and a manager each set up an authenticator (up to two authenticator steps of 30 s each).
test.describe.configure({ timeout: 240_000 });

const pounds = (minor: number) => `£${(minor / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;

test("a reversal from request to approval: the cashier asks with a reason, a manager at Worthing approves, the till is back to its float", async ({
  page: admin,
  browser,
}) => {
  await signInAsStaff(admin);
  const cashierContext = await browser.newContext();
  const page = await cashierContext.newPage();
  const cashier = await staffAtWorthing(page, admin, "cashier");
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  const managerAccount = await staffAtWorthing(manager, admin, "manager");

  // The cashier opens a till at Worthing with £200 in £20 notes.
  await page.goto("/dashboard/till");
  await waitForHydration(page);
  const open = page.getByRole("form", { name: "Open your till at Worthing" });
  await open.getByRole("group", { name: "Float: GBP" }).getByLabel("£20.00 notes").fill("10");
  await open.getByRole("button", { name: "Open till" }).click();
  await expect(toast(page, "Till opened at Worthing")).toBeVisible();

  // A Click & Collect order at Worthing, completed by the cashier, paid in cash.
  const { orderNumber, totalGbpMinor } = await placeOrder(admin, uniqueEmail("reversal-customer"), {
    branch: "worthing",
    // A phone of its own, so that the suite's other orders are not linked to it (see till.spec.ts).
    customer: {
      firstName: "Rhea",
      lastName: `Verse${Date.now()}`,
      phone: `07700 9${String((Date.now() + 7) % 100_000).padStart(5, "0")}`,
    },
    origin: originOf(admin),
  });
  const listed = await page.request.get(`/api/admin/orders?status=pending&q=${orderNumber}`);
  const orderId: string = (await listed.json()).orders[0].id;
  const accepted = await page.request.post(`/api/admin/orders/${orderId}/accept`, {
    headers: { origin: originOf(page) },
  });
  expect(accepted.status()).toBe(200);
  await page.goto(`/dashboard/orderDetails/${orderId}`);
  await waitForHydration(page);
  await completeThroughHandover(page, handoverPanel(page), { payment: "Cash" });
  await expect(toast(page, "Completed! This order has been completed.")).toBeVisible();
  const details = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as {
    lines: { sterlingBackMinor: number }[];
  };
  const back = details.lines.reduce((sum, line) => sum + line.sterlingBackMinor, 0);
  await page.goto("/dashboard/till");
  await waitForHydration(page);
  await expect(page.getByRole("row", { name: /GBP/ }).first()).toContainText(pounds(20_000 + totalGbpMinor - back));

  // The cashier asks for the reversal on the order's page, with a reason.
  await page.goto(`/dashboard/orderDetails/${orderId}`);
  await waitForHydration(page);
  const request = page.getByRole("form", { name: "Request reversal" });
  await expect(request).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await request.getByRole("button", { name: "Request reversal" }).click();
  await expect(request.getByText("Write why the order is reversed (at least 5 characters).")).toBeVisible();
  await expect(request.getByLabel("Reason for the reversal")).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await request.getByLabel("Reason for the reversal").fill("Euros handed over instead of dollars");
  await request.getByRole("button", { name: "Request reversal" }).click();
  await expect(toast(page, "Reversal requested: a manager approves or refuses it on the Reversals page")).toBeVisible();
  const section = page.getByRole("region", { name: "Reversal" });
  await expect(section).toContainText("Requested, waiting for a manager");
  await expect(section).toContainText("Euros handed over instead of dollars");
  await expect(page.getByRole("form", { name: "Request reversal" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // On the Reversals page the cashier sees it waiting, with no Approve.
  await page.goto("/dashboard/reversals");
  await waitForHydration(page);
  const own = page.getByRole("article", { name: `Order ${orderNumber} at Worthing` });
  await expect(own).toContainText("You asked for this reversal: another manager approves or refuses it.");
  await expect(own.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // The manager at Worthing approves it.
  await manager.goto("/dashboard/reversals");
  await waitForHydration(manager);
  await expect(manager.getByRole("heading", { name: "Reversals", level: 1 })).toBeVisible();
  const waiting = manager.getByRole("article", { name: `Order ${orderNumber} at Worthing` });
  await expect(waiting).toContainText(cashier.email);
  await expect(waiting).toContainText("Euros handed over instead of dollars");
  await expectNoSeriousAxeViolations(manager);
  await waiting.getByRole("button", { name: `Approve the reversal of order ${orderNumber}` }).click();
  const dialog = manager.getByRole("dialog", { name: `Approve the reversal of order ${orderNumber}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(manager);
  await dialog.getByRole("button", { name: "Yes, approve it" }).click();
  await expect(toast(manager, `Approved: order ${orderNumber} is reversed`)).toBeVisible();
  await expect(manager.getByRole("article", { name: `Order ${orderNumber} at Worthing` })).toHaveCount(0);
  await expectNoSeriousAxeViolations(manager);

  // The order shows reversed, by whom; the till expects its float again.
  await page.goto(`/dashboard/orderDetails/${orderId}`);
  await waitForHydration(page);
  await expect(page.getByText("reversed", { exact: true }).first()).toBeVisible();
  const decided = page.getByRole("region", { name: "Reversal" });
  await expect(decided).toContainText("Approved: the order is reversed");
  await expect(decided).toContainText(managerAccount.email);
  await expect(page.getByRole("form", { name: "Request reversal" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.goto("/dashboard/till");
  await waitForHydration(page);
  await expect(page.getByRole("row", { name: /GBP/ }).first()).toContainText(pounds(20_000));
  // Every currency, the notes handed over included: expected in the drawer = float again.
  for (const row of await page.getByRole("row").filter({ hasNotText: "Expected in the drawer" }).all()) {
    const [float, expected] = await row.getByRole("cell").allInnerTexts();
    expect(expected).toBe(float);
  }
  await expectNoSeriousAxeViolations(page);

  // History marks it reversed.
  await page.goto(`/dashboard/history?q=${orderNumber}`);
  await waitForHydration(page);
  await expect(page.getByRole("row", { name: new RegExp(orderNumber) })).toContainText("Reversed");
  await expectNoSeriousAxeViolations(page);
  await managerContext.close();
  await cashierContext.close();
});
