import { confirmEmailThroughLink, openAccountMenu, signUpThroughApi, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { verificationLinkFor } from "../support/mail.ts";
import { placeOrder } from "../support/orders.ts";

test("an order placed before sign-up appears on My orders once the e-mail is verified, and opens its page", async ({
  page,
}) => {
  const email = uniqueEmail("my-orders");
  // A guest order first, with the address in another letter case.
  const { orderNumber } = await placeOrder(page, email.toUpperCase());
  await signUpThroughApi(page, email);

  await page.goto("/account/orders");
  await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Please verify your e-mail address to see your orders");
  await expect(page.getByText(orderNumber)).toHaveCount(0);

  await confirmEmailThroughLink(page, await verificationLinkFor(email));

  await page.goto("/");
  await waitForHydration(page);
  await openAccountMenu(page);
  await page.getByRole("link", { name: "My orders" }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  const table = page.getByRole("table", { name: "My orders, newest first" });
  const row = table.getByRole("row", { name: new RegExp(orderNumber) });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("£300.00");
  await expectNoSeriousAxeViolations(page);

  await row.getByRole("link", { name: `View order ${orderNumber}` }).click();
  await expect(page).toHaveURL(/\/track\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
  await expect(page.getByText(orderNumber).first()).toBeVisible();
});

test("a signed-in customer finds name, e-mail and phone filled in on order step 2", async ({ page }) => {
  const email = uniqueEmail("prefill");
  await placeOrder(page, email);
  await signUpThroughApi(page, email);
  await confirmEmailThroughLink(page, await verificationLinkFor(email));

  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Add currency" });
  if (!(await form.isVisible())) await page.getByRole("button", { name: "Add Currency" }).click();
  await form.getByLabel("Currency").selectOption("EUR");
  await form.getByLabel(/\(GBP\)/).fill("200");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  // The line is in the basket once the server's quote is back.
  await expect(page.getByRole("table", { name: "Currencies in your basket" }).locator("tbody tr")).toHaveCount(1);
  await page.getByLabel("Collection point").selectOption("brighton");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("Tracy");
  await expect(page.getByLabel("Last name")).toHaveValue("Tracker");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Confirm email")).toHaveValue(email);
  await expect(page.getByLabel("Phone")).toHaveValue("07700 900654");
  await expectNoSeriousAxeViolations(page);
});

test("My orders pages through more than one page: Older orders, then Newest, newest first throughout", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("paging");
  // One more than a page (20): the oldest lands alone on the second page.
  const placed: string[] = [];
  for (let i = 0; i < 21; i++) placed.push((await placeOrder(page, email)).orderNumber);
  await signUpThroughApi(page, email);
  await confirmEmailThroughLink(page, await verificationLinkFor(email));

  await page.goto("/account/orders");
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "My orders, newest first" });
  const numbers = () => table.getByRole("rowheader").allTextContents();
  await expect(table.getByRole("rowheader")).toHaveCount(20);
  expect(await numbers()).toEqual(placed.slice(1).reverse());
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByRole("link", { name: "Newest" })).toHaveCount(0);

  await pager.getByRole("link", { name: "Older orders" }).click();
  await expect(page).toHaveURL(/\/account\/orders\?after=/);
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  expect(await numbers()).toEqual([placed[0]]);
  await expect(pager.getByRole("link", { name: "Older orders" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // The pager is reachable by keyboard: Newest goes back to the first page.
  await pager.getByRole("link", { name: "Newest" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(table.getByRole("rowheader")).toHaveCount(20);
  expect((await numbers())[0]).toBe(placed[20]);
});
