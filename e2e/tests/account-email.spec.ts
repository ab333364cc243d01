import { signUpThroughApi, submitCredentials, toast, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { passwordResetLinkFor, verificationLinkFor } from "../support/mail.ts";

test("sign up, the verification e-mail, its link, and the profile saying the address is verified", async ({ page }) => {
  const email = uniqueEmail("verify");
  await page.goto("/signUp");
  await waitForHydration(page);
  await submitCredentials(page, email, "a-good-password", "Sign Up");
  await expect(toast(page, "User logged in")).toBeVisible();

  await page.goto("/account/profile");
  await waitForHydration(page);
  await expect(page.getByText(`Your e-mail address ${email} is not verified yet`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Send a new verification link" }).click();
  await expect(toast(page, `We have sent a new verification link to ${email}`)).toBeVisible();

  await page.goto(await verificationLinkFor(email));
  await expect(page).toHaveURL(/\/emailVerified$/);
  await expect(page.getByRole("heading", { name: "Your e-mail address is verified" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto("/account/profile");
  await expect(page.getByText(`Your e-mail address ${email} is verified.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a new verification link" })).toHaveCount(0);
});

test("an expired or altered verification link lands on a page that says so", async ({ page }) => {
  await page.goto("/emailVerified?error=TOKEN_EXPIRED");
  await expect(page.getByRole("heading", { name: "This link did not work" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This verification link has expired");
  await expectNoSeriousAxeViolations(page);

  const response = await page.goto("/api/auth/verify-email?token=not-a-token&callbackURL=%2FemailVerified");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/emailVerified\?error=INVALID_TOKEN$/);
  await expect(page.getByRole("alert")).toContainText("This verification link is not valid.");
});

test("forgot password: the e-mail, a new password under the policy, sign in with it; the link works once", async ({
  page,
}) => {
  const email = uniqueEmail("forgetful");
  await signUpThroughApi(page, email, "the-old-password-1");
  await page.context().clearCookies();

  await page.goto("/signIn");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account uses this e-mail address" })).toBeVisible();

  const link = await passwordResetLinkFor(email);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(toast(page, "The password is too weak: use at least 12 characters.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(toast(page, "Your password is changed. Sign in with your new password.")).toBeVisible();
  await expect(page).toHaveURL(/\/signIn$/);

  await waitForHydration(page);
  await submitCredentials(page, email, "a-brand-new-password", "Let's Go!");
  await expect(toast(page, "User logged in")).toBeVisible();

  await page.goto(link);
  await waitForHydration(page);
  await page.getByLabel("New password", { exact: true }).fill("yet-another-password-2");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This password reset link has expired or has already been used.");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
