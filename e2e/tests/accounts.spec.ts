import {
  bootstrapAdmin,
  confirmEmailThroughLink,
  freshAuthenticatorCode,
  OIDC_EMAIL_DOMAIN,
  openAccountMenu,
  secureBox,
  signInAsStaff,
  signUpThroughApi,
  submitCredentials,
  toast,
  uniqueEmail,
} from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { authenticatorSetUpLinkFor, mailsTo, verificationLinkFor } from "../support/mail.ts";

test("sign up, the avatar menu, log out, a wrong then the right password, and back where I was", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  const password = "a-good-password";
  await page.goto("/exchangeRates");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await submitCredentials(page, email, password, "Sign Up");
  // A sign-up signs nobody in (it answers the same for a taken address): the new account signs in.
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
  await page.getByRole("region", { name: "Check your inbox" }).getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await waitForHydration(page);
  await submitCredentials(page, email, password, "Let's Go!");
  await expect(toast(page, "User logged in")).toBeVisible();
  await expect(page).toHaveURL(/\/exchangeRates$/);

  await openAccountMenu(page);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole("link", { name: "Profile" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Not an admin: no Dashboard link.
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Log out successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back!" })).toBeVisible();
  await expect(page.getByText("We are happy to see you here. Thanks for coming")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("placeholder", "name@example.com");
  await submitCredentials(page, email, "not-my-password", "Let's Go!");
  await expect(toast(page, "The password doesn't match")).toBeVisible();
  // Inline too, tied to the fields for screen readers.
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("The password doesn't match");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("The password doesn't match");
  await expect(page).toHaveURL(/\/signin$/);
  await submitCredentials(page, email, password, "Let's Go!");
  await expect(toast(page, "User logged in")).toBeVisible();
  await expect(page).toHaveURL(/\/exchangeRates$/);
  // The sign-in screen replaced its own history entry.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/signin/);
});

test("empty fields: 'Enter an email' first, then 'Enter a password', and nothing is sent", async ({ page }) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/")) sent.push(request.url());
  });
  await page.goto("/signIn");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Let's Go!" }).click();
  await expect(toast(page, "Enter an email")).toBeVisible();
  await expect(toast(page, "Enter a password")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter an email");
  await page.getByLabel("Password").fill("something");
  await page.getByRole("button", { name: "Let's Go!" }).click();
  await expect(toast(page, "Enter an email")).toHaveCount(2);
  await page.getByLabel("Password").fill("");
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByRole("button", { name: "Let's Go!" }).click();
  await expect(toast(page, "Enter a password")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Enter a password");
  await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
  expect(sent).toEqual([]);

  await page.goto("/signUp");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(toast(page, "Enter an email")).toBeVisible();
  expect(sent).toEqual([]);
  await expectNoSeriousAxeViolations(page);
});

test("Google without credentials: the button says it is not configured", async ({ page }) => {
  await page.goto("/signin");
  const google = page.getByRole("button", { name: /Continue with Google/ });
  await expect(google).toBeDisabled();
  await expect(google).toContainText("not configured");
});

test("Continue with a local OpenID provider in a popup ends signed in", async ({ page, consoleErrors }) => {
  await page.goto("/exchangeRates");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Sign In" }).click();
  await waitForHydration(page);
  const login = `oidc-${Date.now().toString(36)}`;
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Continue with OpenID Connect" }).click();
  const popup = await popupOpened;
  // The provider's own development screens: any login, then consent.
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill("any-password");
  await popup.getByRole("button", { name: "Sign-in" }).click();
  await popup.getByRole("button", { name: "Continue" }).click();
  await expect(toast(page, "User logged in")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/exchangeRates$/);
  await openAccountMenu(page);
  await expect(page.getByText(`${login}@${OIDC_EMAIL_DOMAIN}`)).toBeVisible();
  await expect.poll(() => popup.isClosed(), { timeout: 5_000 }).toBe(true);
  expect(consoleErrors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
});

test("the dashboard guard: sign in and back, Secure Box wrong then right and back, Make Admin", async ({ page }) => {
  const customer = await test.step("a customer account exists, its e-mail verified", async () => {
    const account = await signUpThroughApi(page);
    await confirmEmailThroughLink(page, await verificationLinkFor(account.email));
    await page.context().clearCookies();
    return account;
  });
  const unverified = await test.step("another one that has not followed its link", async () => {
    const account = await signUpThroughApi(page);
    await page.context().clearCookies();
    return account;
  });

  await page.goto("/dashboard/Users");
  await expect(page).toHaveURL(/\/signIn\?redirectTo=%2Fdashboard%2FUsers$/);
  await waitForHydration(page);
  await submitCredentials(page, bootstrapAdmin.email, bootstrapAdmin.password, "Let's Go!");
  // Back to the dashboard, whose guard now asks for the Secure Box.
  await expect(page).toHaveURL(/\/box\?redirectTo=%2Fdashboard%2FUsers$/);
  await waitForHydration(page);
  await page.getByLabel("Username").fill(secureBox.username);
  await page.getByLabel("Password").fill("not-the-box-password");
  await page.getByLabel("Authenticator code").fill("000000");
  await page.getByRole("button", { name: "Access" }).click();
  await expect(toast(page, "The Secure Box username, password or authenticator code is not correct.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/dashboard/Users");
  await expect(page).toHaveURL(/\/box\?redirectTo=%2Fdashboard%2FUsers$/);
  await waitForHydration(page);
  await page.getByLabel("Username").fill(secureBox.username);
  await page.getByLabel("Password").fill(secureBox.password);
  await page.getByLabel("Authenticator code").fill(await freshAuthenticatorCode(bootstrapAdmin.totpSecret));
  await page.getByRole("button", { name: "Access" }).click();
  await expect(page).toHaveURL(/\/dashboard\/Users$/);
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();

  const adminRow = page.getByRole("row").filter({ hasText: bootstrapAdmin.email });
  await expect(adminRow.getByRole("cell", { name: "Admin", exact: true })).toBeVisible();
  await expect(adminRow.getByRole("button", { name: "Make Admin" })).toBeDisabled();
  await expect(adminRow.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();
  const unverifiedRow = page.getByRole("row").filter({ hasText: unverified.email });
  await expect(unverifiedRow.getByRole("cell", { name: "No", exact: true })).toBeVisible();
  await unverifiedRow.getByRole("button", { name: "Make Admin" }).click();
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes, make admin" }).click();
  await expect(page.getByText(`${unverified.email} has not verified its e-mail address yet`)).toBeVisible();
  await expect(unverifiedRow.getByRole("cell", { name: "User", exact: true })).toBeVisible();
  const customerRow = page.getByRole("row").filter({ hasText: customer.email });
  await expect(customerRow.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();
  await customerRow.getByRole("button", { name: "Make Admin" }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toContainText("You won't be able to revert this!");
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(customerRow.getByRole("cell", { name: "User", exact: true })).toBeVisible();
  await customerRow.getByRole("button", { name: "Make Admin" }).click();
  await dialog.getByRole("button", { name: "Yes, make admin" }).click();
  await expect(customerRow.getByRole("cell", { name: "Admin", exact: true })).toBeVisible();
  await expect(customerRow.getByRole("button", { name: "Make Admin" })).toBeDisabled();
  await expectNoSeriousAxeViolations(page);

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/Statics$/);
});

test("a new admin without an authenticator is walked through setting one up, then opens the Secure Box with its code", async ({
  page,
  browser,
}) => {
  // Up to three authenticator steps (set-up, the Secure Box, after the reset) may each wait for the clock.
  test.setTimeout(90_000);
  const newcomer = await test.step("a customer account with a verified e-mail, made Admin by staff", async () => {
    const account = await signUpThroughApi(page, uniqueEmail("new-staff"));
    await confirmEmailThroughLink(page, await verificationLinkFor(account.email));
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInAsStaff(staffPage);
    await staffPage.goto("/dashboard/Users");
    const row = staffPage.getByRole("row").filter({ hasText: account.email });
    await row.getByRole("button", { name: "Make Admin" }).click();
    await staffPage
      .getByRole("dialog", { name: "Are you sure?" })
      .getByRole("button", { name: "Yes, make admin" })
      .click();
    await expect(row.getByRole("cell", { name: "Admin", exact: true })).toBeVisible();
    await staffContext.close();
    return account;
  });

  // The dashboard sends the new admin to the Secure Box, which sends them to set up the authenticator first.
  await page.goto("/dashboard/Currency");
  await expect(page).toHaveURL(/\/account\/authenticator\?redirectTo=%2Fdashboard%2FCurrency$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Set up your authenticator" })).toBeVisible();
  // Holding the password is not enough: setting it up needs the link e-mailed to the new admin.
  await expect(page.getByText("Open the set-up link we e-mailed to you to set up your authenticator.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Show the QR code" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  // The server refuses the Secure Box itself until then.
  const refused = await page.request.post("/api/box", {
    headers: { origin: new URL(page.url()).origin },
    data: { ...secureBox, code: "000000" },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe(
    "Set up your authenticator first: the Secure Box asks for the code it shows.",
  );

  await page.goto(await authenticatorSetUpLinkFor(newcomer.email));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Show the QR code" }).click();
  await expect(page.getByRole("heading", { name: "Scan the QR code" })).toBeFocused();
  const qr = page.getByRole("img", { name: /QR code that adds your Harbour FX staff account/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(decodeURIComponent((await qr.getAttribute("src")) ?? "")).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
  const secret = ((await page.locator(".authenticator-secret code").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel("Authenticator code").fill("12345");
  await page.getByRole("button", { name: "Confirm code" }).click();
  await expect(page.getByText("Enter the 6 digits your app shows")).toBeVisible();
  await expect(page.getByLabel("Authenticator code")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Authenticator code").fill(await freshAuthenticatorCode(secret));
  await page.getByRole("button", { name: "Confirm code" }).click();

  await expect(page.getByRole("heading", { name: "Store these recovery codes now" })).toBeFocused();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download codes" }).click();
  expect((await download).suggestedFilename()).toBe("harbour-fx-recovery-codes.txt");
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("link", { name: "I have stored them: continue to the Secure Box" }).click();
  await expect(page).toHaveURL(/\/box$/);
  await page.getByLabel("Username").fill(secureBox.username);
  await page.getByLabel("Password").fill(secureBox.password);
  await page.getByLabel("Authenticator code").fill(await freshAuthenticatorCode(secret));
  await page.getByRole("button", { name: "Access" }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await page.goto("/dashboard/Currency");
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();

  // Set up once: the walk-through now sends the admin on to the Secure Box.
  await page.goto("/account/authenticator");
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  expect(newcomer.email).toContain("new-staff");

  await test.step("another admin resets the newcomer's authenticator: their pass ends, a new link is e-mailed", async () => {
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInAsStaff(staffPage);
    await staffPage.goto("/dashboard/Users");
    await waitForHydration(staffPage);
    const row = staffPage.getByRole("row").filter({ hasText: newcomer.email });
    await row.getByRole("button", { name: `Reset authenticator of ${newcomer.email}` }).click();
    await staffPage.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes, reset" }).click();
    await expect(
      toast(staffPage, `${newcomer.email} has been e-mailed a link to set up an authenticator again`),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(staffPage);
    await staffContext.close();
  });
  await page.goto("/dashboard/Currency");
  await expect(page).toHaveURL(/\/account\/authenticator\?redirectTo=%2Fdashboard%2FCurrency$/);
  await expect
    .poll(
      async () => (await mailsTo(newcomer.email)).filter((mail) => /Set up your authenticator/.test(mail.text)).length,
    )
    .toBe(2);
});

test("a signed-in customer is told the dashboard is for staff", async ({ page }) => {
  await signUpThroughApi(page);
  const response = await page.goto("/dashboard/Users");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "This area is for staff" })).toBeVisible();
});

test("the Dashboard link is for admins, and a loading animation shows while access is checked", async ({ page }) => {
  await signInAsStaff(page);
  await page.goto("/exchangeRates");
  await waitForHydration(page);
  // Slow the server's answer down so that the check is visible.
  await page.route("**/dashboard/Currency.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await openAccountMenu(page);
  await expect(page.getByText(bootstrapAdmin.email)).toBeVisible();
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Checking your access…" })).toBeVisible();
  // Let in: neither sent to sign in nor to the Secure Box.
  await expect(page).toHaveURL(/\/dashboard\/Currency$/);
  await expect(page.getByRole("status").filter({ hasText: "Checking your access…" })).toBeHidden();
});

/** A PNG of one pixel. */
const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("profile: display name and photo, shown by the avatar", async ({ page }) => {
  await signUpThroughApi(page, uniqueEmail("jane.doe"));
  await page.goto("/");
  await waitForHydration(page);
  const avatarButton = page.getByRole("button", { name: "Account menu" });
  await expect(avatarButton).toContainText("JD");
  await openAccountMenu(page);
  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await page.getByLabel("Display name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(toast(page, "Your display name is saved")).toBeVisible();
  await expect(avatarButton).toContainText("AL");

  // The photo goes to the profile page's route action as a form with a file, never from the browser to the API.
  const changesToTheApi: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/api/")) {
      changesToTheApi.push(`${request.method()} ${request.url()}`);
    }
  });
  await page.getByLabel(/^Photo/).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: onePixelPng });
  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === "/account/profile.data",
  );
  await page.getByRole("button", { name: "Upload photo" }).click();
  expect((await posted).headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  await expect(toast(page, "Your photo is saved")).toBeVisible();
  const photo = avatarButton.locator("img");
  await expect(photo).toHaveAttribute("src", /^\/api\/account\/photo\/.+\?v=\d+$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page
    .getByLabel(/^Photo/)
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(toast(page, "The photo must be a PNG, JPEG or WebP image.")).toBeVisible();
  expect(changesToTheApi).toEqual([]);
  await expectNoSeriousAxeViolations(page);
});

test("profile: the photo form works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await signUpThroughApi(page, uniqueEmail("no.script"));
  await page.goto("/account/profile");
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await page.getByLabel(/^Photo/).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: onePixelPng });
  await page.getByRole("button", { name: "Upload photo" }).click();
  // The page comes back from the form's post with the outcome, and the avatar shows the photo.
  await expect(page.getByRole("status").filter({ hasText: "Your photo is saved" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" }).locator("img")).toHaveAttribute(
    "src",
    /^\/api\/account\/photo\/.+\?v=\d+$/,
  );
  await page
    .getByLabel(/^Photo/)
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "The photo must be a PNG, JPEG or WebP image." }),
  ).toBeVisible();
  await context.close();
});
