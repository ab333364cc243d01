import { signUpThroughApi, submitCredentials, toast, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { mailsTo, passwordResetLinkFor } from "../support/mail.ts";

const RESET_SUBJECT = /Reset your Harbour FX password/;

test("after others flood an address with reset requests, its owner asks as usual and a link sent sets the new password", async ({
  page,
}) => {
  const email = uniqueEmail("flooded");
  await signUpThroughApi(page, email, "the-old-password-1");
  await page.context().clearCookies();

  // Someone else asks for reset links for this address, over and over.
  for (let i = 0; i < 5; i++) {
    const flood = await page.request.post("/api/auth/request-password-reset", {
      headers: { origin: new URL(page.url()).origin },
      data: { email },
    });
    expect(flood.status()).toBe(200);
  }

  // The owner asks too, and is answered as always (not refused).
  await page.goto("/forgotPassword");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account uses this e-mail address" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // At most three reset e-mails an hour reach the inbox; any of them works.
  const link = await passwordResetLinkFor(email);
  await expect
    .poll(async () => (await mailsTo(email)).filter((mail) => RESET_SUBJECT.test(mail.text)).length, {
      timeout: 15_000,
    })
    .toBe(3);
  await page.goto(link);
  await waitForHydration(page);
  await page.getByLabel("New password", { exact: true }).fill("the-owners-new-password");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(toast(page, "Your password is changed. Sign in with your new password.")).toBeVisible();
  await waitForHydration(page);
  await submitCredentials(page, email, "the-owners-new-password", "Let's Go!");
  await expect(toast(page, "User logged in")).toBeVisible();
  // Three and no more, also once the mailer has had time for any late one.
  expect((await mailsTo(email)).filter((mail) => RESET_SUBJECT.test(mail.text))).toHaveLength(3);
});
