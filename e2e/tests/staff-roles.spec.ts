import type { Browser, Page } from "@playwright/test";
import {
  bootstrapAdmin,
  confirmEmailThroughLink,
  originOf,
  signInAsStaff,
  signUpThroughApi,
  submitCredentials,
  toast,
  uniqueEmail,
  openSecureBoxWith,
  setUpAuthenticatorFromEmail,
} from "../support/accounts.ts";
import { expectNoSeriousAxeViolations, expect, test, waitForHydration } from "../support/fixtures.ts";
import { verificationLinkFor } from "../support/mail.ts";

/**
 * Staff roles per branch (issue 33, decision 035): the admin gives roles on the Users page; each member of
 * staff signs in, goes on to the Secure Box with their authenticator and lands on their role's first page,
 * with the menu the permission matrix gives that role.
 */
const menus = {
  cashier: ["Pending Orders", "Accepted Orders", "Collect", "Counter", "Till", "Reversals", "History"],
  manager: [
    "Statics",
    "Pending Orders",
    "Accepted Orders",
    "Collect",
    "Counter",
    "Till",
    "Reversals",
    "History",
    "Currency",
    "Add Currency",
    "Stock",
    "Reports",
    "Users",
    "Rate Board",
  ],
  mlro: ["Compliance", "Audit"],
} as const;
const landing = { cashier: "/dashboard/manageOrders", manager: "/dashboard/Statics", mlro: "/dashboard/compliance" };

async function menuOf(page: Page) {
  const items = page.getByRole("navigation", { name: "Dashboard" }).getByRole("listitem");
  return (await items.allTextContents()).map((text) => text.trim()).filter((text) => text !== "Home");
}

/** A verified customer account made `role` by the admin (through the Users page for a cashier). */
async function newStaff(browser: Browser, page: Page, role: keyof typeof menus) {
  const account = await signUpThroughApi(page, uniqueEmail(`new-${role}`));
  await confirmEmailThroughLink(page, await verificationLinkFor(account.email));
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsStaff(admin);
  await admin.goto("/dashboard/Users");
  await waitForHydration(admin);
  const row = admin.getByRole("row").filter({ hasText: account.email });
  await row.getByRole("button", { name: `Change role of ${account.email}` }).click();
  const form = row.getByRole("form", { name: `Role of ${account.email}` });
  await form
    .getByLabel("Role")
    .selectOption({ label: role === "mlro" ? "MLRO" : role[0]!.toUpperCase() + role.slice(1) });
  if (role !== "mlro") {
    // A cashier or a manager needs a branch: the form says so before anything is sent.
    await form.getByRole("button", { name: "Save role" }).click();
    await expect(form.getByRole("alert")).toHaveText("Choose at least one branch.");
    await expectNoSeriousAxeViolations(admin);
    await form.getByRole("checkbox", { name: "Brighton" }).check();
  }
  await form.getByRole("button", { name: "Save role" }).click();
  await expect(
    toast(admin, `${account.email} is now ${role === "mlro" ? "MLRO" : role[0]!.toUpperCase() + role.slice(1)}`),
  ).toBeVisible();
  await expect(
    row.getByRole("cell", { name: role === "mlro" ? "MLRO" : /^\w+ · Brighton$/, exact: role === "mlro" }),
  ).toBeVisible();
  await adminContext.close();
  return account;
}

for (const role of ["cashier", "manager", "mlro"] as const) {
  test(`a ${role} signs in, passes the Secure Box and sees the ${role}'s menu only`, async ({ page, browser }) => {
    // Two authenticator steps (set-up and the Secure Box) may wait for the clock.
    test.setTimeout(120_000);
    const account = await newStaff(browser, page, role);
    // Their authenticator, from the set-up link e-mailed when the role was given.
    const secret = await setUpAuthenticatorFromEmail(page, account.email);

    // Signing in on their own, staff go on to the Secure Box and then to their dashboard.
    await page.context().clearCookies();
    await page.goto("/signIn");
    await waitForHydration(page);
    await submitCredentials(page, account.email, account.password, "Let's Go!");
    await expect(page).toHaveURL(/\/box\?redirectTo=%2Fdashboard$/);
    await waitForHydration(page);
    await openSecureBoxWith(page, secret);
    await expect(page).toHaveURL(new RegExp(`${landing[role]}$`));
    expect(await menuOf(page)).toEqual(menus[role]);
    await expectNoSeriousAxeViolations(page);
    // Every page of the menu opens for the role (none of its loaders asks for something the role lacks).
    const paths = await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "").filter((href) => href !== "/"));
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(
        /not part of your role|for staff|went wrong/,
      );
    }

    // A page outside the role is refused, and so is its API.
    await page.goto(role === "mlro" ? "/dashboard/Currency" : "/dashboard/audit");
    await expect(page.getByRole("heading", { name: "This page is not part of your role" })).toBeVisible();
    const api = await page.request.get(role === "mlro" ? "/api/admin/currencies" : "/api/admin/audit-log");
    expect(api.status()).toBe(403);
    await expectNoSeriousAxeViolations(page);
  });
}

test("the admin's menu has every page, and Disable keeps a member of staff out", async ({ page, browser }) => {
  await signInAsStaff(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/Statics$/);
  expect(await menuOf(page)).toEqual([...menus.manager, "Compliance", "Audit"]);
  const personContext = await browser.newContext();
  const person = await personContext.newPage();
  const account = await signUpThroughApi(person, uniqueEmail("leaver"));
  await page.goto("/dashboard/Users");
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: account.email });
  await row.getByRole("button", { name: `Disable ${account.email}` }).click();
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes, disable" }).click();
  await expect(toast(page, `${account.email} is disabled`)).toBeVisible();
  await expect(row.getByRole("cell", { name: "User (disabled)" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Their session has ended and they cannot sign in again.
  expect(await (await person.request.get("/api/session")).json()).toBeNull();
  const again = await person.request.post("/api/auth/sign-in/email", {
    headers: { origin: originOf(person) },
    data: { email: account.email, password: account.password },
  });
  expect(again.status()).toBe(403);
  await personContext.close();
  expect(bootstrapAdmin.email).toBe("admin@e2e.test");
});
