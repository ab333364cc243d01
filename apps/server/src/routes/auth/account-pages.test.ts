import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RULE } from "@bureau/domain/account-rules";
import { giveAuthenticator, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createTestApp, webBuildDir } from "../../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function readPlain(file: string): string {
  const bytes = readFileSync(file);
  if (file.endsWith(".br")) return brotliDecompressSync(bytes).toString("utf8");
  if (file.endsWith(".gz")) return gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

/** Every Secure Box credential this machine knows of: tests', browser tests', the environment's, generated ones. */
function knownSecureBoxSecrets(testConfig: { username: string; password: string }): string[] {
  const secrets = [testConfig.username, testConfig.password, "e2e-staff", "e2e-box-password"];
  if (process.env.SECURE_BOX_USERNAME) secrets.push(process.env.SECURE_BOX_USERNAME);
  if (process.env.SECURE_BOX_PASSWORD) secrets.push(process.env.SECURE_BOX_PASSWORD);
  const generated = path.resolve(webBuildDir, "../../../data/secrets.json");
  if (existsSync(generated)) {
    const parsed = JSON.parse(readFileSync(generated, "utf8")) as { secureBoxPassword?: string };
    if (parsed.secureBoxPassword) secrets.push(parsed.secureBoxPassword);
  }
  return secrets;
}

describe.skipIf(!haveWebBuild)("account pages rendered on the server", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t.close());

  it("never ships the Secure Box credentials in any built client file", () => {
    const files = filesUnder(path.join(webBuildDir, "client"));
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    const secrets = knownSecureBoxSecrets(t.config.secureBox);
    const leaks: string[] = [];
    for (const file of files) {
      if (!/\.(js|css|html|json|txt|map|br|gz)$/.test(file)) continue;
      const text = readPlain(file);
      for (const secret of secrets)
        if (text.includes(secret)) leaks.push(`${path.relative(webBuildDir, file)}: ${secret}`);
      if (/SECURE_BOX_(USERNAME|PASSWORD)|secureBoxPassword/.test(text)) leaks.push(`${file}: Secure Box setting name`);
    }
    expect(leaks).toEqual([]);
  });

  it("never sends the Secure Box credentials in the Secure Box page", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    await giveAuthenticator(t.app, admin.userId);
    const page = await t.app.inject({ method: "GET", url: "/box", headers: { cookie: admin.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Secure Box");
    expect(page.body).toContain(">Access<");
    expect(page.body).not.toContain(t.config.secureBox.password);
    expect(page.body).not.toContain(t.config.secureBox.username);
  });

  it("knows the session in the first HTML: the avatar menu with the e-mail, or Sign In", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/exchangeRates" });
    expect(anonymous.body).toMatch(/<a[^>]*href="\/signin"[^>]*>Sign In<\/a>/);
    const user = await signUpAndSignIn(t.app);
    const signedIn = await t.app.inject({ method: "GET", url: "/exchangeRates", headers: { cookie: user.cookie } });
    expect(signedIn.body).toContain(user.email);
    expect(signedIn.body).toContain("Account menu");
    expect(signedIn.body).not.toMatch(/>Sign In<\/a>/);
    expect(signedIn.body).not.toContain("/dashboard/Currency");
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const adminPage = await t.app.inject({ method: "GET", url: "/exchangeRates", headers: { cookie: admin.cookie } });
    expect(adminPage.body).toContain('href="/dashboard/Currency"');
  });

  it("offers Sign out everywhere on the profile", async () => {
    const user = await signUpAndSignIn(t.app);
    const page = await t.app.inject({ method: "GET", url: "/account/profile", headers: { cookie: user.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<button[^>]*>Sign out everywhere<\/button>/);
  });

  it("sends an admin without an authenticator from the Secure Box to set one up, then asks for its code", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const before = await t.app.inject({
      method: "GET",
      url: "/box?redirectTo=%2Fdashboard%2FUsers",
      headers: { cookie: admin.cookie },
    });
    expect(before.statusCode).toBe(302);
    expect(before.headers.location).toBe(`/account/authenticator?redirectTo=${encodeURIComponent("/dashboard/Users")}`);
    const walkThrough = await t.app.inject({
      method: "GET",
      url: "/account/authenticator?redirectTo=%2Fdashboard%2FUsers",
      headers: { cookie: admin.cookie },
    });
    expect(walkThrough.statusCode).toBe(200);
    expect(walkThrough.headers["cache-control"]).toBe("no-store");
    expect(walkThrough.body).toContain("Set up your authenticator");
    // Without the e-mailed set-up link (decision 032) the page says where to find it; with it, it offers the QR code.
    expect(walkThrough.body).toContain("Open the set-up link we e-mailed to you to set up your authenticator.");
    expect(walkThrough.body).not.toMatch(/<button[^>]*>Show the QR code<\/button>/);
    const withLink = await t.app.inject({
      method: "GET",
      url: "/account/authenticator?enrol=a-token",
      headers: { cookie: admin.cookie },
    });
    expect(withLink.body).toMatch(/<button[^>]*>Show the QR code<\/button>/);

    await giveAuthenticator(t.app, admin.userId);
    const enrolled = await t.app.inject({
      method: "GET",
      url: "/account/authenticator?redirectTo=%2Fdashboard%2FUsers",
      headers: { cookie: admin.cookie },
    });
    expect(enrolled.statusCode).toBe(302);
    expect(enrolled.headers.location).toBe(`/box?redirectTo=${encodeURIComponent("/dashboard/Users")}`);
    const after = await t.app.inject({ method: "GET", url: "/box", headers: { cookie: admin.cookie } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toMatch(/<label[^>]*>Authenticator code<\/label>/);
    expect(after.body).toMatch(
      /<input[^>]*name="code"[^>]*autoComplete="one-time-code"|<input[^>]*autocomplete="one-time-code"[^>]*name="code"/i,
    );
  });

  it("renders the sign-in screen with the spec's texts", async () => {
    const page = await t.app.inject({ method: "GET", url: "/signIn" });
    expect(page.statusCode).toBe(200);
    for (const text of [
      "Welcome back!",
      "We are happy to see you here. Thanks for coming",
      "Let&#x27;s Go!",
      "Continue with Google",
      "New User here ?",
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toMatch(/<a[^>]*href="\/signup"[^>]*>Sign Up<\/a>/);
    // Google is not configured in tests: the button says so and is disabled.
    expect(page.body).toMatch(/<button[^>]*disabled[^>]*>.*Continue with Google \(not configured\)/s);
    const lower = await t.app.inject({ method: "GET", url: "/signin" });
    expect(lower.statusCode).toBe(200);
    const signUp = await t.app.inject({ method: "GET", url: "/signup" });
    expect(signUp.body).toMatch(/<a[^>]*href="\/signin"[^>]*>Sign In<\/a>/);
  });

  it("offers Forgot password? on the sign-in screen, and renders the reset and verification pages", async () => {
    const signIn = await t.app.inject({ method: "GET", url: "/signIn" });
    expect(signIn.body).toMatch(/<a[^>]*href="\/forgotPassword"[^>]*>Forgot password\?<\/a>/);
    const forgot = await t.app.inject({ method: "GET", url: "/forgotPassword" });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.body).toContain("Forgot your password?");
    expect(forgot.body).toMatch(/<label[^>]*>Email<\/label>/);
    const reset = await t.app.inject({ method: "GET", url: "/resetPassword?token=abc" });
    expect(reset.body).toMatch(/<label[^>]*>New password<\/label>/);
    expect(reset.body).toMatch(/<meta name="referrer" content="no-referrer"/);
    const noToken = await t.app.inject({ method: "GET", url: "/resetPassword" });
    expect(noToken.body).toContain("This password reset link has expired or has already been used.");
    // The account e-mails' pages: opening one shows a button (a POST), and asks to sign in where the change is the account's.
    const verify = await t.app.inject({ method: "GET", url: "/verifyEmail?token=abc" });
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain("To confirm this address, sign in to the account you created with it.");
    expect(verify.body).toMatch(/<meta name="referrer" content="no-referrer"/);
    const user = await signUpAndSignIn(t.app);
    const verifySignedIn = await t.app.inject({
      method: "GET",
      url: "/verifyEmail?token=abc",
      headers: { cookie: user.cookie },
    });
    expect(verifySignedIn.body).toMatch(/<button[^>]*>Confirm my e-mail address<\/button>/);
    const notMe = await t.app.inject({ method: "GET", url: "/notMe?token=abc" });
    expect(notMe.body).toMatch(/<button[^>]*>Delete the account<\/button>/);
    const close = await t.app.inject({
      method: "GET",
      url: "/closeAccount?token=abc",
      headers: { cookie: user.cookie },
    });
    expect(close.body).toMatch(/<button[^>]*>Close my account<\/button>/);
    const noLinkToken = await t.app.inject({ method: "GET", url: "/verifyEmail" });
    expect(noLinkToken.body).toContain("This link is not complete.");
  });

  it("shows the password rule on the sign-up and reset screens before anything is typed", async () => {
    for (const url of ["/signUp", "/resetPassword?token=abc"]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.body, url).toContain(PASSWORD_RULE);
    }
  });

  it("guards the dashboard on the server: sign in, staff only, Secure Box, then the page", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/dashboard/Users?after=x" });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(`/signIn?redirectTo=${encodeURIComponent("/dashboard/Users?after=x")}`);

    const user = await signUpAndSignIn(t.app);
    const plain = await t.app.inject({ method: "GET", url: "/dashboard/Users", headers: { cookie: user.cookie } });
    expect(plain.statusCode).toBe(403);
    expect(plain.body).toContain("This area is for staff");

    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const unboxed = await t.app.inject({ method: "GET", url: "/dashboard/Users", headers: { cookie: admin.cookie } });
    expect(unboxed.statusCode).toBe(302);
    expect(unboxed.headers.location).toBe(`/box?redirectTo=${encodeURIComponent("/dashboard/Users")}`);
    // A customer is not walked through the staff authenticator.
    const notStaff = await t.app.inject({
      method: "GET",
      url: "/account/authenticator",
      headers: { cookie: user.cookie },
    });
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.body).toContain("This area is for staff");

    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const page = await t.app.inject({ method: "GET", url: "/dashboard/Users", headers: { cookie: staff.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(user.email);
    expect(page.body).toContain("Make Admin");
    // Whether each e-mail is verified, in words: the new account has not followed its link.
    expect(page.body).toMatch(/<th scope="col">Email verified<\/th>/);
    expect(page.body).toMatch(new RegExp(`<td>${user.email.replace(/[.]/g, "\\.")}</td><td>No</td>`));
    for (const entry of [
      "Statics",
      "Pending Orders",
      "Accepted Orders",
      "History",
      "Currency",
      "Add Currency",
      "Users",
    ]) {
      expect(page.body).toContain(`>${entry}</a>`);
    }

    const root = await t.app.inject({ method: "GET", url: "/dashboard", headers: { cookie: staff.cookie } });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe("/dashboard/Statics");
  });

  it("sends an anonymous visitor of the Secure Box to sign in first, and back", async () => {
    const response = await t.app.inject({ method: "GET", url: "/box?redirectTo=%2Fdashboard%2FUsers" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `/signIn?redirectTo=${encodeURIComponent("/box?redirectTo=%2Fdashboard%2FUsers")}`,
    );
  });
});
