import { signInAsStaff, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { waitForMail } from "../support/mail.ts";

// CHF as seeded: market 1.0520, Click & Collect margin -3% → 1.0204; no other browser test reads its rates.
const CHF = { label: "Swiss Franc", sell: "-3", buy: "4.5" };

/** An e-mail's header block, long headers unfolded. */
const headersOf = (raw: string) => (raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");

/** The first address in an e-mail's text that matches. */
function linkIn(text: string, pattern: RegExp): string {
  const link = pattern.exec(text)?.[1];
  expect(link, text).toBeDefined();
  return link!;
}

async function setChfSellMargin(page: import("@playwright/test").Page, sell: string) {
  await signInAsStaff(page);
  const origin = new URL(page.url()).origin;
  const response = await page.request.put("/api/admin/currencies/CHF", {
    headers: { origin },
    data: { ...CHF, sell },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.context().clearCookies();
}

test("a rate alert from sign-up on the rate history page to confirmation, the triggered e-mail and unsubscribe", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("rate-alert");

  // Sign-up: a refused target first (clear message, nothing set), then a good one.
  await page.goto("/exchangeRates/CHF");
  await waitForHydration(page);
  const alertForm = page.getByRole("region", { name: "Rate alert" });
  await alertForm.getByLabel("Alert me when 1 GBP buys at least").fill("0");
  await alertForm.getByLabel("Email").fill(email);
  await alertForm.getByRole("button", { name: "Set alert" }).click();
  await expect(alertForm.getByRole("alert")).toContainText("Your alert was not set");
  await expect(alertForm.getByText("The amount must be more than 0")).toBeVisible();
  await expect(alertForm.getByLabel("Alert me when 1 GBP buys at least")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousAxeViolations(page);

  await alertForm.getByLabel("Alert me when 1 GBP buys at least").fill("1.04");
  await alertForm.getByRole("button", { name: "Set alert" }).click();
  await expect(alertForm.getByRole("status")).toContainText("Nearly done: we have sent you an e-mail");

  // A second alert for the same address stays unconfirmed (it is what the unsubscribe stops at the end).
  await alertForm.getByLabel("Alert me when 1 GBP buys at least").fill("1.5");
  await alertForm.getByLabel("Email").fill(email);
  await alertForm.getByRole("button", { name: "Set alert" }).click();
  await expect(alertForm.getByRole("status")).toContainText("Nearly done");

  // The confirmation e-mail: its link opens a page that changes nothing until its button is pressed.
  const confirmation = await waitForMail(email, /Confirm your CHF rate alert[\s\S]*at least 1\.04 CHF/);
  expect(headersOf(confirmation.raw)).toMatch(/^List-Unsubscribe: <http[^>]+\/api\/rate-alerts\/unsubscribe\/[^>]+>/m);
  expect(headersOf(confirmation.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  await page.goto(linkIn(confirmation.text, /(https?:\/\/\S+\/alerts\/confirm\/[A-Za-z0-9._-]+)/));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your rate alert" })).toBeVisible();
  await expect(page.getByText("1 GBP buys at least 1.04 CHF (Swiss Franc)")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Switch the alert on" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your rate alert is on. We will e-mail you once when our rate reaches your target.",
  );

  // Staff change the CHF margin: the Click & Collect rate becomes 1.0520, past the target.
  await setChfSellMargin(page, "0");
  try {
    const triggered = await waitForMail(email, /Rate alert: 1 GBP now buys 1\.052 CHF/);
    expect(triggered.text).toContain("you asked for at least 1.04");
    expect(headersOf(triggered.raw)).toMatch(/^List-Unsubscribe: <http[^>]+\/api\/rate-alerts\/unsubscribe\/[^>]+>/m);
    expect(headersOf(triggered.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // Its order link starts an order for that currency.
    await page.goto(linkIn(triggered.text, /(https?:\/\/\S+\/purchase\/CHF\/Order)/));
    await expect(page).toHaveURL(/\/purchase\/CHF\/Order$/);

    // Unsubscribe from the triggered e-mail: the page says what it stops; the button does it.
    await page.goto(linkIn(triggered.text, /(https?:\/\/\S+\/alerts\/unsubscribe\/[A-Za-z0-9._-]+)/));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe from rate alerts" })).toBeVisible();
    await expect(
      page.getByText("Unsubscribing stops the one rate alert waiting for your e-mail address."),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "You have unsubscribed: your rate alert is stopped and we will not e-mail you about it again.",
    );
    await expectNoSeriousAxeViolations(page);

    // The same link again: nothing left to stop, said plainly, no button.
    await page.reload();
    await expect(page.getByRole("status")).toContainText("there is nothing to unsubscribe from");
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  } finally {
    await setChfSellMargin(page, CHF.sell);
  }
  // The refused sign-up is answered 400 (the browser logs that status); nothing else may fail or be blocked.
  expect(consoleErrors.filter((error) => !error.includes("status of 400"))).toEqual([]);
});

test("the alert form and the confirmation page work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail("alert-nojs");
  await page.goto("/exchangeRates/NOK");
  const alertForm = page.getByRole("region", { name: "Rate alert" });
  await alertForm.getByLabel("Alert me when 1 GBP buys at least").fill("1.23456");
  await alertForm.getByLabel("Email").fill(email);
  await alertForm.getByRole("button", { name: "Set alert" }).click();
  await expect(alertForm.getByText("Please use at most 4 decimal places")).toBeVisible();
  await expect(alertForm.getByLabel("Email")).toHaveValue(email);

  await alertForm.getByLabel("Alert me when 1 GBP buys at least").fill("99");
  await alertForm.getByRole("button", { name: "Set alert" }).click();
  await expect(alertForm.getByRole("status")).toContainText("Nearly done");

  const confirmation = await waitForMail(email, /Confirm your NOK rate alert/);
  const confirmLink = linkIn(confirmation.text, /(https?:\/\/\S+\/alerts\/confirm\/[A-Za-z0-9._-]+)/);
  await page.goto(confirmLink);
  await page.getByRole("button", { name: "Switch the alert on" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your rate alert is on. We will e-mail you once when our rate reaches your target.",
  );
  // The link again: already on, said plainly, no button.
  await page.goto(confirmLink);
  await expect(page.getByRole("status")).toHaveText("This alert is already on.");
  await expect(page.getByRole("button", { name: "Switch the alert on" })).toHaveCount(0);
  await context.close();
});
