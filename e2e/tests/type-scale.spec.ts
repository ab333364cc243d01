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

/** The most sizes × weights a page may use (a page needs only some of the scale's). */
const MOST_FONTS_PER_PAGE = 8;

type Font = { family: string; sizePx: number; weight: string; style: string; example: string };
type Scale = { sizesPx: number[]; weights: string[] };

/**
 * The scale as the page's stylesheet defines it (app.css's `--text-*` and `--weight-*` on `:root`), resolved by
 * the browser: each step applied to a probe element and read back as computed px and weights.
 */
async function scaleOf(page: Page): Promise<Scale> {
  return page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const names = [...root].filter((name) => name.startsWith("--text-") || name.startsWith("--weight-"));
    const probe = document.createElement("span");
    document.body.append(probe);
    const resolved = (property: "fontSize" | "fontWeight", name: string) => {
      probe.style[property] = `var(${name})`;
      return getComputedStyle(probe)[property];
    };
    const scale = {
      sizesPx: names.filter((n) => n.startsWith("--text-")).map((n) => Number.parseFloat(resolved("fontSize", n))),
      weights: names.filter((n) => n.startsWith("--weight-")).map((n) => resolved("fontWeight", n)),
    };
    probe.remove();
    return scale;
  });
}

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

async function expectInTheScale(page: Page) {
  const { sizesPx, weights } = await scaleOf(page);
  // The scale itself: five sizes and two weights (a sixth is a choice about the whole scale, decision 041).
  expect(sizesPx).toHaveLength(5);
  expect(weights.toSorted()).toEqual(["400", "700"]);
  const fonts = await fontsOf(page);
  const rootFamily = fonts[0]?.family;
  for (const font of fonts) {
    expect(font.family, font.example).toBe(rootFamily);
    expect(sizesPx, `${font.sizePx}px: ${font.example}`).toContain(font.sizePx);
    expect(weights, `weight ${font.weight}: ${font.example}`).toContain(font.weight);
    expect(font.style, font.example).toBe("normal");
  }
  expect(fonts.length).toBeLessThanOrEqual(MOST_FONTS_PER_PAGE);
}

const pages = ["/", "/exchangeRates", "/exchangeRates/EUR", "/purchase/EUR/Order", "/contact", "/branches"];

for (const path of pages) {
  test(`${path} writes its text in the type scale`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    await expectInTheScale(page);
  });
}

test("an order's page writes its text in the type scale", async ({ page }) => {
  const { orderNumber, accessToken } = await placeOrder(page, "type-scale@example.com");
  await page.goto(`/track/${accessToken}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await expectInTheScale(page);
});
