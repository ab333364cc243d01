import type { Page } from "@playwright/test";
import { signInAsStaff, toast } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";

/** The split as a customer reads it: "€335 in notes + £1.74 back in sterling". */
const SPLIT = /€\d+ in notes \+ £\d+\.\d\d back in sterling/;

function basketRows(page: Page) {
  return page.getByRole("table", { name: "Currencies in your basket" }).locator("tbody tr");
}

test("a Click & Collect order shows its notes and the sterling back in the cart and on the confirmation", async ({
  page,
}) => {
  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  await form.getByLabel("You pay (GBP)").fill("300");
  // Before adding, the form previews the split by the same rule as the server.
  await expect(form).toContainText(SPLIT);
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(basketRows(page)).toHaveCount(1);
  const row = basketRows(page).first();
  await expect(row).toContainText("£300.00");
  await expect(row).toContainText(SPLIT);
  const cartSplit = (await row.textContent())?.match(SPLIT)?.[0];
  // The seed's EUR collect rate (1.1232): €336.96 for £300 is €335 in notes and £1.74 back.
  if ((await row.textContent())?.includes("1.1232")) expect(cartSplit).toBe("€335 in notes + £1.74 back in sterling");
  await page.getByLabel("Collection point").selectOption("worthing");
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("First name").fill("Nora");
  await page.getByLabel("Last name").fill("Notes");
  await page.getByLabel("Email", { exact: true }).fill("nora@example.com");
  await page.getByLabel("Confirm email").fill("nora@example.com");
  await page.getByLabel("Phone").fill("07700 900789");
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/Order Number: \d{8}/)).toBeVisible();
  const confirmation = page.locator(".confirmation");
  const line = confirmation.getByRole("row", { name: /EUR/ });
  await expect(line).toContainText("£300.00");
  // The same figures as the cart: the order hands over what the quote said.
  await expect(line).toContainText(cartSplit!);
  await expectNoSeriousAxeViolations(page);
});

test("Click & Sell says it takes whole notes and offers the nearest valid amounts", async ({ page }) => {
  await page.goto("/purchase/EUR/Sell");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  await expect(form).toContainText("We buy EUR in whole notes: amounts in multiples of €5.");
  await form.getByLabel("You sell (EUR)").fill("102");
  await expect(form.getByRole("button", { name: "Sell €100" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(
    page
      .getByRole("region", { name: "Notifications" })
      .getByText("We buy EUR in whole notes, so the amount must be a multiple of €5: try €100 or €105."),
  ).toBeVisible();
  await expect(basketRows(page)).toHaveCount(0);
  await form.getByRole("button", { name: "Sell €105" }).click();
  await expect(form.getByLabel("You sell (EUR)")).toHaveValue("105.00");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(basketRows(page)).toHaveCount(1);
  await expect(basketRows(page).first()).toContainText("€105.00");
});

test("staff change a currency's smallest note on its Update page", async ({ page }) => {
  await signInAsStaff(page);
  await page.goto("/dashboard/update/THB");
  await waitForHydration(page);
  const update = page.getByRole("form", { name: "Update currency" });
  const smallest = update.getByLabel("Smallest note");
  await expect(smallest).toHaveValue("100.00");
  await expectNoSeriousAxeViolations(page);
  await smallest.fill("500");
  await update.getByRole("button", { name: "Check" }).click();
  await update.getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Updated THB currency")).toBeVisible();
  await page.goto("/dashboard/update/THB");
  await waitForHydration(page);
  await expect(page.getByRole("form", { name: "Update currency" }).getByLabel("Smallest note")).toHaveValue("500.00");
  // Back to the table's ฿100, so that nothing else meets a changed currency.
  await page.getByRole("form", { name: "Update currency" }).getByLabel("Smallest note").fill("100");
  await page.getByRole("form", { name: "Update currency" }).getByRole("button", { name: "Check" }).click();
  await page.getByRole("form", { name: "Update currency" }).getByRole("button", { name: "Update" }).click();
  await expect(toast(page, "Updated THB currency")).toBeVisible();
});

test("step 1 shows what a branch's own notes hand over where they make less than the quote", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page);
  // CAD at Chichester (no other browser test orders it): $250 in three $50 and five $20 notes.
  const set = await page.request.put("/api/admin/stock/chichester/CAD", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      tracked: true,
      counts: [
        { valueMinor: 5_000, count: 3 },
        { valueMinor: 2_000, count: 5 },
      ],
      reason: "Float for the browser test",
    },
  });
  expect(set.status(), await set.text()).toBe(200);
  await page.context().clearCookies();

  await page.goto("/purchase/CAD/Order");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  await form.getByLabel("Currency").selectOption("CAD");
  await form.getByLabel("You pay (GBP)").fill("100");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(basketRows(page)).toHaveCount(1);
  // £100 buys about CA$178: CA$175 in unlimited notes, CA$170 from these (3 × 50 + 20).
  await expect(basketRows(page).first()).toContainText(/CA\$175 in notes \+ £\d+\.\d\d back in sterling/);
  await page.getByLabel("Collection point").selectOption("chichester");
  const branchNotes = page.getByRole("status").filter({ hasText: "This branch's notes" });
  await expect(branchNotes).toContainText(/CAD CA\$170 in notes \+ £\d+\.\d\d back in sterling/);
  await expectNoSeriousAxeViolations(page);
});
