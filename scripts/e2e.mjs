// `npm run test:e2e`: browser tests in Debian's Chromium against the built product.
// Finds Chromium, installs Debian's package when running as root, and otherwise says clearly why it skips.
import { existsSync } from "node:fs";
import path from "node:path";
import { buildWebIfNeeded, root, run } from "./lib.mjs";

export async function ensureChromium() {
  const candidate = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0) {
    console.log("Chromium not found: installing Debian's chromium package (apt-get)…");
    const updated = await run("apt-get", ["update", "-qq"]);
    const installed = updated === 0 ? await run("apt-get", ["install", "-y", "-qq", "chromium"]) : updated;
    if (installed === 0 && existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
    console.error("Installing Debian's chromium failed.");
    return null;
  }
  return null;
}

export async function runE2e(extraArgs = []) {
  const chromium = await ensureChromium();
  if (!chromium) {
    console.log(
      "\nSKIPPED: browser tests. No Chromium at CHROMIUM_PATH or /usr/bin/chromium, and not running as root " +
        "to install Debian's chromium. Install it with `sudo apt-get install -y chromium` and run `npm run test:e2e`.\n",
    );
    return { code: 0, skipped: true };
  }
  const built = await buildWebIfNeeded();
  if (built !== 0) return { code: built, skipped: false };
  const code = await run(
    path.join(root, "node_modules/.bin/playwright"),
    ["test", "--config", "e2e/playwright.config.ts", ...extraArgs],
    { env: { ...process.env, CHROMIUM_PATH: chromium } },
  );
  return { code, skipped: false };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code } = await runE2e(process.argv.slice(2));
  process.exit(code);
}
