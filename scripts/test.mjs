// `npm test`: every suite, in order, with a summary that names anything skipped and why.
import pg from "pg";
import { runE2e } from "./e2e.mjs";
import { buildWebIfNeeded, run } from "./lib.mjs";

const results = [];
async function step(name, fn) {
  console.log(`\n=== ${name} ===`);
  const outcome = await fn();
  results.push({ name, ...outcome });
  return outcome;
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

await step("build", async () => ({ code: await buildWebIfNeeded() }));
await step("lint and types", async () => {
  const lint = await run("npm", ["run", "lint", "--silent"]);
  const types = lint === 0 ? await run("npm", ["run", "typecheck", "--silent"]) : lint;
  return { code: types };
});
await step("domain and web unit tests", async () => ({
  code: await run("npx", ["vitest", "run", "--project", "domain", "--project", "web"]),
}));
await step("server tests on embedded PGlite", async () => ({
  code: await run("npx", ["vitest", "run", "--project", "server"], { env: { ...process.env, TEST_DATABASE_URL: "" } }),
}));
await step("server tests on PostgreSQL", async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { code: 0, skipped: "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)" };
  if (!(await postgresReachable(url))) return { code: 1, note: `TEST_DATABASE_URL is set but ${url} does not answer` };
  return { code: await run("npx", ["vitest", "run", "--project", "server"]) };
});
await step("browser tests (Chromium)", async () => {
  const { code, skipped } = await runE2e();
  return { code, ...(skipped ? { skipped: "no Chromium found and not root to install it" } : {}) };
});

console.log("\n=== summary ===");
for (const r of results) {
  const status = r.skipped
    ? `SKIPPED (${r.skipped})`
    : r.code === 0
      ? "passed"
      : `FAILED${r.note ? ` (${r.note})` : ""}`;
  console.log(`${r.name}: ${status}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
