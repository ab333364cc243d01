import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { recordApiChangesFromBrowser } from "../support/orders.ts";
import { PUBLIC_PAGE_PATHS } from "../support/public-pages.ts";

/**
 * The public site (issue 3): the home widget, the Exchange Rates list, FAQ, contact form, legal pages,
 * send money, Coming Soon and what search engines see. The product runs on the fixed rates provider,
 * so the seeded EUR rates are known: market 1.1520, Sell -2.5 %, Buy +3 %.
 */

type ApiCurrency = { code: string; label: string; collectRate: string; sellRate: string };

async function currenciesFromApi(page: Page): Promise<ApiCurrency[]> {
  const response = await page.request.get("/api/currencies");
  expect(response.ok()).toBe(true);
  return (await response.json()).currencies;
}

function widget(page: Page): Locator {
  return page.getByRole("region", { name: "Exchange calculator" });
}

async function openHome(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
}

function rateRows(page: Page): Locator {
  return page.locator("table.rates-table tbody tr");
}

async function shownCodes(page: Page): Promise<string[]> {
  return rateRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-code") ?? ""));
}

test.describe("home exchange widget", () => {
  test("opens on Click & Collect with Euro and the live EUR collect rate", async ({ page }) => {
    const eur = (await currenciesFromApi(page)).find((c) => c.code === "EUR");
    expect(eur?.collectRate).toBe("1.1232");
    await openHome(page);
    const calculator = widget(page);
    await expect(calculator.getByRole("tab", { name: "Click & Collect" })).toHaveAttribute("aria-selected", "true");
    await expect(calculator.getByRole("tab", { name: "Click & Sell" })).toHaveAttribute("aria-selected", "false");
    await expect(calculator.getByRole("button", { name: /Currency.*EUR.*Euro/ })).toBeVisible();
    await expect(calculator).toContainText("1 GBP = 1.1232 EUR");
  });

  test("Click & Collect: pounds typed give euros, with the £10 collect rounding", async ({ page }) => {
    await openHome(page);
    const calculator = widget(page);
    await calculator.getByLabel("You pay (GBP)").fill("123");
    // £123 is rounded up to £130; 130 × 1.1232 = 146.016 → €146.01 (rounded down).
    await expect(calculator.getByLabel("You get (EUR)")).toHaveValue("146.01");
    await expect(calculator).toContainText("You pay £130.00 and collect €146.01.");
    await expect(calculator).toContainText("Click & Collect amounts go up to the next £10.");
  });

  test("Click & Collect: euros typed give the pounds to pay", async ({ page }) => {
    await openHome(page);
    const calculator = widget(page);
    await calculator.getByLabel("You get (EUR)").fill("200");
    // €200 ÷ 1.1232 = £178.06 → rounded up to £180; £180 × 1.1232 = €202.17.
    await expect(calculator.getByLabel("You pay (GBP)")).toHaveValue("180.00");
    await expect(calculator.getByLabel("You get (EUR)")).toHaveValue("200");
    await expect(calculator).toContainText("You pay £180.00 and collect €202.17.");
  });

  test("Click & Sell: both directions at the Buy-based rate, and arrow keys switch tabs", async ({ page }) => {
    await openHome(page);
    const calculator = widget(page);
    const collectTab = calculator.getByRole("tab", { name: "Click & Collect" });
    await collectTab.focus();
    await page.keyboard.press("ArrowRight");
    const sellTab = calculator.getByRole("tab", { name: "Click & Sell" });
    await expect(sellTab).toHaveAttribute("aria-selected", "true");
    await expect(sellTab).toBeFocused();
    await expect(calculator).toContainText("1 GBP = 1.1866 EUR");

    await calculator.getByLabel("You sell (EUR)").fill("100");
    // €100 ÷ 1.1866 = £84.2744… → £84.27 (the bureau never pays a fraction of a penny).
    await expect(calculator.getByLabel("You get (GBP)")).toHaveValue("84.27");

    await calculator.getByLabel("You get (GBP)").fill("50");
    // £50 × 1.1866 = €59.33 to hand over.
    await expect(calculator.getByLabel("You sell (EUR)")).toHaveValue("59.33");
    await expect(calculator).toContainText("You sell €59.33 and get £50.00.");
  });

  test("an amount not above 0 shows the spec's message and still opens the order page", async ({ page }) => {
    await openHome(page);
    await widget(page).getByRole("button", { name: "Order Now" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please give correct amount" })).toBeVisible();
    await expect(page).toHaveURL(/\/purchase\/EUR\/Order$/);

    await openHome(page);
    const calculator = widget(page);
    await calculator.getByRole("tab", { name: "Click & Sell" }).click();
    await calculator.getByLabel("You sell (EUR)").fill("0");
    await calculator.getByRole("button", { name: "Sell Now" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please give correct amount" })).toBeVisible();
    await expect(page).toHaveURL(/\/purchase\/EUR\/Sell$/);
  });

  test("a valid amount becomes a server quote in the cart and opens /purchase/EUR/Order", async ({ page }) => {
    const apiChanges = recordApiChangesFromBrowser(page);
    await openHome(page);
    const calculator = widget(page);
    await calculator.getByLabel("You pay (GBP)").fill("200");
    await calculator.getByRole("button", { name: "Order Now" }).click();
    await expect(page).toHaveURL(/\/purchase\/EUR\/Order$/);
    const cart = await page.evaluate(() => JSON.parse(window.localStorage.getItem("purchase") ?? "[]"));
    expect(cart).toHaveLength(1);
    // £200 buys €224.64 at 1.1232: €220 in notes, and £4.13 back (€220 is worth £195.8689… → £195.87).
    expect(cart[0]).toMatchObject({
      currency: "EUR",
      way: "Order",
      gbpMinor: 20_000,
      foreignMinor: 22_000,
      sterlingBackMinor: 413,
    });
    // The quote was asked through the order page's route action, not by the browser from the API.
    expect(apiChanges).toEqual([]);
  });

  test("the searchable picker lists every currency and chooses one by keyboard", async ({ page }) => {
    const currencies = await currenciesFromApi(page);
    await openHome(page);
    const calculator = widget(page);
    await calculator.getByRole("button", { name: /Currency/ }).click();
    const search = calculator.getByRole("combobox", { name: "Search currencies" });
    await expect(search).toBeFocused();
    const options = calculator.getByRole("option");
    await expect(options).toHaveCount(currencies.length);
    await expectNoSeriousAxeViolations(page);

    // The dropdown after moving through it: the active option it names must exist.
    await page.keyboard.press("ArrowDown");
    await expectNoSeriousAxeViolations(page);

    await search.fill("japan");
    await expect(options).toHaveCount(1);
    await page.keyboard.press("Enter");
    const pickerButton = calculator.getByRole("button", { name: /Currency.*JPY.*Japanese Yen/ });
    await expect(pickerButton).toBeFocused();
    await expect(calculator.getByLabel("You get (JPY)")).toBeVisible();

    await calculator.getByRole("tab", { name: "Click & Sell" }).click();
    await calculator.getByLabel("You sell (JPY)").fill("20000");
    await calculator.getByRole("button", { name: "Sell Now" }).click();
    await expect(page).toHaveURL(/\/purchase\/JPY\/Sell$/);
  });

  test("Escape closes the picker without changing the currency", async ({ page }) => {
    await openHome(page);
    const calculator = widget(page);
    const pickerButton = calculator.getByRole("button", { name: /Currency/ });
    await pickerButton.click();
    await calculator.getByRole("combobox", { name: "Search currencies" }).fill("usd");
    await page.keyboard.press("Escape");
    await expect(calculator.getByRole("listbox")).toHaveCount(0);
    await expect(pickerButton).toBeFocused();
    await expect(pickerButton).toContainText("EUR");
  });
});

test.describe("home page blocks", () => {
  test("selling points, currency list, stores, compare rates and FAQ", async ({ page }) => {
    await openHome(page);
    const currencies = await currenciesFromApi(page);
    // The number of currencies is the real one, wherever the site names it.
    const count = `${currencies.length} currencies`;
    for (const point of ["0% commission", "No hidden charges", new RegExp(`^${count}`)]) {
      await expect(page.getByRole("heading", { name: point, exact: true })).toBeVisible();
    }
    await expect(page.locator("#top")).toContainText(`Reserve ${count} online`);
    await expect(page.locator("#how-it-works")).toContainText(`choose from our ${count}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(`${count}\\.$`));
    await expect(page.locator("body")).not.toContainText(/70\+|over 70/i);
    const tiles = page.locator(".currency-tiles").getByRole("link");
    await expect(tiles).toHaveCount(16);
    await expect(tiles.first()).toHaveAttribute("href", `/purchase/${currencies[0]?.code}/Order`);
    await expect(tiles.first()).toContainText(`1 GBP = ${currencies[0]?.collectRate}`);
    await expect(page.getByRole("link", { name: `See all ${currencies.length} currencies` })).toHaveAttribute(
      "href",
      "/exchangeRates",
    );

    const stores = page.locator("#find-store");
    await expect(stores.getByRole("heading", { name: "Find your nearest store" })).toBeVisible();
    for (const name of ["Worthing", "Brighton", "Chichester", "London"]) {
      await expect(stores.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expect(stores).toContainText("14 South Street");
    await expect(stores).toContainText("Monday to Saturday 9AM to 5PM");
    await expect(stores).toContainText("Sunday 10AM to 3PM");
    const mapLink = stores.getByRole("link", { name: /Open in Google Maps for our Worthing branch/ });
    await expect(mapLink).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);

    // Decision 10: £450 at our live EUR collect rate, 450 × 1.1232 = €505.44. No competitor has a figure
    // entered, so theirs are not shown at all (dashboard.spec.ts enters one and sees its tile).
    const compare = page.locator("#compare-rates");
    await expect(compare).toContainText("What £450 buys you in euros");
    await expect(compare).not.toContainText("the others");
    const providers = compare.getByRole("listitem");
    await expect(providers).toHaveCount(1);
    await expect(providers.nth(0)).toContainText("Harbour FX");
    await expect(providers.nth(0)).toContainText("€505.44");
    for (const name of ["Post Office", "Travelex", "Marks & Spencer"]) await expect(compare).not.toContainText(name);
    await expect(compare).not.toContainText("0.00");

    await expect(page.locator("#faq").getByRole("button", { name: "What ID do I need?" })).toBeVisible();
    // No store links are configured in the test server, so the app block is absent.
    await expect(page.getByRole("heading", { name: "Get the Harbour FX app" })).toHaveCount(0);
  });

  test("the footer's in-page anchors all land on a section", async ({ page }) => {
    for (const [path, id] of [
      ["/", "top"],
      ["/", "about"],
      ["/", "how-it-works"],
      ["/", "find-store"],
      ["/privacyPolicy", "cookies"],
      ["/privacyPolicy", "complaints"],
      ["/termsCoditition", "anti-money-laundering"],
    ] as const) {
      await page.goto(`${path}#${id}`);
      await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
    }
  });
});

test.describe("Exchange Rates page", () => {
  test("banner, search, notes and the last-updated time", async ({ page }) => {
    await page.goto("/exchangeRates");
    await expect(page.getByRole("heading", { level: 1, name: "Exchange Rates" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Find your Currency" })).toBeVisible();
    await expect(page.getByPlaceholder("Enter currency name")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Important notes" })).toBeVisible();
    // The date comes from the database (seeded, or refreshed by live rates in other tests).
    await expect(page.getByText(/^Rates as of [A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}, \d\d:\d\d$/)).toBeVisible();
  });

  test("typing filters by code on the upper-cased text; deleting widens the list again", async ({ page }) => {
    const currencies = await currenciesFromApi(page);
    const codesMatching = (text: string) => currencies.filter((c) => c.code.includes(text)).map((c) => c.code);
    await page.goto("/exchangeRates");
    await waitForHydration(page);
    const search = page.getByLabel("Find your Currency");

    await search.pressSequentially("u");
    expect(codesMatching("U").length).toBeGreaterThan(1);
    await expect.poll(() => shownCodes(page)).toEqual(codesMatching("U").slice(0, 12));

    await search.pressSequentially("s");
    await expect.poll(() => shownCodes(page)).toEqual(["USD"]);
    await expect(page.getByRole("row", { name: /USD US Dollar/ })).toContainText("1.2821");

    await search.pressSequentially("x");
    await expect(rateRows(page)).toHaveCount(0);
    await expect(page.getByText("No currency code matches")).toBeVisible();

    await search.press("Backspace");
    await search.press("Backspace");
    await expect.poll(() => shownCodes(page)).toEqual(codesMatching("U").slice(0, 12));
    await search.press("Backspace");
    await expect.poll(() => shownCodes(page)).toEqual(currencies.slice(0, 12).map((c) => c.code));
  });

  test("12 shown; Show All / Show Less only when more than 20 match", async ({ page }) => {
    const currencies = await currenciesFromApi(page);
    const count = (text: string) => currencies.filter((c) => c.code.includes(text)).length;
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");
    // The boundary: a search matching exactly 20 (or the most below 21), and one matching more than 20.
    const atThreshold = letters
      .filter((l) => count(l) <= 20 && count(l) > 12)
      .sort((a, b) => count(b) - count(a))[0] as string;
    const aboveThreshold = letters.find((l) => count(l) > 20) as string;
    expect(atThreshold).toBeDefined();
    expect(aboveThreshold).toBeDefined();

    await page.goto("/exchangeRates");
    await waitForHydration(page);
    const showAll = page.getByRole("button", { name: "Show All" });
    const showLess = page.getByRole("button", { name: "Show Less" });
    await expect(rateRows(page)).toHaveCount(12);
    await showAll.click();
    await expect(rateRows(page)).toHaveCount(currencies.length);
    await expect(showLess).toHaveAttribute("aria-expanded", "true");
    await showLess.click();
    await expect(rateRows(page)).toHaveCount(12);
    await expect(showAll).toBeVisible();

    const search = page.getByLabel("Find your Currency");
    await search.fill(atThreshold);
    await expect(rateRows(page)).toHaveCount(12);
    await expect(showAll).toHaveCount(0);
    await expect(showLess).toHaveCount(0);

    await search.fill(aboveThreshold);
    await expect(rateRows(page)).toHaveCount(12);
    await showAll.click();
    await expect(rateRows(page)).toHaveCount(count(aboveThreshold));
    await expect(showLess).toBeVisible();
  });

  test("desktop rows show both rates to 4 decimals and both buttons with their targets", async ({ page }) => {
    await page.goto("/exchangeRates");
    await waitForHydration(page);
    await expect(page.getByRole("tablist", { name: "Rates for" })).toBeHidden();
    const eur = page.getByRole("row", { name: /EUR Euro/ });
    await expect(eur.getByRole("cell", { name: /^1\.1232 / })).toBeVisible();
    await expect(eur.getByRole("cell", { name: /^1\.1866 / })).toBeVisible();
    const rates = await page.locator("td.rates-rate .rates-figure").allTextContents();
    expect(rates).toHaveLength(24);
    for (const rate of rates) expect(rate).toMatch(/^\d+\.\d{4}$/);
    await expect(eur.getByRole("link", { name: "Click & Collect" })).toHaveAttribute("href", "/purchase/EUR/Order");
    await expect(eur.getByRole("link", { name: "Click & Sell" })).toHaveAttribute("href", "/purchase/EUR/Sell");
    await eur.getByRole("link", { name: "Click & Sell" }).click();
    await expect(page).toHaveURL(/\/purchase\/EUR\/Sell$/);
    await page.goBack();
    await page
      .getByRole("row", { name: /USD US Dollar/ })
      .getByRole("link", { name: "Click & Collect" })
      .click();
    await expect(page).toHaveURL(/\/purchase\/USD\/Order$/);
  });

  test("on a phone two tabs show one rate and one button each; names are shown in full", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/exchangeRates");
    await waitForHydration(page);
    const tabs = page.getByRole("tablist", { name: "Rates for" });
    await expect(tabs).toBeVisible();
    const collectTab = tabs.getByRole("tab", { name: "Click & Collect" });
    const sellTab = tabs.getByRole("tab", { name: "Click & Sell" });
    await expect(collectTab).toHaveAttribute("aria-selected", "true");
    const eur = page.getByRole("row", { name: /EUR Euro/ });
    await expect(eur.getByText("1.1232")).toBeVisible();
    await expect(eur.getByText("1.1866")).toBeHidden();
    await expect(eur.getByRole("link", { name: "Click & Collect" })).toBeVisible();
    await expect(eur.getByRole("link", { name: "Click & Sell" })).toBeHidden();

    await collectTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(sellTab).toHaveAttribute("aria-selected", "true");
    await expect(eur.getByText("1.1866")).toBeVisible();
    await expect(eur.getByText("1.1232")).toBeHidden();
    await expect(eur.getByRole("link", { name: "Click & Collect" })).toBeHidden();
    await expect(eur.getByRole("link", { name: "Click & Sell" })).toHaveAttribute("href", "/purchase/EUR/Sell");

    await page.getByRole("button", { name: "Show All" }).click();
    const longLabel = page.locator(".rates-label", { hasText: "Bosnia-Herzegovina Convertible Mark" });
    // Each row is a card below 600 px: a long name wraps inside it rather than being cut (phone-layouts.spec.ts).
    const drawn = await longLabel.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { right: box.right, clipped: element.scrollWidth > box.width + 1 };
    });
    expect(drawn.clipped).toBe(false);
    expect(drawn.right).toBeLessThanOrEqual(360);
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("tabs keep their panel named after hydration", () => {
  // The server and the browser must make the same ids (React's useId), or a switched tab's panel
  // points its aria-labelledby at an id that does not exist and loses its name.
  async function expectPanelNamedBySelectedTab(tablist: Locator, panelScope: Locator) {
    for (const name of ["Click & Sell", "Click & Collect", "Click & Sell"]) {
      await tablist.getByRole("tab", { name }).click();
      await expect(tablist.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
      await expect(panelScope.getByRole("tabpanel")).toHaveAccessibleName(name);
    }
  }

  test("the home widget's panel is named by the selected tab", async ({ page }) => {
    await openHome(page);
    const calculator = widget(page);
    await expectPanelNamedBySelectedTab(calculator.getByRole("tablist"), calculator);
    await expectNoSeriousAxeViolations(page);
  });

  test("the phone Exchange Rates panel is named by the selected tab", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/exchangeRates");
    await waitForHydration(page);
    await expectPanelNamedBySelectedTab(page.getByRole("tablist", { name: "Rates for" }), page.locator("main"));
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("FAQ", () => {
  for (const path of ["/faq", "/"]) {
    test(`one item open at a time; clicking the open one closes it (${path})`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const scope = path === "/" ? page.locator("#faq") : page.locator("main");
      const first = scope.getByRole("button", { name: "How do I place an order?" });
      const second = scope.getByRole("button", { name: "What ID do I need?" });
      const firstAnswer = scope.getByText(/Choose your currency and the amount you need/);
      const secondAnswer = scope.getByText(/Please bring a valid passport/);
      await expect(first).toHaveAttribute("aria-expanded", "false");
      await expect(firstAnswer).toBeHidden();

      await first.click();
      await expect(first).toHaveAttribute("aria-expanded", "true");
      await expect(firstAnswer).toBeVisible();

      await second.click();
      await expect(second).toHaveAttribute("aria-expanded", "true");
      await expect(first).toHaveAttribute("aria-expanded", "false");
      await expect(firstAnswer).toBeHidden();
      await expect(secondAnswer).toBeVisible();

      await second.click();
      await expect(second).toHaveAttribute("aria-expanded", "false");
      await expect(secondAnswer).toBeHidden();

      // Keyboard: Enter on a focused question opens it, and the answer is tied to it.
      await first.focus();
      await page.keyboard.press("Enter");
      await expect(first).toHaveAttribute("aria-expanded", "true");
      const panelId = await first.getAttribute("aria-controls");
      await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
    });
  }
});

test.describe("Contact page", () => {
  test("hero, map with its fallback link, and a card for each of the four branches", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    // The map is embedded once the page is interactive (the server sends it for browsers without JavaScript).
    await waitForHydration(page);
    const map = page.locator('iframe[title="Map showing our Worthing branch"]');
    await expect(map).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/);
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(page.getByRole("link", { name: /^Open in Google Maps/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    for (const [name, phone, email] of [
      ["Worthing", "01903 200 441", "worthing@harbourfx.co.uk"],
      ["Brighton", "01273 322 718", "brighton@harbourfx.co.uk"],
      ["Chichester", "01243 781 254", "chichester@harbourfx.co.uk"],
      ["London", "020 7946 0172", "london@harbourfx.co.uk"],
    ] as const) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
      await expect(card.getByRole("link", { name: phone })).toHaveAttribute("href", /^tel:/);
      await expect(card.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    }
    await expect(
      page.getByRole("heading", { level: 3 }).filter({ hasText: /^(Worthing|Brighton|Chichester|London)$/ }),
    ).toHaveCount(4);
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel(/^Phone/)).toHaveAttribute("type", "tel");
  });

  test("without JavaScript the map is embedded straight away", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/contact");
      const map = page.locator('iframe[title="Map showing our Worthing branch"]');
      await expect(map).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/);
      await expect(page.getByText("Worthing: ", { exact: false }).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("a valid message is sent (stored and queued for support) and the form is cleared", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Amelia Hart");
    await page.getByLabel("Email").fill("amelia.hart@example.com");
    await page.getByLabel(/^Phone/).fill("07700 900123");
    await page.getByLabel("Message").fill("Do you have Norwegian krone at the Brighton branch on Saturday?");
    const sent = page.waitForResponse((r) => r.url().includes("/contact") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send" }).click();
    expect((await sent).status()).toBe(200);
    // The server answers this only after the message and its outbox e-mail are committed together
    // (apps/server/src/routes/public/contact.test.ts checks the rows themselves).
    const outcome = page.getByRole("status").filter({ hasText: "Thank you for your message" });
    await expect(outcome).toBeVisible();
    await expect(outcome).toBeFocused();
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
  });

  test("invalid input is refused with a message per field and what was typed is kept", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Message").fill("Hello");
    const answered = page.waitForResponse((r) => r.url().includes("/contact") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send" }).click();
    expect((await answered).status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: "Your message was not sent" })).toBeVisible();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Message")).toHaveValue("Hello");
    await expectNoSeriousAxeViolations(page);
  });
});

test("send money lists both providers with outbound links", async ({ page }) => {
  await page.goto("/sendmony");
  const navTransfer = await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: /Money Transfers/ })
    .getAttribute("href");
  const westernUnion = page.getByRole("link", { name: /Send with Western Union/ });
  await expect(westernUnion).toHaveAttribute("href", navTransfer ?? "");
  await expect(westernUnion).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: /Send with WorFX/ })).toHaveAttribute("href", /^https:\/\//);
  await expect(page.getByRole("heading", { name: "Western Union" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "WorFX" })).toBeVisible();
});

test("Coming Soon has its own route and is kept out of search engines", async ({ page }) => {
  const response = await page.goto("/coming-soon");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("legal pages: banner, numbered privacy sections and a contact section", async ({ page }) => {
  await page.goto("/termsCoditition");
  await expect(page.getByRole("heading", { level: 1, name: "TERMS & CONDITIONS" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cancellations and refunds" })).toBeVisible();
  await page.goto("/privacyPolicy");
  const numbered = page.locator(".legal-body h2").filter({ hasText: /^\d+\. / });
  await expect(numbered).toHaveCount(12);
  await expect(page.locator(".legal-body h2").last()).toHaveText("Contact us");
});

const PUBLIC_PAGES = PUBLIC_PAGE_PATHS;

test("every public page has its own title and description, server-rendered", async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    expect(title, path).toBeTruthy();
    expect(description?.length ?? 0, path).toBeGreaterThan(50);
    titles.add(title as string);
    descriptions.add(description as string);
    // The content itself is in the HTML, not only rendered in the browser.
    expect(html, path).toContain("<h1");
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);
  expect(descriptions.size).toBe(PUBLIC_PAGES.length);
});

test("sitemap.xml lists the public pages only; robots.txt keeps crawlers out of staff areas", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/exchangeRates", "/termsCoditition", "/privacyPolicy", "/contact", "/sendmony", "/faq"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  for (const excluded of ["/dashboard", "/box", "/signIn", "/signUp", "/coming-soon", "/api"]) {
    expect(xml).not.toContain(`${baseURL}${excluded}`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  for (const line of ["User-agent: *", "Disallow: /dashboard", "Disallow: /box", "Disallow: /api"]) {
    expect(robots).toContain(line);
  }
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test.describe("accessibility (axe, WCAG 2.2 AA)", () => {
  for (const path of PUBLIC_PAGES) {
    test(`no serious or critical violations on ${path}, and no CSP errors`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousAxeViolations(page);
      expect(consoleErrors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
    });
  }

  test("no violations on a phone with the FAQ open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page);
    await page.locator("#faq").getByRole("button", { name: "What ID do I need?" }).click();
    await expectNoSeriousAxeViolations(page);
  });
});
