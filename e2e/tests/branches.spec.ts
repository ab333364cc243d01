import type { Page } from "@playwright/test";
import { signInAsStaff } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";

/**
 * The branches (issue 34, item 6): /branches lists the four with their phones and today's hours, each
 * branch's page marks today's hours and shows its board's rates and the currencies it has notes of today;
 * the contact page lists all four; the navigation and footer lead to the branches and to tracking; the
 * £2,500 message leads to the branches' phone numbers. On the two phone widths the issue names.
 */
const BRANCHES = [
  { key: "worthing", name: "Worthing", phone: "01903 200 441" },
  { key: "brighton", name: "Brighton", phone: "01273 322 718" },
  { key: "chichester", name: "Chichester", phone: "01243 781 254" },
  { key: "172", name: "London", phone: "020 7946 0172" },
] as const;

/** Today's weekday in the bureau's zone, as the pages mark it. */
function todayInLondon(): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "long" }).format(new Date());
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("/branches lists the four branches with their phones and today's hours", async ({ page }) => {
      await open(page, "/branches");
      await expect(page.getByRole("heading", { level: 1, name: "Our branches" })).toBeVisible();
      await expect(page).toHaveTitle("Our Branches | Harbour FX");
      const cards = page.locator(".branch-card");
      await expect(cards).toHaveCount(4);
      for (const [index, branch] of BRANCHES.entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole("heading", { level: 2, name: branch.name })).toBeVisible();
        await expect(card.getByRole("link", { name: branch.phone })).toHaveAttribute("href", /^tel:[0-9]+$/);
        await expect(card).toContainText(/Open today|Closed today/);
        await expect(card.getByRole("link", { name: /^Open in Google Maps/ })).toHaveAttribute(
          "href",
          /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
        );
      }
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      await cards.nth(2).getByRole("link", { name: "Chichester", exact: true }).click();
      await expect(page).toHaveURL(/\/branches\/chichester$/);
      await expect(page.getByRole("heading", { level: 1, name: "Harbour FX Chichester" })).toBeVisible();
    });

    test("a branch's page marks today's hours and shows its rates and the currencies in stock today", async ({
      page,
      consoleErrors,
    }) => {
      // Worthing counts its Swiss francs (plenty) and its Swedish krona (none left): only the francs are in stock.
      await signInAsStaff(page);
      const origin = new URL(page.url()).origin;
      for (const [currency, counts] of [
        ["CHF", [{ valueMinor: 10_000, count: 200 }]],
        ["SEK", []],
      ] as const) {
        const set = await page.request.put(`/api/admin/stock/worthing/${currency}`, {
          headers: { origin },
          data: { tracked: true, counts, reason: "Counted at opening" },
        });
        // The other viewport's run set the same counts already: "Nothing to save" then.
        expect([200, 400], await set.text()).toContain(set.status());
      }

      await open(page, "/branches/worthing");
      await expect(page).toHaveTitle("Worthing Branch | Harbour FX");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /BN11 3AE.*01903 200 441/);
      const visit = page.getByRole("region", { name: "Visit us" });
      await expect(visit).toContainText("14 South Street");
      await expect(visit.getByRole("link", { name: "01903 200 441" })).toHaveAttribute("href", "tel:01903200441");
      await expect(visit.getByRole("link", { name: /^Open in Google Maps/ })).toHaveAttribute(
        "href",
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Harbour%20FX%2C%2014%20South%20Street/,
      );

      // Seven days, exactly one of them today's, in the bureau's zone.
      const hours = page.getByRole("table", { name: "Opening hours" });
      await expect(hours.getByRole("row")).toHaveCount(8);
      const today = todayInLondon();
      const marked = hours.locator('tr[aria-current="date"]');
      await expect(marked).toHaveCount(1);
      await expect(marked.getByRole("rowheader")).toHaveText(`${today} (today)`);

      // The board's featured rates, the same figures as the public rates list.
      const rates = page.getByRole("region", { name: /rates at Worthing$/ });
      const board = await (await page.request.get("/api/board/worthing")).json();
      const rows = rates.getByRole("table").locator("tbody tr");
      await expect(rows).toHaveCount(board.currencies.length);
      const first = board.currencies[0];
      await expect(rows.first()).toContainText(first.code);
      await expect(rows.first()).toContainText(first.collectRate);
      await expect(rows.first()).toContainText(first.sellRate);

      const stock = page.getByRole("region", { name: "In stock today" });
      await expect(stock.getByRole("listitem")).toHaveCount(1);
      await expect(stock.getByRole("listitem")).toContainText("CHF");
      await expect(stock).not.toContainText("SEK");
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      // The server's page and the hydrated one agree (today's row included): React reports no mismatch.
      expect(consoleErrors).toEqual([]);

      // A branch that keeps no count online says so, and who to call.
      await open(page, "/branches/brighton");
      await expect(page.getByRole("region", { name: "In stock today" })).toContainText(
        "does not show its notes online",
      );
      await expectNoSeriousAxeViolations(page);
    });

    test("the contact page lists all four branches with their phones", async ({ page }) => {
      await open(page, "/contact");
      for (const branch of BRANCHES) {
        const card = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { level: 3, name: branch.name, exact: true }) });
        await expect(card.getByRole("link", { name: branch.phone })).toBeVisible();
        await expect(card).toContainText("Monday to Saturday 9AM to 5PM");
      }
      await expectNoSeriousAxeViolations(page);
    });

    test("the menu and the footer lead to the branches and to tracking an order", async ({ page }) => {
      await open(page, "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      const drawer = page.getByRole("navigation", { name: "Main menu" });
      // The spec's entries stay, in their order; ours come after them.
      await expect(drawer.getByRole("link")).toHaveText([
        "Travel Money",
        "Exchange Rates",
        /^Money Transfers/,
        "Terms & Conditions",
        "Privacy Policy",
        "Contact",
        "Branches",
        "Track your order",
      ]);
      await expectNoSeriousAxeViolations(page);
      await drawer.getByRole("link", { name: "Track your order" }).click();
      await expect(page).toHaveURL(/\/track$/);

      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Track your order" })).toHaveAttribute("href", "/track");
      await footer.getByRole("link", { name: "Branches" }).click();
      await expect(page).toHaveURL(/\/branches$/);
      await expectNoSeriousAxeViolations(page);
    });

    test("above £2,500 the calculator says so and links to the branches' phone numbers", async ({ page }) => {
      await open(page, "/");
      const calculator = page.getByRole("region", { name: "Exchange calculator" });
      await calculator.getByLabel("You pay (GBP)").fill("3000");
      const summary = calculator.locator(".widget-summary");
      await expect(summary).toContainText("For more than £2,500 please contact the branch");
      await expectNoSeriousAxeViolations(page);
      await summary.getByRole("link", { name: "our branches and their phone numbers" }).click();
      await expect(page).toHaveURL(/\/branches$/);
      await expect(page.locator(".branch-card").getByRole("link", { name: /^0[0-9 ]+$/ })).toHaveCount(4);
    });
  });
}

test("the sitemap lists the branches and each branch's page; an unknown branch is a 404", async ({ page, baseURL }) => {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  expect(xml).toContain(`<loc>${baseURL}/branches</loc>`);
  for (const branch of BRANCHES) expect(xml).toContain(`<loc>${baseURL}/branches/${branch.key}</loc>`);
  const response = await page.goto("/branches/atlantis");
  expect(response?.status()).toBe(404);
});
