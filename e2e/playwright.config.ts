import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./support/chromium.ts";

/**
 * Browser tests in Debian's Chromium against the built product on a fresh embedded database.
 * Never downloads a browser: CHROMIUM_PATH (default /usr/bin/chromium) must exist.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./tests",
  globalSetup: "./support/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--headless", ...chromiumFlags],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node support/start-server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(port) },
  },
});
