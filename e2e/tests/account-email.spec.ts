import { PASSWORD_RULE, PASSWORD_TOO_COMMON_MESSAGE } from "@bureau/domain/account-rules";
import {
  confirmEmailThroughLink,
  signUpThroughApi,
  submitCredentials,
  toast,
  uniqueEmail,
} from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { closureLinkFor, mailsTo, notMeLinkFor, passwordResetLinkFor, verificationLinkFor } from "../support/mail.ts";

test("sign up: the rule before typing, the same answer for a taken address, the link confirmed only signed in", async ({
  page,
}) => {
  const email = uniqueEmail("verify");
  await page.goto("/signUp");
  await waitForHydration(page);
  // The password rule shows before anything is typed, tied to the field.
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(PASSWORD_RULE);
  await submitCredentials(page, email, "aaaaaaaaaaaa", "Sign Up");
  await expect(toast(page, PASSWORD_TOO_COMMON_MESSAGE)).toBeVisible();
  await submitCredentials(page, email, "a-good-password", "Sign Up");
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
  const sent = page.getByRole("status").filter({ hasText: "We have sent a message" });
  await expect(sent).toContainText(`We have sent a message to ${email}.`);
  await expectNoSeriousAxeViolations(page);

  // The same address again: the same answer, and its owner is told instead.
  await page.goto("/signUp");
  await waitForHydration(page);
  await submitCredentials(page, email, "someone-elses-password", "Sign Up");
  await expect(page.getByRole("status").filter({ hasText: "We have sent a message" })).toContainText(
    `We have sent a message to ${email}.`,
  );
  await expect
    .poll(async () => (await mailsTo(email)).some((mail) => /Someone tried to sign up/.test(mail.text)))
    .toBe(true);

  // Opened without signing in, the link changes nothing and asks to sign in.
  const link = await verificationLinkFor(email);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
  await waitForHydration(page);
  await submitCredentials(page, email, "a-good-password", "Let's Go!");
  await expect(toast(page, "User logged in")).toBeVisible();
  await expect(page).toHaveURL(/\/verifyEmail\?token=/);

  await page.goto("/account/profile");
  await waitForHydration(page);
  await expect(page.getByText(`Your e-mail address ${email} is not verified yet`)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Send a new verification link" }).click();
  await expect(toast(page, `We have sent a new verification link to ${email}`)).toBeVisible();

  await confirmEmailThroughLink(page, link);
  await expectNoSeriousAxeViolations(page);
  await page.goto("/account/profile");
  await expect(page.getByText(`Your e-mail address ${email} is verified.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a new verification link" })).toHaveCount(0);
});

test("an altered verification link says so and changes nothing", async ({ page }) => {
  const account = await signUpThroughApi(page);
  const link = new URL(await verificationLinkFor(account.email));
  link.searchParams.set("token", `${link.searchParams.get("token")}x`);
  await page.goto(`${link.pathname}${link.search}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("alert")).toContainText("This verification link is not valid.");
  await expectNoSeriousAxeViolations(page);
  await page.goto("/account/profile");
  await expect(page.getByText(`Your e-mail address ${account.email} is not verified yet`)).toBeVisible();
});

test("This wasn't me: the address's owner deletes an account someone else created with it", async ({
  page,
  browser,
}) => {
  const squatter = await signUpThroughApi(page, uniqueEmail("squatted"), "squatters-password");
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto(await notMeLinkFor(squatter.email));
  await waitForHydration(owner);
  await expect(owner.getByRole("heading", { name: "This wasn't me" })).toBeVisible();
  await expectNoSeriousAxeViolations(owner);
  await owner.getByRole("button", { name: "Delete the account" }).click();
  await expect(owner.getByRole("status")).toContainText("The account is deleted.");
  await ownerContext.close();

  // The squatter's session ended with the account.
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("Close my account: the profile's button, the e-mailed link, signed in, and the account is gone", async ({
  page,
}) => {
  const account = await signUpThroughApi(page, uniqueEmail("leaving"));
  await page.goto("/account/profile");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Close my account" }).click();
  await expect(
    toast(page, `We have sent a link to ${account.email} to close your account. It works for 1 hour.`),
  ).toBeVisible();

  await page.goto(await closureLinkFor(account.email));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Close your account" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Close my account" }).click();
  await expect(toast(page, "Your account is closed")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: new URL(page.url()).origin },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status()).toBe(401);
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
