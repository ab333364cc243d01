import type { Page } from "@playwright/test";
import { PASSWORD_RULE } from "@bureau/domain/account-rules";
import { submitCredentials, toast, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { mailsTo, verificationLinkFor, waitForMail } from "../support/mail.ts";

/**
 * The customer's journey on a phone (issue 34): the order has its own page from the moment it is placed,
 * and a reload, Back and a bookmark open it again; a sign-up goes on to "Check your inbox", and the
 * confirmed address leads to My orders.
 */
async function placeThroughWizard(page: Page, email: string) {
  await page.goto("/purchase/EUR/Order");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Currency" }).click();
  const form = page.getByRole("form", { name: "Add currency" });
  await form.getByLabel("You pay (GBP)").fill("250");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("row", { name: /EUR/ })).toContainText("£250.00");
  await page.getByLabel("Collection point").selectOption("brighton");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("First name").fill("Pat");
  await page.getByLabel("Last name").fill("Phone");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Confirm email").fill(email);
  await page.getByLabel("Phone").fill("07700 900321");
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
}

/** What the order's page must show, however it was reached. */
async function expectOrderPage(page: Page, orderNumber: string, width: number) {
  const order = page.getByRole("article", { name: `Order ${orderNumber}` });
  await expect(order).toContainText("We have your order and will prepare it");
  await expect(order.getByText(`Order Number: ${orderNumber}`)).toBeVisible();
  // The notes and the sterling given back, the collect-by date, the booking details.
  await expect(order.getByRole("row", { name: /EUR/ })).toContainText(/€\d[\d,]* in notes/);
  await expect(order).toContainText(/Collect your currency within \d+ days of our e-mail saying your order is ready/);
  await expect(order).toContainText("Booking Details");
  await expect(order).toContainText("Pat Phone");
  // The branch: address, phone and today's hours.
  const branch = order.getByRole("region", { name: "Branch" });
  await expect(branch).toContainText("Brighton");
  await expect(branch.getByRole("link", { name: /^0\d/ })).toHaveAttribute("href", /^tel:/);
  await expect(branch).toContainText(/Open today \d+(:\d\d)?[AP]M to \d+(:\d\d)?[AP]M|Closed today/);
  // The collection pass, drawn by the server.
  const pass = order.getByRole("img", { name: `Collection pass QR code for order ${orderNumber}` });
  await expect(pass).toBeVisible();
  await expect
    .poll(() => pass.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  // Nothing runs off a phone's screen.
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => `${element.localName}.${element.className}: ${element.textContent?.slice(0, 40)}`),
  );
  expect(overflowing, `nothing runs off the screen at ${width} px`).toEqual([]);
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("placing an order lands on the order's own page; a reload, Back and Forward show it again", async ({
      page,
    }) => {
      test.slow(); // the wizard, three loads of the page and four accessibility checks on a shared machine
      const email = uniqueEmail(`journey${width}`);
      await placeThroughWizard(page, email);
      await expect(page).toHaveURL(/\/track\/[A-Za-z0-9._-]+$/);
      const orderUrl = page.url();
      const orderNumber = (await page.getByText(/Order Number: \d{8}/).textContent())?.match(/\d{8}/)?.[0] ?? "";
      expect(orderNumber).toMatch(/^\d{8}$/);
      await expectOrderPage(page, orderNumber, width);
      await expectNoSeriousAxeViolations(page);
      // The basket is empty now: the order page is the record.
      expect(await page.evaluate(() => window.localStorage.getItem("purchase"))).toBeNull();

      await page.reload();
      await waitForHydration(page);
      await expectOrderPage(page, orderNumber, width);
      await expectNoSeriousAxeViolations(page);

      await page.goBack();
      await expect(page).toHaveURL(/\/purchase\/EUR\/Order$/);
      await waitForHydration(page);
      await expectNoSeriousAxeViolations(page);
      await page.goForward();
      await expect(page).toHaveURL(orderUrl);
      await waitForHydration(page);
      await expectOrderPage(page, orderNumber, width);

      // The order e-mail carries the same link, the collect-by words and the branch's hours.
      const received = await waitForMail(email, new RegExp(`order ${orderNumber}`));
      expect(received.text).toContain(new URL(orderUrl).pathname);
      expect(received.text).toMatch(/Collect your currency within \d+ days/);
      expect(received.text).toMatch(/Opening hours:\s+Monday to Saturday 9AM to 5PM/);
    });
  });
}

const SENT_AGAIN =
  "If this address has an account waiting for confirmation, a new link is on its way. It can take a few minutes.";

async function verificationMailCount(email: string) {
  return (await mailsTo(email)).filter((mail) => /Confirm your e-mail address for Harbour FX/.test(mail.text)).length;
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('sign-up → "Check your inbox" (Send it again) → verify → My orders', async ({ page }) => {
      test.slow(); // sign-up, two e-mails, sign-in and five accessibility checks on a shared machine
      const email = uniqueEmail(`inbox${width}`);
      const password = "a-good-password";
      await page.goto("/signUp");
      await waitForHydration(page);
      // The password rule is there before anything is typed, tied to the field.
      await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
      await expect(page.getByLabel("Password")).toHaveAccessibleDescription(PASSWORD_RULE);
      await expectNoSeriousAxeViolations(page);

      await submitCredentials(page, email, password, "Sign Up");
      await expect(page).toHaveURL(/\/checkInbox$/);
      await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
      await expect(page.getByRole("status").first()).toContainText(`We have sent a message to ${email}.`);
      await expect.poll(() => verificationMailCount(email), { timeout: 15_000 }).toBe(1);
      await expectNoSeriousAxeViolations(page);

      // "Send it again": a second link, and words that would be the same for any address.
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await page.getByRole("button", { name: "Send it again" }).click();
      await expect(page.getByRole("status").filter({ hasText: SENT_AGAIN })).toBeVisible();
      await expect.poll(() => verificationMailCount(email), { timeout: 15_000 }).toBe(2);
      await expectNoSeriousAxeViolations(page);
      // A reload keeps the page and its address.
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByLabel("Email")).toHaveValue(email);

      // The link, signed in, confirms the address; the page then leads to My orders.
      await page.goto(await verificationLinkFor(email));
      await waitForHydration(page);
      await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
      await waitForHydration(page);
      await submitCredentials(page, email, password, "Let's Go!");
      await expect(toast(page, "User logged in")).toBeVisible();
      await expect(page).toHaveURL(/\/verifyEmail\?token=/);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
      const verified = page.getByRole("status").filter({ hasText: "Your e-mail address is verified." });
      await expect(verified).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await verified.getByRole("link", { name: "My orders" }).click();
      await expect(page).toHaveURL(/\/account\/orders$/);
      await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
      await expect(page.getByText(/Please verify your e-mail address/)).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
    });
  });
}
