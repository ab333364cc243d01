import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, expectNoSeriousAxeViolations, test } from "../support/fixtures.ts";
import { placeOrder } from "../support/orders.ts";

// The expiry rule runs on the server's clock, which a browser test cannot move. This test controls the
// timeline instead: a product of its own whose Pending orders expire after 0.0002 days (17 seconds),
// with the same job, rule and pages as in production (ORDER_EXPIRE_PENDING_AFTER_DAYS).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

test("a Pending order not collected in time becomes Expired and says so on its order page", async ({ page }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "apps/server/src/main.ts")], {
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bureau-e2e-expiry-")),
      LOG_LEVEL: "warn",
      SECURE_BOX_USERNAME: "e2e-expiry",
      SECURE_BOX_PASSWORD: "e2e-expiry-password",
      BOOTSTRAP_ADMIN_EMAIL: "admin@expiry.test",
      BOOTSTRAP_ADMIN_PASSWORD: "admin-password-expiry",
      ORDER_EXPIRE_PENDING_AFTER_DAYS: "0.0002",
      SMTP_URL: "",
    },
  });
  try {
    await expect
      .poll(async () => (await page.request.get(`${url}/api/health`).catch(() => null))?.status(), { timeout: 60_000 })
      .toBe(200);
    const email = `late-${Date.now()}@example.com`;
    const { orderNumber } = await placeOrder(page, email, {
      customer: { firstName: "Lena", lastName: "Late", phone: "07700 900111" },
      branch: "worthing",
      baseUrl: url,
      origin: url,
    });

    const lookUp = async () => {
      await page.goto(`${url}/track`);
      await page.getByLabel("Order Number").fill(orderNumber);
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Find my order" }).click();
      await expect(
        page.getByText(/We have your order and will prepare it|not collected in time/).first(),
      ).toBeVisible();
    };
    await lookUp();
    await expect(page.getByText("We have your order and will prepare it")).toBeVisible();

    // 17 seconds later the job has expired it.
    await expect
      .poll(
        async () => {
          await lookUp();
          return page.getByText("This order was not collected in time, so it has expired.").isVisible();
        },
        { timeout: 60_000, intervals: [5000] },
      )
      .toBe(true);
    await expect(page.getByText("Expired: not collected in time")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    // The terms state the rule this product runs with.
    await page.goto(`${url}/termsCoditition`);
    await expect(
      page.getByText(/an order that is still pending 17 seconds after you placed it, expires/),
    ).toBeVisible();
  } finally {
    child.kill("SIGTERM");
  }
});

test("the terms state both expiry rules", async ({ page }) => {
  await page.goto("/termsCoditition");
  await expect(
    page.getByText(
      "An order that is ready for collection and not collected within 4 days of our telling you it is ready, and an order that is still pending 7 days after you placed it, expires",
    ),
  ).toBeVisible();
});
