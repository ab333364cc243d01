import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { placeOrder } from "../support/orders.ts";

/**
 * The public pages hydrate, and render their parts below the fold, without Intl (issue 34, "less work to
 * hydrate"; decision 040). The first Intl formatter a page makes loads ICU's data in the middle of hydration:
 * 17-31 ms of main thread for a number format, 17-22 ms for a date format with a time zone on a quiet machine.
 * Prices are written by packages/domain/src/money.ts, dates from the display zone's table of offsets
 * (packages/domain/src/dates.ts, displayDatesOf), both held to Intl's text by property tests.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Counts, in the page's own world, every Intl object made and every locale-aware formatting call. */
function countIntlUse() {
  const used: string[] = [];
  (window as unknown as { intlUsed: string[] }).intlUsed = used;
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of [
    "DateTimeFormat",
    "NumberFormat",
    "PluralRules",
    "RelativeTimeFormat",
    "ListFormat",
    "Collator",
  ]) {
    const original = intl[name] as (...args: unknown[]) => unknown;
    intl[name] = new Proxy(original, {
      construct(target, args) {
        used.push(`new Intl.${name}`);
        return Reflect.construct(target as unknown as new (...a: unknown[]) => object, args);
      },
      apply(target, self, args) {
        used.push(`Intl.${name}()`);
        return Reflect.apply(target, self, args);
      },
    });
  }
  const methods: [object, string, string][] = [
    [Date.prototype, "toLocaleString", "Date"],
    [Date.prototype, "toLocaleDateString", "Date"],
    [Date.prototype, "toLocaleTimeString", "Date"],
    [Number.prototype, "toLocaleString", "Number"],
    [String.prototype, "localeCompare", "String"],
  ];
  for (const [prototype, method, owner] of methods) {
    const holder = prototype as Record<string, (...args: unknown[]) => unknown>;
    const original = holder[method] as (...args: unknown[]) => unknown;
    holder[method] = function (this: unknown, ...args: unknown[]) {
      used.push(`${owner}.${method}`);
      return original.apply(this, args);
    };
  }
}

/**
 * Scrolls down a screen at a time to the end, where every part below the fold has rendered (the header's lists of links render only
 * when shown: on a phone the top bar's never is, and the drawer's only once opened; a part with nothing to show
 * is never seen).
 */
async function renderPartsBelowTheFold(page: Page) {
  const waiting = page.locator("[data-awaiting-render]:not(header *)").filter({ visible: true });
  for (let screen = 0; screen < 40 && (await waiting.count()) > 0; screen += 1) {
    await page.mouse.wheel(0, 700);
    await page.waitForTimeout(100);
  }
  await expect(waiting).toHaveCount(0);
}

const pages = ["/", "/exchangeRates", "/exchangeRates/EUR", "/purchase/EUR/Order", "/contact", "/branches"];

for (const path of pages) {
  test(`${path} hydrates and renders its parts without Intl`, async ({ page }) => {
    await page.addInitScript(countIntlUse);
    await page.goto(path);
    await waitForHydration(page);
    await renderPartsBelowTheFold(page);
    expect(await page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed)).toEqual([]);
  });
}

test("an order's page hydrates without Intl, dates and all", async ({ page }) => {
  const { orderNumber, accessToken } = await placeOrder(page, "intl-free@example.com");
  await page.addInitScript(countIntlUse);
  await page.goto(`/track/${accessToken}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  // The timeline writes the placing's date and time in the bureau's zone (the same text the server sent).
  await expect(page.locator(".timeline li").first()).toHaveText(
    /^Order placed: [A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}, \d{2}:\d{2}$/,
  );
  await renderPartsBelowTheFold(page);
  expect(await page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed)).toEqual([]);
});
