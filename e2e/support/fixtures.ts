import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Fails the test on any serious or critical WCAG 2.2 AA violation of the current page, or on an
 * `aria-labelledby` / `aria-controls` / `aria-describedby` / `aria-activedescendant` that names an id
 * no element has (axe only
 * requires one of several ids to exist; a dangling one still silences a name or description).
 */
export async function expectNoSeriousAxeViolations(page: Page) {
  expect(await danglingAriaReferences(page)).toEqual([]);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Every id reference in the page that points at no element, as "attribute → id" on the referring element. */
export async function danglingAriaReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dangling: string[] = [];
    for (const attribute of ["aria-labelledby", "aria-controls", "aria-describedby", "aria-activedescendant"]) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        for (const id of (element.getAttribute(attribute) ?? "").split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) dangling.push(`<${element.localName}> ${attribute} → ${id}`);
        }
      }
    }
    return dangling;
  });
}

/** Collects browser console errors and CSP violations; a test can assert there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});
export { expect };

/** Waits until React has hydrated the page (the root layout marks <html> once it has). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
