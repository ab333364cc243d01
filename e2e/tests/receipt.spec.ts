import type { Page } from "@playwright/test";
import { formatMinor } from "../../packages/domain/src/money.ts";
import { signInAsStaff, toast } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { completeThroughHandover, handoverPanel } from "../support/handover.ts";
import { placeOrder } from "../support/orders.ts";

/** Words of the compliance part of an order that a customer must never be handed (POCA 2002 s.333A). */
const COMPLIANCE_WORDS = /risk|flag|sanction|screening|hold|suspicion|MLRO/i;
const REPORT = "Counted the notes twice and asked to split the sale into two days";

type Details = {
  id: string;
  lines: { currency: string; rate: string; gbpMinor: number; foreignMinor: number }[];
  handover: { gbpMinor: number } | null;
  compliance: { riskFlags: { label: string }[] };
};

async function staffPost(page: Page, url: string, data?: object) {
  const response = await page.request.post(url, { headers: { origin: new URL(page.url()).origin }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What the printed sheet shows: the text of the page as rendered in print media. */
async function printedText(page: Page): Promise<string> {
  await page.emulateMedia({ media: "print" });
  // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is the point (print media takes the rest out)
  return page.locator("body").innerText();
}

test("Print on the order page gives the customer's receipt, without a word of the compliance record; the record prints from the Compliance screen", async ({
  page,
}) => {
  test.slow(); // one long journey with four accessibility checks on a shared 2-core machine
  await signInAsStaff(page);
  // Click & Sell of €-worth £4,600: two risk flags fire (just under a tier, high-value notes).
  const { orderNumber } = await placeOrder(page, `receipt${Date.now()}@example.com`, {
    way: "Sell",
    branch: "worthing",
    customer: { firstName: "Rosa", lastName: "Receipt", phone: "07700 900432" },
    lines: [{ currency: "EUR", gbpMinor: 460_000 }],
    origin: new URL(page.url()).origin,
  });
  await page.goto(`/dashboard/collect?number=${orderNumber}`);
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  const orderId = page.url().split("/").at(-1)!;

  // A suspicion report holds the order; the MLRO (this admin) clears the hold; accepted.
  await staffPost(page, `/api/admin/orders/${orderId}/suspicion-reports`, { text: REPORT });
  await staffPost(page, `/api/admin/orders/${orderId}/hold/clear`, {
    idType: "passport",
    idNumberLast4: "4821",
    idExpiresOn: "2031-05-01",
    sourceOfFunds: "savings",
  });
  await staffPost(page, `/api/admin/orders/${orderId}/accept`);

  // Completed at the counter through the handover panel, with a passport.
  await page.reload();
  await waitForHydration(page);
  await completeThroughHandover(page, handoverPanel(page), {
    idType: "Passport",
    differenceReason: "The cents in coins, not taken",
  });
  await expect(toast(page, "Completed! This order has been completed.")).toBeVisible();
  await page.reload();
  await waitForHydration(page);

  // On screen the page shows staff the compliance part: flags, screenings, the hold, the report.
  const details = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as Details;
  const flagNames = details.compliance.riskFlags.map((flag) => flag.label);
  expect(flagNames).toEqual(expect.arrayContaining(["High-value notes", "Just under a tier"]));
  await expect(page.getByText("Risk: High-value notes").first()).toBeVisible();
  await expect(page.getByRole("table", { name: /Sanctions screenings/ })).toBeVisible();
  await expect(page.getByText(/It was held because/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Suspicion reports (MLRO only)" })).toContainText(REPORT);
  const receipt = page.getByRole("region", { name: "Harbour FX receipt" });
  await expect(receipt).toBeHidden();
  await expectNoSeriousAxeViolations(page);

  // Printed: the receipt alone.
  const printed = await printedText(page);
  await expect(receipt).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  expect(printed).not.toMatch(COMPLIANCE_WORDS);
  for (const name of [...flagNames, REPORT, "Customer due diligence", "coins", "admin@e2e.test"]) {
    expect(printed).not.toContain(name);
  }
  const [line] = details.lines;
  expect(printed).toContain(`Order Number: ${orderNumber}`);
  expect(printed).toMatch(/Branch\s+Worthing, /);
  expect(printed).toContain("Click & Sell");
  const cells = ["EUR Euro", formatMinor(line!.foreignMinor, "EUR"), line!.rate, formatMinor(line!.gbpMinor, "GBP")];
  expect(printed).toMatch(new RegExp(cells.map(escapeRegExp).join("\\s+")));
  expect(printed).toContain(`Sterling paid to you: ${formatMinor(details.handover!.gbpMinor, "GBP")}`);
  expect(printed).toMatch(/Placed\s+[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}, \d{2}:\d{2}/);
  expect(printed).toMatch(/Handed over\s+[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}, \d{2}:\d{2}/);
  expect(printed).toMatch(/ID shown\s+Passport/);
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ media: "screen" });
  await expect(receipt).toBeHidden();
  await expectNoSeriousAxeViolations(page);

  // The compliance record, from the order's page to the Compliance screen: a number that is not one says why.
  await page.getByRole("link", { name: "Compliance record of this order" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/compliance\\?record=${orderNumber}$`));
  const record = page.getByRole("region", { name: `Compliance record: order ${orderNumber}` });
  await expect(record).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Order Number").fill("123");
  await page.getByRole("button", { name: "Show the record" }).click();
  await expect(page.getByText("An order number has 8 digits.")).toBeVisible();
  await expect(record).toHaveCount(0);
  await page.getByLabel("Order Number").fill(orderNumber);
  await page.getByRole("button", { name: "Show the record" }).click();
  await expect(record).toBeVisible();
  await expect(record.getByRole("button", { name: "Print compliance record" })).toBeVisible();
  await expect(record).toContainText("High-value notes");
  await expect(record).toContainText("Held for a compliance review: only the MLRO can clear this hold.");
  await expect(record).toContainText(REPORT);
  await expect(record).toContainText(/Passport ending 1234/);
  await expectNoSeriousAxeViolations(page);

  // Printed: the record alone, all of it (the MLRO reads the report), none of the screen's lists.
  const printedRecord = await printedText(page);
  expect(printedRecord).toContain(`Compliance record: order ${orderNumber}`);
  for (const text of [...flagNames, REPORT, "Customer due diligence: Passport", "Sanctions screenings"]) {
    expect(printedRecord).toContain(text);
  }
  for (const text of ["Flagged orders", "Import list", "Show the record", "Print compliance record"]) {
    expect(printedRecord).not.toContain(text);
  }
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  await expectNoSeriousAxeViolations(page);
  await page.emulateMedia({ media: "screen" });
});
