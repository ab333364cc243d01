import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** What start-server.mjs configures: the bootstrap admin and the Secure Box. */
export const bootstrapAdmin = { email: "admin@e2e.test", password: "admin-password-e2e" };
export const secureBox = { username: "e2e-staff", password: "e2e-box-password" };
export const OIDC_EMAIL_DOMAIN = "oidc.e2e.test";

export function uniqueEmail(prefix = "visitor"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.com`;
}

/** The origin of the page (after a goto), as a browser sends it on a state-changing request. */
function originOf(page: Page) {
  return new URL(page.url()).origin;
}

/**
 * Creates an account through the API, signed in within the page's browser context (the session
 * cookie lands in the context). For tests whose subject is not the sign-up screen itself.
 */
export async function signUpThroughApi(page: Page, email = uniqueEmail(), password = "a-good-password") {
  await page.goto("/");
  const response = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: originOf(page) },
    data: { email, password, name: "" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password };
}

export async function signInThroughApi(page: Page, email: string, password: string) {
  await page.goto("/");
  const response = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: originOf(page) },
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The staff path through the API: bootstrap admin, signed in and past the Secure Box. */
export async function signInAsStaff(page: Page) {
  await signInThroughApi(page, bootstrapAdmin.email, bootstrapAdmin.password);
  const response = await page.request.post("/api/box", { headers: { origin: originOf(page) }, data: secureBox });
  expect(response.status(), await response.text()).toBe(200);
}

/** A toast of the one toast system (top right) with this text. */
export function toast(page: Page, text: string) {
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
