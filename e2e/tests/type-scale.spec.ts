import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { placeOrder } from "../support/orders.ts";

/**
 * The public pages write their text in the type scale of styles/app.css: five sizes, two weights, one font
 * family (issue 34, "less style work"; decision 041). Each size and weight a page uses is a font the browser
 * looks up and prepares in its first layout; a page using 16-25 of them spent most of that layout on it. A
 * rule with a size or a weight of its own (or a form control left in the browser's own font) fails here.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The scale's sizes at the root's 16 px, and its weights. */
const SIZES_PX = [13.6, 16, 19.2, 24, 28.8];
const WEIGHTS = ["400", "700"];
/** The most sizes × weights a page may use (a page needs only some of the ten). */
const MOST_FONTS_PER_PAGE = 8;

type Font = { family: string; sizePx: number; weight: string; style: string; example: string };

/** The font of every text drawn on the page (below the fold too), as the browser computed it. */
async function fontsOf(page: Page): Promise<Font[]> {
  return page.evaluate(() => {
    const fonts = new Map<string, Font>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const element = text.parentElement;
      if (!element || !text.textContent?.trim()) continue;
      // The rate history's chart draws its labels in SVG, sized to the chart's width (public.css, .history-axis).
      if (element instanceof SVGElement) continue;
      if (!element.checkVisibility({ contentVisibilityAuto: false })) continue;
      const style = getComputedStyle(element);
      const font = {
        family: style.fontFamily,
        sizePx: Number.parseFloat(style.fontSize),
        weight: style.fontWeight,
        style: style.fontStyle,
        example: `${element.tagName.toLowerCase()}.${element.className}: ${text.textContent.trim().slice(0, 30)}`,
      };
      const key = `${font.family}|${font.sizePx}|${font.weight}|${font.style}`;
      if (!fonts.has(key)) fonts.set(key, font);
    }
    return [...fonts.values()];
  });
}

function expectInTheScale(fonts: Font[]) {
  const rootFamily = fonts[0]?.family;
  for (const font of fonts) {
    expect(font.family, font.example).toBe(rootFamily);
    expect(SIZES_PX, `${font.sizePx}px: ${font.example}`).toContain(font.sizePx);
    expect(WEIGHTS, `weight ${font.weight}: ${font.example}`).toContain(font.weight);
    expect(font.style, font.example).toBe("normal");
  }
  expect(fonts.length).toBeLessThanOrEqual(MOST_FONTS_PER_PAGE);
}

const pages = ["/", "/exchangeRates", "/exchangeRates/EUR", "/purchase/EUR/Order", "/contact", "/branches"];

for (const path of pages) {
  test(`${path} writes its text in the type scale`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    expectInTheScale(await fontsOf(page));
  });
}

test("an order's page writes its text in the type scale", async ({ page }) => {
  const { orderNumber, accessToken } = await placeOrder(page, "type-scale@example.com");
  await page.goto(`/track/${accessToken}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  expectInTheScale(await fontsOf(page));
});
