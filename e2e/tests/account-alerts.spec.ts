import type { Page } from "@playwright/test";
import { confirmEmailThroughLink, openAccountMenu, signUpThroughApi, toast, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { mailsTo, verificationLinkFor } from "../support/mail.ts";

/**
 * The customer's account on a phone (issue 34 item 5): My rate alerts (an alert prefilled and listed,
 * pause, switch on, delete; a target already met refused with the rate), the profile's phone number
 * filling in the order form, and Change password. SEK's rates are only read here, never changed.
 */
/**
 * Before an accessibility check of a state reached by moving focus down the page: closes the toasts and
 * goes back to the top. On a phone the toast stack and the sticky header span the top of the screen and
 * cover whatever control the page has scrolled under them, which axe measures as a crowded touch target
 * although the control is a scroll away from free.
 */
async function clearTopOfScreen(page: Page) {
  const close = page.getByRole("region", { name: "Notifications" }).getByRole("button", { name: "Close notification" });
  while ((await close.count()) > 0) await close.first().click();
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 780 } });

    test("an alert prefilled and listed; pause, switch on and delete; a target already met is refused with the rate", async ({
      page,
      consoleErrors,
    }) => {
      const email = uniqueEmail(`alerts-${width}`);
      await signUpThroughApi(page, email);
      await confirmEmailThroughLink(page, await verificationLinkFor(email));

      await page.goto("/exchangeRates/SEK");
      await waitForHydration(page);
      const alertForm = page.getByRole("region", { name: "Rate alert" });
      await expect(alertForm.getByLabel("Email")).toHaveValue(email);
      await expect(alertForm).toContainText(`An alert for your verified address ${email} is on at once`);
      await expectNoSeriousAxeViolations(page);

      // A target our rate already meets: refused at the field, naming the rate.
      const target = alertForm.getByLabel("Alert me when 1 GBP buys at least");
      await target.fill("1");
      await alertForm.getByRole("button", { name: "Set alert" }).click();
      await expect(alertForm.getByRole("alert")).toContainText("Your alert was not set");
      await expect(
        alertForm.getByText(/^Our rate already meets that target: 1 GBP buys [\d.]+ SEK now\./),
      ).toBeVisible();
      await expect(target).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousAxeViolations(page);

      await target.fill("99");
      await alertForm.getByRole("button", { name: "Set alert" }).click();
      await expect(alertForm.getByRole("status")).toHaveText(
        "Your rate alert is on. We will e-mail you once when our rate reaches your target.",
      );
      // No second opt-in: no confirmation e-mail for the customer's own verified address.
      expect((await mailsTo(email)).filter((mail) => mail.text.includes("Confirm your SEK rate alert"))).toEqual([]);

      await openAccountMenu(page);
      await page.getByRole("banner").getByRole("link", { name: "My rate alerts" }).click();
      await expect(page).toHaveURL(/\/account\/alerts$/);
      await expect(page.getByRole("heading", { level: 1, name: "My rate alerts" })).toBeVisible();
      const card = page.getByRole("listitem", { name: /SEK/ });
      await expect(card).toContainText("When 1 GBP buys at least 99 SEK");
      await expect(card).toContainText(/Our rate now: 1 GBP buys [\d.]+ SEK/);
      await expect(card).toContainText("On: we e-mail you once");
      await expectNoSeriousAxeViolations(page);

      await card.getByRole("button", { name: "Pause SEK alert at 99" }).click();
      await expect(
        toast(page, "Your alert is paused: we will not e-mail you about it until you switch it back on."),
      ).toBeVisible();
      await expect(card).toContainText("Paused: we will not e-mail you");
      await expectNoSeriousAxeViolations(page);

      await card.getByRole("button", { name: "Switch on SEK alert at 99" }).click();
      await expect(card).toContainText("On: we e-mail you once");

      await card.getByRole("button", { name: "Delete SEK alert at 99" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete your SEK alert?" });
      await expect(dialog).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole("button", { name: "Yes, delete it" }).click();
      await expect(toast(page, "Your alert is deleted.")).toBeVisible();
      await expect(page.getByText("You have no rate alerts yet.")).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      // The refused target is answered 400 (the browser logs that status); nothing else may fail.
      expect(consoleErrors.filter((error) => !error.includes("status of 400"))).toEqual([]);
    });

    test("the profile's phone number fills in the order form; Change password shows its rules first and every error at its field", async ({
      page,
    }) => {
      const email = uniqueEmail(`profile-${width}`);
      const { password } = await signUpThroughApi(page, email);

      await page.goto("/account/profile");
      await waitForHydration(page);
      const phoneForm = page.getByRole("form", { name: "Phone number" });
      const phone = phoneForm.getByLabel("Phone number");
      await phone.fill("not a phone");
      await phoneForm.getByRole("button", { name: "Save phone number" }).click();
      await expect(phoneForm.getByText("Enter a valid phone number")).toBeVisible();
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousAxeViolations(page);
      await phone.fill("07700 900456");
      await phoneForm.getByRole("button", { name: "Save phone number" }).click();
      await expect(toast(page, "Your phone number is saved")).toBeVisible();
      await page.reload();
      await expect(page.getByRole("form", { name: "Phone number" }).getByLabel("Phone number")).toHaveValue(
        "07700 900456",
      );

      // The rule is on screen before anything is typed; an empty form says every problem at once.
      const passwordForm = page.getByRole("form", { name: "Change password" });
      await expect(passwordForm.getByText(/Use at least 12 characters/)).toBeVisible();
      await passwordForm.getByRole("button", { name: "Change password" }).click();
      await expect(passwordForm.getByText("Enter your current password")).toBeVisible();
      await expect(passwordForm.getByText("The password is too weak: use at least 12 characters.")).toBeVisible();
      await expect(passwordForm.getByLabel("Current password")).toBeFocused();
      await expect(
        toast(page, "Enter your current password The password is too weak: use at least 12 characters."),
      ).toBeVisible();
      await clearTopOfScreen(page);
      await expectNoSeriousAxeViolations(page);

      const newPassword = "violet-tandem-orchard-1987";
      await passwordForm.getByLabel("Current password").fill("not-my-password-at-all");
      await passwordForm.getByLabel("New password").fill(newPassword);
      await passwordForm.getByRole("button", { name: "Change password" }).click();
      await expect(passwordForm.getByText("The password doesn't match")).toBeVisible();
      await expect(toast(page, "The password doesn't match")).toBeVisible();
      await expect(passwordForm.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
      await clearTopOfScreen(page);
      await expectNoSeriousAxeViolations(page);

      await passwordForm.getByLabel("Current password").fill(password);
      await passwordForm.getByLabel("New password").fill(newPassword);
      await passwordForm.getByRole("button", { name: "Change password" }).click();
      await expect(toast(page, "Your password is changed. Every other device is signed out.")).toBeVisible();
      // This device stays signed in with its new session; the old password no longer opens the account.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
      const oldPassword = await page.request.post("/api/auth/sign-in/email", {
        headers: { origin: new URL(page.url()).origin },
        data: { email, password },
      });
      expect(oldPassword.status()).toBe(401);

      // The order form's step 2 starts from the profile's phone (what it fills in, read as the form reads it;
      // the form's own filling-in is my-orders.spec.ts's).
      const prefill = await page.request.get("/api/account/order-details");
      expect(await prefill.json()).toMatchObject({ email, phone: "07700 900456" });
    });
  });
}
