import type { Page } from "@playwright/test";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";

/**
 * The rates list on a phone (issue 34, item 1): one card per currency whose code and name are drawn in
 * full, with the rate, how far it is from the market rate, and one button, nothing clipped or overrunning.
 */
async function rowsDrawn(page: Page) {
  return page.locator(".rates-table tbody tr").evaluateAll((rows) =>
    rows.map((row) => {
      const label = row.querySelector(".rates-label") as HTMLElement;
      const card = row.getBoundingClientRect();
      const visibleButtons = [...row.querySelectorAll<HTMLElement>(".rates-actions .button")].filter(
        (button) => button.offsetParent !== null,
      );
      return {
        code: row.getAttribute("data-code"),
        // The name's drawn width against the width its text needs: a clipped name is narrower.
        labelDrawn: label.getBoundingClientRect().width,
        labelNeeded: label.scrollWidth,
        cardRight: card.right,
        buttons: visibleButtons.map((button) => button.getBoundingClientRect().right),
        text: (row as HTMLElement).textContent,
      };
    }),
  );
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("the rates list is one card per currency: its name in full, the rate against the market, one button", async ({
      page,
    }) => {
      await page.goto("/exchangeRates");
      await waitForHydration(page);
      const rows = await rowsDrawn(page);
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        expect(row.labelDrawn, `${row.code}'s name is drawn`).toBeGreaterThan(20);
        expect(row.labelDrawn, `${row.code}'s name is not clipped`).toBeGreaterThanOrEqual(row.labelNeeded - 1);
        expect(row.buttons, `${row.code} shows one button`).toHaveLength(1);
        expect(row.buttons[0]!, `${row.code}'s button stays inside its card`).toBeLessThanOrEqual(row.cardRight + 0.5);
        expect(row.cardRight).toBeLessThanOrEqual(width);
        expect(row.text).toMatch(/market rate/);
      }
      const euro = page.locator('.rates-table tr[data-code="EUR"]');
      await expect(euro).toContainText("Euro");
      // The other tab shows the Click & Sell rate and its button instead.
      await page.getByRole("tab", { name: "Click & Sell" }).click();
      await expect(euro.getByRole("link", { name: /Click & Sell/ })).toBeVisible();
      await expect(euro.getByRole("link", { name: /Click & Collect/ })).toBeHidden();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
    });

    test("the rate-history chart's labels are drawn at least 12 CSS px high", async ({ page }) => {
      await page.goto("/exchangeRates/EUR");
      await waitForHydration(page);
      const chart = page.locator(".history-chart svg");
      await expect(chart).toBeVisible();
      const sizes = await chart.evaluate((svg: SVGSVGElement) => {
        const scale = svg.getScreenCTM()?.a ?? 0;
        return [...svg.querySelectorAll<SVGTextElement>(".history-axis")].map(
          (label) => Number.parseFloat(getComputedStyle(label).fontSize) * scale,
        );
      });
      expect(sizes.length).toBeGreaterThanOrEqual(5);
      for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
      // The labels stay inside the drawing.
      const box = await chart.boundingBox();
      for (const label of await page.locator(".history-axis").all()) {
        const drawn = await label.boundingBox();
        expect(drawn!.x).toBeGreaterThanOrEqual(box!.x - 0.5);
        expect(drawn!.x + drawn!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
        expect(drawn!.y).toBeGreaterThanOrEqual(box!.y - 0.5);
      }
      await expectNoSeriousAxeViolations(page);
    });

    test("the basket's lines say what each figure is", async ({ page }) => {
      await page.goto("/purchase/EUR/Order");
      await waitForHydration(page);
      const form = page.getByRole("form", { name: "Add currency" });
      if (!(await form.isVisible())) await page.getByRole("button", { name: "Add Currency" }).click();
      await form.getByLabel("Currency").selectOption("EUR");
      await form.getByLabel(/\(GBP\)/).fill("300");
      await form.getByRole("button", { name: "Add", exact: true }).click();
      const line = page.getByRole("table", { name: "Currencies in your basket" }).locator("tbody tr").first();
      await expect(line).toBeVisible();
      const text = await line.textContent();
      expect(text).toMatch(/You pay\s*£300\.00/);
      expect(text).toMatch(/You get\s*€/);
      expect(text).toMatch(/Rate\s*\d+\.\d{4}/);
      expect(text).toMatch(/Price held for\s*\d+:\d{2}/);
      await expectNoSeriousAxeViolations(page);
    });

    test("an empty details step says every problem at once, each at its field, and focuses the first", async ({
      page,
    }) => {
      await page.goto("/purchase/EUR/Order");
      await waitForHydration(page);
      const form = page.getByRole("form", { name: "Add currency" });
      if (!(await form.isVisible())) await page.getByRole("button", { name: "Add Currency" }).click();
      await form.getByLabel("Currency").selectOption("EUR");
      await form.getByLabel(/\(GBP\)/).fill("100");
      await form.getByRole("button", { name: "Add", exact: true }).click();
      // The line is added once its quote has come back: Next before that says the basket is empty.
      await expect(page.getByRole("button", { name: "Remove EUR" })).toBeVisible();
      await page.getByLabel("Collection point").selectOption("worthing");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Place order" }).click();
      for (const [label, message] of [
        ["First name", "First name is required"],
        ["Last name", "Last name is required"],
        ["Email", "Email is required"],
        ["Confirm email", "Confirm email is required"],
        ["Phone", "Phone is required"],
      ] as const) {
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute("aria-invalid", "true");
        // Tied to its field: the message is the field's description.
        await expect(field).toHaveAccessibleDescription(new RegExp(message));
      }
      await expect(page.getByRole("checkbox", { name: /I have read and agree/ })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(page.getByLabel("First name", { exact: true })).toBeFocused();
      await expectNoSeriousAxeViolations(page);
      // Mending one field clears its own message only.
      await page.getByLabel("First name", { exact: true }).fill("Jane");
      await expect(page.getByLabel("First name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Last name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    });
  });
}
