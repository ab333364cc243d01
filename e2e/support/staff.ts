import type { Page } from "@playwright/test";
import {
  confirmEmailThroughLink,
  openSecureBoxWith,
  originOf,
  setUpAuthenticatorFromEmail,
  signUpThroughApi,
  uniqueEmail,
} from "./accounts.ts";
import { expect } from "./fixtures.ts";
import { verificationLinkFor } from "./mail.ts";

/** The account's id, from the Users list as staff read it (oldest first, a page at a time). */
export async function userIdOf(staff: Page, email: string): Promise<string> {
  let after: string | undefined;
  for (;;) {
    const response = await staff.request.get(`/api/admin/users?limit=200${after ? `&after=${after}` : ""}`);
    expect(response.status()).toBe(200);
    const page = (await response.json()) as { users: { id: string; email: string }[]; nextCursor: string | null };
    const found = page.users.find((user) => user.email === email);
    if (found) return found.id;
    if (!page.nextCursor) throw new Error(`No user ${email}`);
    after = page.nextCursor;
  }
}

/**
 * A member of staff with `role` at Worthing: a customer account given the role by the admin on the
 * Users API, then through its authenticator set-up and the Secure Box.
 */
export async function staffAtWorthing(page: Page, admin: Page, role: "cashier" | "manager") {
  const account = await signUpThroughApi(page, uniqueEmail(role));
  await confirmEmailThroughLink(page, await verificationLinkFor(account.email));
  const id = await userIdOf(admin, account.email);
  const given = await admin.request.put(`/api/admin/users/${id}/role`, {
    headers: { origin: originOf(admin) },
    data: { role, branches: ["worthing"] },
  });
  expect(given.status(), await given.text()).toBe(200);
  const secret = await setUpAuthenticatorFromEmail(page, account.email);
  await page.getByRole("link", { name: "I have stored them: continue to the Secure Box" }).click();
  await expect(page).toHaveURL(/\/box$/);
  await openSecureBoxWith(page, secret);
  await expect(page).not.toHaveURL(/\/box$/);
  return account;
}
