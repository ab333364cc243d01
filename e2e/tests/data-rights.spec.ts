import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { confirmEmailThroughLink, signInAsStaff, signUpThroughApi, uniqueEmail } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { verificationLinkFor } from "../support/mail.ts";
import { placeOrder } from "../support/orders.ts";

type Export = {
  kind: string;
  orders: { orderNumber: string; email: string; phone: string; linkedBy: string[] }[];
  accounts: { email: string }[];
};

async function exported(download: Download): Promise<Export> {
  const path = await download.path();
  return JSON.parse(await readFile(path, "utf8")) as Export;
}

test("staff download a customer's data from the order page: orders linked by e-mail; phone-only ones listed for review, not in the file", async ({
  page,
}) => {
  const email = uniqueEmail("sar");
  // Placed as a guest before staff sign in on this browser: the same person, written three ways.
  const first = await placeOrder(page, email, { customer: { phone: "07700 900811" } });
  const byEmail = await placeOrder(page, email.toUpperCase(), { customer: { phone: "07700 900812" } });
  const byPhone = await placeOrder(page, uniqueEmail("sar-other"), { customer: { phone: "+44 7700 900811" } });
  const stranger = await placeOrder(page, uniqueEmail("stranger"), { customer: { phone: "07700 900813" } });

  await signInAsStaff(page);
  const found = await page.request.get(`/api/admin/collect?number=${first.orderNumber}`);
  const { id } = (await found.json()) as { id: string };
  await page.goto(`/dashboard/orderDetails/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Customer data" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download customer data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^harbour-fx-data-order-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.json$/);
  const data = await exported(download);
  expect(data.kind).toBe("subject-access-export");
  const numbers = data.orders.map((order) => order.orderNumber).sort();
  expect(numbers).toEqual([first.orderNumber, byEmail.orderNumber].sort());
  expect(numbers).not.toContain(stranger.orderNumber);
  // A phone number proves nothing: the order sharing only the phone is not in the file, but listed for review.
  expect(numbers).not.toContain(byPhone.orderNumber);
  const review = page.getByRole("list", { name: "To review: orders sharing only the phone number" });
  await expect(review.getByRole("link", { name: `Order ${byPhone.orderNumber}` })).toBeVisible();
  await expect(review.getByRole("listitem")).toHaveCount(1);

  // The page stays where it was; the export is in the order's audit trail.
  await expect(page).toHaveURL(new RegExp(`/dashboard/orderDetails/${id}$`));
  await expect(page.getByRole("heading", { name: `Order ${first.orderNumber}` })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("a signed-in customer downloads their own data from the profile page; the privacy page says what is kept", async ({
  page,
}) => {
  const email = uniqueEmail("own-data");
  const { orderNumber } = await placeOrder(page, email);
  await signUpThroughApi(page, email);
  await confirmEmailThroughLink(page, await verificationLinkFor(email));

  await page.goto("/account/profile");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const data = await exported(await downloading);
  expect(data.orders.map((order) => order.orderNumber)).toEqual([orderNumber]);
  expect(data.accounts.map((account) => account.email)).toEqual([email]);

  await page.getByRole("link", { name: "how long we keep your data" }).click();
  await expect(page).toHaveURL(/\/privacyPolicy#retention$/);
  const retention = page.locator('[id="retention"]');
  await expect(retention).toContainText("for 5 years from the day the order was completed, cancelled or expired");
  await expect(retention).toContainText("12 months from the day we receive them");
  await expect(page.locator('[id="your-rights"]')).toContainText("open Your profile and choose Download my data");
});
