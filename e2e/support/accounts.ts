import { randomBytes } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, waitForHydration } from "./fixtures.ts";
import { authenticatorSetUpLinkFor } from "./mail.ts";

/**
 * What start-server.mjs configures: the bootstrap admin (with its authenticator's secret,
 * BOOTSTRAP_ADMIN_TOTP_SECRET) and the Secure Box.
 */
export const bootstrapAdmin = {
  email: "admin@e2e.test",
  password: "admin-password-e2e",
  totpSecret: "KRUGKIDCOVZGKYLVEBSGKIDDNBQW4Z3F",
};
export const secureBox = { username: "e2e-staff", password: "e2e-box-password" };
export const OIDC_EMAIL_DOMAIN = "oidc.e2e.test";

export function uniqueEmail(prefix = "visitor"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/** The origin of the page (after a goto), as a browser sends it on a state-changing request. */
export function originOf(page: Page) {
  return new URL(page.url()).origin;
}

/**
 * Creates an account through the API, then signs it in within the page's browser context (the session
 * cookie lands in the context; a sign-up itself signs nobody in). For tests whose subject is not the
 * sign-up screen itself.
 */
/** A documentation-range address (RFC 5737) of the e-mail's own, the same for the same e-mail. */
export function clientAddressFor(email: string): string {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `198.51.100.${1 + (hash % 254)}`;
}

export async function signUpThroughApi(page: Page, email = uniqueEmail(), password = "a-good-password") {
  await page.goto("/");
  const response = await page.request.post("/api/auth/sign-up/email", {
    // A client address of its own (the e2e server trusts loopback's X-Forwarded-For): the per-address
    // sign-up limit is for one client, and the suite signs up more accounts than one client may.
    headers: { origin: originOf(page), "x-forwarded-for": clientAddressFor(email) },
    data: { email, password, name: "" },
  });
  expect(response.status(), await response.text()).toBe(200);
  await signInThroughApi(page, email, password);
  return { email, password };
}

/**
 * Confirms the signed-in account's address as its owner does: opens the e-mail's link and presses
 * the page's button (opening the link alone changes nothing).
 */
export async function confirmEmailThroughLink(page: Page, link: string) {
  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("status")).toContainText("Your e-mail address is verified.");
}

export async function signInThroughApi(page: Page, email: string, password: string) {
  await page.goto("/");
  const response = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: originOf(page) },
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const STEP_MS = 30_000;
/**
 * The last step whose code each secret gave, kept in a file rather than in memory: Playwright starts a new
 * worker after a failed test, and a worker that forgot the step the server last accepted would send a
 * spent code (refused) and fail the next test too.
 */
const stepsFile = path.join(os.tmpdir(), `bureau-e2e-totp-steps-${process.env.E2E_PORT ?? 3199}.json`);
const lastStepUsed = {
  get(secret: string): number | undefined {
    try {
      return (JSON.parse(readFileSync(stepsFile, "utf8")) as Record<string, number>)[secret];
    } catch {
      return undefined;
    }
  },
  set(secret: string, step: number) {
    let steps: Record<string, number> = {};
    try {
      steps = JSON.parse(readFileSync(stepsFile, "utf8")) as Record<string, number>;
    } catch {}
    writeFileSync(stepsFile, JSON.stringify({ ...steps, [secret]: step }));
  },
};

/**
 * Each run's server is new (a fresh data directory), so the steps an earlier run spent mean nothing to it. A
 * run at another date (`faketime`) leaves steps in the future behind, and a later run would wait for them.
 * Called once before a run (global-setup.ts).
 */
export function forgetSpentAuthenticatorSteps() {
  rmSync(stepsFile, { force: true });
}

/**
 * A code an authenticator app with this secret shows (RFC 6238: SHA-1, 6 digits, 30 s) that the
 * server has not seen yet: it refuses a code used before, so when this step's code is spent the next
 * step's is taken (one step of drift is allowed), and past that the test waits for the clock.
 */
export async function freshAuthenticatorCode(secret: string): Promise<string> {
  const now = () => Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now(), (lastStepUsed.get(secret) ?? 0) + 1);
  while (step > now() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStepUsed.set(secret, step);
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: step * STEP_MS,
  });
}

/** The bootstrap admin's staff session cookies, kept for the next test (a Secure Box pass lasts 12 hours). */
let staffCookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>> | undefined;

/**
 * The staff path through the API: bootstrap admin, signed in and past the Secure Box with a code
 * computed here from BOOTSTRAP_ADMIN_TOTP_SECRET. The staff session is reused while it stays valid,
 * so that the tests do not spend an authenticator step each.
 */
export async function signInAsStaff(page: Page) {
  await page.goto("/");
  if (staffCookies) {
    await page.context().addCookies(staffCookies);
    const session = await page.request.get("/api/session");
    if (session.ok() && (await session.json())?.staffVerified === true) return;
    await page.context().clearCookies();
  }
  await signInThroughApi(page, bootstrapAdmin.email, bootstrapAdmin.password);
  const response = await page.request.post("/api/box", {
    headers: { origin: originOf(page) },
    data: { ...secureBox, code: await freshAuthenticatorCode(bootstrapAdmin.totpSecret) },
  });
  expect(response.status(), await response.text()).toBe(200);
  staffCookies = await page.context().cookies();
}

/**
 * A new member of staff sets up their authenticator from the link e-mailed with their role (QR code, a
 * first code, the recovery codes page). Answers the authenticator's secret, for the Secure Box's codes.
 */
export async function setUpAuthenticatorFromEmail(page: Page, email: string): Promise<string> {
  await page.goto(await authenticatorSetUpLinkFor(email));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Show the QR code" }).click();
  const secret = ((await page.locator(".authenticator-secret code").textContent()) ?? "").replace(/\s/g, "");
  await page.getByLabel("Authenticator code").fill(await freshAuthenticatorCode(secret));
  await page.getByRole("button", { name: "Confirm code" }).click();
  await expect(page.getByRole("heading", { name: "Store these recovery codes now" })).toBeFocused();
  return secret;
}

/** Fills and submits the Secure Box on the page it is open on, with a fresh code of this authenticator. */
export async function openSecureBoxWith(page: Page, secret: string): Promise<void> {
  await page.getByLabel("Username").fill(secureBox.username);
  await page.getByLabel("Password").fill(secureBox.password);
  await page.getByLabel("Authenticator code").fill(await freshAuthenticatorCode(secret));
  await page.getByRole("button", { name: "Access" }).click();
}

/** A toast of the one toast system (top right) with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
}

/** Fills the sign-in or sign-up form and submits it. */
export async function submitCredentials(page: Page, email: string, password: string, button: "Let's Go!" | "Sign Up") {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: button, exact: true }).click();
}

export async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
}
