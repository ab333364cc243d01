import type { Page } from "@playwright/test";
import { signInAsStaff, toast } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";

// NZD at Chichester: no other browser test orders either, so the stock set here changes nothing of theirs.

async function addLine(page: Page, code: string, gbp: string) {
  const form = page.getByRole("form", { name: "Add currency" });
  if (!(await form.isVisible())) await page.getByRole("button", { name: "Add Currency" }).click();
  await form.getByLabel("Currency").selectOption(code);
  await form.getByLabel(/\(GBP\)/).fill(gbp);
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("table", { name: "Currencies in your basket" }).locator("tbody tr")).toHaveCount(1);
}

/** A Click & Collect order of NZD for £100 at Chichester through the public API, as another customer. */
async function orderNzdAtChichester(page: Page) {
  const origin = new URL(page.url()).origin;
  const quote = await (
    await page.request.post("/api/quotes", {
      headers: { origin },
      data: { currency: "NZD", way: "Order", gbpMinor: 10_000 },
    })
  ).json();
  return page.request.post("/api/orders", {
    headers: { origin },
    data: {
      idempotencyKey: crypto.randomUUID(),
      way: "Order",
      branch: "chichester",
      lines: [{ quoteId: quote.id, rate: quote.rate, gbpMinor: quote.gbpMinor, foreignMinor: quote.foreignMinor }],
      customer: {
        firstName: "Quick",
        lastName: "Buyer",
        email: "quick@example.com",
        confirmEmail: "quick@example.com",
        phone: "07700 900777",
        acceptedTerms: true,
      },
    },
  });
}

test("staff enter stock with a reason and see the change in its audit history", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page);
  await page.goto("/dashboard/Statics");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Stock" }).click();
  await expect(page).toHaveURL(/\/dashboard\/stock$/);
  await expect(page.getByRole("heading", { name: "Stock", level: 1 })).toBeVisible();
  await page.getByLabel("Branch", { exact: true }).selectOption("chichester");
  await page.getByLabel("Currency", { exact: true }).selectOption("NZD");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/branch=chichester&currency=NZD/);
  await expect(page.getByRole("heading", { name: "NZD at Chichester" })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel("Track NZD stock at Chichester").check();
  await page.getByLabel(/^NZ\$100\.00 notes in stock$/).fill("5");
  await page.getByLabel(/^NZ\$20\.00 notes in stock$/).fill("3");
  // No reason: refused in words, nothing saved.
  await page.getByRole("button", { name: "Save stock" }).click();
  await expect(page.getByText("Reason is required")).toBeVisible();
  await expect(page.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Reason")).toBeFocused();
  await expect(page.getByText("No changes recorded yet.")).toBeVisible();

  await page.getByLabel("Reason").fill("Opening count");
  await page.getByRole("button", { name: "Save stock" }).click();
  await expect(toast(page, "Stock saved")).toBeVisible();
  const note = page.getByRole("row", { name: /^NZ\$100\.00/ });
  await expect(note.getByRole("cell").nth(1)).toHaveText("0"); // reserved
  await expect(note.getByRole("cell").nth(2)).toHaveText("5"); // free
  const change = page.locator(".stock-history tbody tr").first();
  await expect(change).toContainText("admin@e2e.test");
  await expect(change).toContainText("Tracking on");
  await expect(change).toContainText("NZ$100.00: 0 → 5");
  await expect(change).toContainText("NZ$20.00: 0 → 3");
  await expect(change).toContainText("Opening count");
  await expect(page.getByRole("row", { name: /Chichester NZD/ })).toContainText("NZ$560.00");
  // The reason field is empty again for the next change.
  await expect(page.getByLabel("Reason")).toHaveValue("");
  await expectNoSeriousAxeViolations(page);
});

test("step 1 says which branch can supply the basket, and an order whose notes went meanwhile is refused", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsStaff(page);
  // Notes for exactly one order of £100 in NZD (NZ$220.80, NZ$220 in notes: two 100s and a 20).
  const set = await page.request.put("/api/admin/stock/chichester/NZD", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      tracked: true,
      counts: [
        { valueMinor: 10_000, count: 2 },
        { valueMinor: 5_000, count: 0 },
        { valueMinor: 2_000, count: 1 },
        { valueMinor: 1_000, count: 0 },
        { valueMinor: 500, count: 0 },
      ],
      reason: "Float for the browser test",
    },
  });
  expect(set.status(), await set.text()).toBe(200);
  await page.context().clearCookies();

  await page.goto("/purchase/NZD/Order");
  await waitForHydration(page);
  await addLine(page, "NZD", "100");
  const select = page.getByLabel("Collection point");
  await expect(select.locator('option[value="chichester"]')).toHaveText(/· Available today$/);
  // Nothing extra where stock is not tracked.
  for (const branch of ["worthing", "brighton", "172"]) {
    await expect(select.locator(`option[value="${branch}"]`)).not.toHaveText(/Available today|Not enough stock/);
  }
  await select.selectOption("chichester");
  await expect(page.locator(".branch-details")).toContainText("Available today");
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("First name").fill("Jane");
  await page.getByLabel("Last name").fill("Doe");
  await page.getByLabel("Email", { exact: true }).fill("jane@example.com");
  await page.getByLabel("Confirm email").fill("jane@example.com");
  await page.getByLabel("Phone").fill("07700 900456");
  await page.getByLabel(/I have read and agree/).check();

  // Another customer takes the last notes first.
  expect((await orderNzdAtChichester(page)).status()).toBe(201);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.locator(".alert[role=alert]")).toContainText(
    "Chichester does not have enough NZD notes for this order. Please choose another collection point or a smaller amount.",
  );
  await expect(select.locator('option[value="chichester"]')).toHaveText(/· Not enough stock$/);
  await expect(page.locator(".branch-details")).toContainText("Not enough stock");
  await expectNoSeriousAxeViolations(page);

  // Another branch that does not track NZD still takes the order.
  await select.selectOption("worthing");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText(/Order Number: \d{8}/)).toBeVisible();
});

test("step 1 refuses a branch that cannot supply the basket before any details, and suggests one that can", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsStaff(page);
  // Chichester keeps the notes the test above reserved; Brighton has plenty.
  for (const [branch, hundreds, twenties] of [
    ["chichester", 2, 1],
    ["brighton", 20, 0],
  ] as const) {
    const set = await page.request.put(`/api/admin/stock/${branch}/NZD`, {
      headers: { origin: new URL(page.url()).origin },
      data: {
        tracked: true,
        counts: [
          { valueMinor: 10_000, count: hundreds },
          { valueMinor: 5_000, count: 0 },
          { valueMinor: 2_000, count: twenties },
          { valueMinor: 1_000, count: 0 },
          { valueMinor: 500, count: 0 },
        ],
        reason: "Stock for the step 1 test",
      },
    });
    // Already so (the test above, or an earlier run against the same data): nothing to save is fine.
    const body = await set.text();
    expect(set.status() === 200 || body.includes("Nothing to save"), body).toBe(true);
  }
  await page.context().clearCookies();

  await page.goto("/purchase/NZD/Order");
  await waitForHydration(page);
  await addLine(page, "NZD", "500");
  const select = page.getByLabel("Collection point");
  await expect(select.locator('option[value="chichester"]')).toHaveText(/· Not enough stock/);
  await select.selectOption("chichester");
  const notice = page.locator(".branch-short");
  await expect(notice).toContainText(/^Chichester: Not enough stock/);
  await expect(notice).toContainText("Brighton has the notes today.");
  await expectNoSeriousAxeViolations(page);
  // Next refuses the branch: the details step does not open.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(toast(page, /^Chichester: Not enough stock/)).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveCount(0);
  // The suggested branch, one press away; then Next goes on.
  await notice.getByRole("button", { name: "Collect at Brighton" }).click();
  await expect(select).toHaveValue("brighton");
  await expect(page.locator(".branch-details")).toContainText("Available today");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("First name")).toBeVisible();
});
