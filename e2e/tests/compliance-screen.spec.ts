import path from "node:path";
import { fileURLToPath } from "node:url";
import { signInAsStaff, toast } from "../support/accounts.ts";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "../support/fixtures.ts";
import { placeOrder } from "../support/orders.ts";

const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../apps/server/src/modules/sanctions/fixtures/UK_Sanctions_List.csv",
);

test("the compliance screen: import the UK Sanctions List through the page, see the import and the open order it matches", async ({
  page,
}) => {
  test.slow(); // an upload, the re-screening job and two accessibility checks on a shared machine
  await signInAsStaff(page);
  // An open order whose customer is on the list, placed before the list is imported; then another
  // order with the same e-mail under another name, which the risk rules flag.
  const origin = new URL(page.url()).origin;
  const email = `petrov${Date.now()}@example.com`;
  const phone = `07700 8${String(Date.now()).slice(-5)}`;
  const { orderNumber } = await placeOrder(page, email, {
    customer: { firstName: "Ivan", lastName: "Petrov", phone },
    origin,
  });
  const { orderNumber: flaggedNumber } = await placeOrder(page, email, {
    customer: { firstName: "Fred", lastName: "Flagged", phone },
    origin,
  });

  await page.goto("/dashboard/Statics");
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Compliance", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Compliance", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/compliance$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: /^Orders on hold \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText("No list has been imported yet: orders are not screened.")).toBeVisible();

  // The flagged order, with the rule that fired; a suspicion report on it, which the MLRO (this admin) reads here.
  const flagged = page
    .getByRole("table", { name: "Orders with risk flags, newest first" })
    .getByRole("row", { name: new RegExp(flaggedNumber) });
  await expect(async () => {
    await page.reload();
    await expect(flagged).toContainText("Names differ", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const flaggedHref = await flagged.getByRole("link", { name: flaggedNumber }).getAttribute("href");
  const flaggedId = flaggedHref!.split("/").at(-1)!;
  const raised = await page.request.post(`/api/admin/orders/${flaggedId}/suspicion-reports`, {
    headers: { origin },
    data: { text: "Customer asked twice how to stay under the reporting limit." },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  await page.reload();
  await waitForHydration(page);
  const report = page
    .getByRole("table", { name: "Suspicion reports, newest first" })
    .getByRole("row", { name: new RegExp(flaggedNumber) });
  await expect(report).toContainText("Customer asked twice how to stay under the reporting limit.");
  await expect(report).toContainText("admin@e2e.test");
  await expect(report).toContainText("Open");
  // The report put the order on hold.
  const onHold = page.getByRole("table", { name: "Orders on hold, longest waiting first" });
  await expect(onHold.getByRole("row", { name: new RegExp(flaggedNumber) })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Importing without a file says what is missing, by the field.
  const upload = page.getByRole("form", { name: "Import the UK Sanctions List" });
  await upload.getByRole("button", { name: "Import list" }).click();
  await expect(upload.getByText("Choose the list's CSV file")).toBeVisible();
  await expect(upload.getByLabel(/UK Sanctions List/)).toBeFocused();

  // The file goes to the compliance page's route action as a form with a file, never from the browser to the API.
  const changesToTheApi: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/api/")) {
      changesToTheApi.push(`${request.method()} ${request.url()}`);
    }
  });
  await upload.getByLabel(/UK Sanctions List/).setInputFiles(fixture);
  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === "/dashboard/compliance.data",
  );
  await upload.getByRole("button", { name: "Import list" }).click();
  expect((await posted).headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  await expect(toast(page, "List of 17-Nov-2026 imported: 6 designations")).toBeVisible();
  expect(changesToTheApi).toEqual([]);
  const imports = page.getByRole("table", { name: "List imports, newest first" });
  const imported = imports.getByRole("row", { name: /17-Nov-2026 \(in use\)/ });
  await expect(imported).toContainText("admin@e2e.test");
  await expect(imported.getByRole("cell").nth(2)).toHaveText("6");

  // The import wakes the job that screens every open order again: the order shows with the entry it matched.
  const matches = page.getByRole("table", { name: "Open orders whose latest screening matched, newest first" });
  await expect(async () => {
    await page.reload();
    await expect(matches.getByRole("row", { name: new RegExp(orderNumber) })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const match = matches.getByRole("row", { name: new RegExp(orderNumber) });
  await expect(match).toContainText("Ivan Petrov");
  await expect(match).toContainText("Ivan PETROV (TST0001)");
  await expect(match).toContainText("1.000");
  // The match holds the order: it is listed on hold, with the entry it matched.
  await expect(match.getByRole("cell").last()).toHaveText("Yes");
  const held = onHold.getByRole("row", { name: new RegExp(orderNumber) });
  await expect(held).toContainText("Ivan PETROV (TST0001), score 1.000, list of 17-Nov-2026");
  await expect(match.getByRole("link", { name: orderNumber })).toHaveAttribute("href", /\/dashboard\/orderDetails\//);
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page);
});
