import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { chartDayCount } from "../support/rate-history.ts";

/**
 * Parts below the fold render when they near the screen (issue 34, "less work to hydrate";
 * components/ui/render-when-visible.tsx). Until then the wrapper says so (`data-awaiting-render`) and
 * holds the server's HTML, whose text and links are there for everyone.
 */
test.use({ viewport: { width: 390, height: 844 } });

const footer = ".render-when-visible:has(> .site-footer)";

test("the footer keeps the server's HTML until it nears the screen, then renders", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const part = page.locator(footer);
  await expect(part).toHaveAttribute("data-awaiting-render", "");
  // The server's links are there and real links before the part renders.
  await expect(part.getByRole("link", { name: "Track your order" })).toHaveAttribute("href", "/track");
  await part.scrollIntoViewIfNeeded();
  await expect(part).not.toHaveAttribute("data-awaiting-render");
  await expect(part.getByRole("link", { name: "Track your order" })).toHaveAttribute("href", "/track");
  // Back at the top: the rendered footer is checked whole, none of it under the sticky header.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousAxeViolations(page);
});

test("a navigation while parts are still waiting goes through at once", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator(footer)).toHaveAttribute("data-awaiting-render", "");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Exchange Rates" }).first().click();
  await expect(page).toHaveURL(/\/exchangeRates$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Exchange Rates/);
});

test("the keyboard reaching into a waiting part renders it and keeps focus where it went", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const faq = page.locator(".render-when-visible:has(#faq)");
  await expect(faq).toHaveAttribute("data-awaiting-render", "");
  const question = faq.getByRole("button").first();
  const text = await question.textContent();
  await question.focus();
  await expect(faq).not.toHaveAttribute("data-awaiting-render");
  await expect(page.locator(":focus")).toHaveText(text ?? "");
  // The focused element is the rendered one: the accordion answers the key at once.
  await page.keyboard.press("Enter");
  await expect(faq.getByRole("button").first()).toHaveAttribute("aria-expanded", "true");
});

test.describe("on a short screen, where the rate history's days start well below the fold", () => {
  test.use({ viewport: { width: 390, height: 500 } });

  test("a waiting part with new data renders at once (the days after another period)", async ({ page }) => {
    await page.goto("/exchangeRates/EUR");
    await waitForHydration(page);
    const days = page.locator(".render-when-visible:has(.history-table)");
    await expect(days).toHaveAttribute("data-awaiting-render", "");
    await expect(days.locator("tbody tr")).toHaveCount(chartDayCount("1m"));
    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "1 year" }).click();
    await expect(page).toHaveURL(/range=1y$/);
    await expect(days).not.toHaveAttribute("data-awaiting-render");
    await expect(days.locator("tbody tr")).toHaveCount(chartDayCount("1y"));
  });
});

test("a click on a waiting part's button renders the part and reaches the rendered button", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const faq = page.locator(".render-when-visible:has(#faq)");
  await expect(faq).toHaveAttribute("data-awaiting-render", "");
  // A click that arrives before the part nears the screen (as a tap right after a jump to it would): the
  // server's button has no handler of its own.
  await faq
    .getByRole("button")
    .first()
    .evaluate((button: HTMLElement) => button.click());
  await expect(faq).not.toHaveAttribute("data-awaiting-render");
  await expect(faq.getByRole("button").first()).toHaveAttribute("aria-expanded", "true");
  await expect(faq.getByRole("button").first()).toBeFocused();
  // One click opened it once: a second click closes it as the rendered accordion's own.
  await faq.getByRole("button").first().click();
  await expect(faq.getByRole("button").first()).toHaveAttribute("aria-expanded", "false");
});
