// `npm run bench`: measures the product and writes bench/report.md and bench/results/report.json.
// Each figure is measured beside its baseline in the same run. PostgreSQL: BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test; scratch databases are created and dropped).
// BENCH_ONLY=currencies,orders,dashboard,history,lighthouse,startup runs a subset; BENCH_ORDERS sets the
// dashboard's order count (default 1,000,000).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error -- plain ES module without types
import { buildWebIfNeeded } from "../scripts/lib.mjs";
import { benchCurrencies } from "./currencies.ts";
import { benchDashboard } from "./dashboard.ts";
import { benchLighthouse } from "./lighthouse.ts";
import { benchOrders } from "./orders.ts";
import { benchRateHistory } from "./rate-history.ts";
import { benchStartup } from "./startup.ts";
import { DEFAULT_BENCH_DATABASE_URL, round } from "./support.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
const wanted = (name: string) => only.size === 0 || only.has(name);

const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
const sections: string[] = [];
const headline: string[] = [];

if ((await buildWebIfNeeded()) !== 0) throw new Error("Building the web app failed");

if (wanted("currencies")) {
  console.log("GET /api/currencies under 100 connections, beside a bare node:http server…");
  const r = await benchCurrencies({ connections: 100, seconds: 10 });
  report.currencies = r;
  headline.push(
    `GET /api/currencies: ${round(r.product.requestsPerSecond, 0)} req/s, ${round(r.ratio * 100)}% of a bare node:http server (target 85%)`,
  );
  sections.push(
    [
      "## GET /api/currencies under 100 connections",
      "",
      `Command: \`BENCH_ONLY=currencies npm run bench\` — autocannon, ${r.connections} connections, ${r.seconds} s after a 2 s warm-up,`,
      `each server in its own process; the bare server is node:http answering the same ${r.bytes} bytes and headers.`,
      "",
      "| server | requests/s | p99 ms | errors | non-2xx |",
      "|---|---|---|---|---|",
      `| the product | ${round(r.product.requestsPerSecond, 0)} | ${r.product.p99Ms} | ${r.product.errors} | ${r.product.non2xx} |`,
      `| bare node:http | ${round(r.bare.requestsPerSecond, 0)} | ${r.bare.p99Ms} | ${r.bare.errors} | ${r.bare.non2xx} |`,
      "",
      `Ratio: **${round(r.ratio, 2)}** (target at least 0.85).`,
    ].join("\n"),
  );
}

if (wanted("orders")) {
  console.log("Quote + order placements on PostgreSQL, beside bare inserts…");
  const orders = await benchOrders({ serverUrl });
  report.orders = orders;
  headline.push(
    `Order placements: ${round(orders.placements.perSecond)}/s, p99 ${round(orders.placements.p99)} ms, ratio ${round(orders.ratio, 2)} of bare inserts (${round(orders.bareInserts.perSecond)}/s; targets ratio ≥ 0.5, p99 < 100 ms)`,
  );
  sections.push(
    [
      "## Quote + order placements on PostgreSQL",
      "",
      `Command: \`BENCH_ONLY=orders npm run bench\` — ${orders.concurrency} concurrent customers for ${orders.durationSeconds} s;`,
      "each placement = POST /api/quotes then POST /api/orders over HTTP to the product in its own process",
      "(`node apps/server/src/main.ts`, DATABASE_POOL_SIZE default; validation, pricing, the used-quote and",
      "idempotency checks, the order-received outbox message), from node:http keep-alive clients; the baseline",
      "inserts the same rows (quote, order, line, outbox message) through the same driver (node-postgres) in",
      "the same run. `BENCH_PROFILE_DIR=folder` writes the product's CPU profile there.",
      "",
      "| | per second | p50 ms | p95 ms | p99 ms | errors |",
      "|---|---|---|---|---|---|",
      `| placements through the API | ${round(orders.placements.perSecond)} | ${round(orders.placements.p50)} | ${round(orders.placements.p95)} | ${round(orders.placements.p99)} | ${orders.placements.errors} |`,
      `| bare inserts of the same rows | ${round(orders.bareInserts.perSecond)} | ${round(orders.bareInserts.p50)} | ${round(orders.bareInserts.p95)} | ${round(orders.bareInserts.p99)} | ${orders.bareInserts.errors} |`,
      "",
      `Placements reach ${round(orders.ratio * 100)}% of the bare insert rate (ratio **${round(orders.ratio, 2)}**, target at least 0.5; p99 target under 100 ms). Load average at the start of the run: ${orders.loadAverage}. The product's process used ${round(orders.productCpuMsPerPlacement, 2)} ms of CPU per placement.`,
    ].join("\n"),
  );
}

if (wanted("dashboard")) {
  const count = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  console.log(`Dashboard with ${count.toLocaleString("en-GB")} orders (bulk load first)…`);
  const d = await benchDashboard({ serverUrl, orders: count, samples: 200 });
  report.dashboard = d;
  const worst = Math.max(
    d.pendingPage.p95,
    d.pendingLaterPage.p95,
    d.historySearch.p95,
    d.phoneSearch.p95,
    d.statistics.p95,
  );
  headline.push(`Dashboard at ${d.orders.toLocaleString("en-GB")} orders: worst p95 ${round(worst)} ms (target 50 ms)`);
  const row = (name: string, t: { p50: number; p95: number; max: number }) =>
    `| ${name} | ${round(t.p50)} | ${round(t.p95)} | ${round(t.max)} |`;
  sections.push(
    [
      `## Staff dashboard with ${d.orders.toLocaleString("en-GB")} orders in PostgreSQL`,
      "",
      `Command: \`BENCH_ONLY=dashboard npm run bench\` — orders loaded in bulk (${round(d.loadSeconds)} s), statistics rollups`,
      "rebuilt, then each staff call made 200 times in process (app.inject: routing, session and staff check,",
      "validation, query, serialisation).",
      "",
      "| call | p50 ms | p95 ms | max ms |",
      "|---|---|---|---|",
      row("Pending Orders, first page", d.pendingPage),
      row("Pending Orders, a later page (keyset cursor)", d.pendingLaterPage),
      row("History search by name or e-mail", d.historySearch),
      row("History search by phone", d.phoneSearch),
      row("Statistics", d.statistics),
    ].join("\n"),
  );
}

if (wanted("history")) {
  console.log("Rate history over five years of live readings…");
  const h = await benchRateHistory({ serverUrl });
  report.rateHistory = h;
  const fiveYears = h.product.find((p) => p.range === "5y");
  headline.push(
    `Rate history, 5 years of readings (${h.readings.toLocaleString("en-GB")}): p95 ${round(fiveYears?.p95 ?? Number.NaN)} ms for the 5-year chart (reading every raw row: p50 ${round(h.rawScan.p50)} ms)`,
  );
  sections.push(
    [
      "## Rate history with five years of readings in PostgreSQL",
      "",
      `Command: \`BENCH_ONLY=history npm run bench\` — ${h.readings.toLocaleString("en-GB")} EUR readings, one every ${h.minutesApart} minutes`,
      `over five years, inserted through rate_history (${round(h.loadSeconds)} s, the trigger keeping the daily rollup: ${h.dailyRows.toLocaleString("en-GB")} rows),`,
      `then GET /api/currencies/EUR/history ${h.samples} times per range in process (app.inject).`,
      "",
      "| call | p50 ms | p95 ms | max ms |",
      "|---|---|---|---|",
      ...h.product.map((p) => `| range=${p.range} | ${round(p.p50)} | ${round(p.p95)} | ${round(p.max)} |`),
      `| baseline: reading every raw row of five years (SQL alone) | ${round(h.rawScan.p50)} | ${round(h.rawScan.p95)} | ${round(h.rawScan.max)} |`,
    ].join("\n"),
  );
}

if (wanted("lighthouse")) {
  console.log("Lighthouse (mobile)…");
  const l = await benchLighthouse();
  report.lighthouse = l;
  const home = l.pages.find((p) => p.path === "/");
  headline.push(
    `Lighthouse mobile: ${l.pages.map((p) => `${p.path} ${p.scores.performance}/${p.scores.accessibility}`).join(", ")} (performance/accessibility); home JS ${round((home?.jsGzipBytes ?? 0) / 1024)} KB gzipped`,
  );
  sections.push(
    [
      "## Lighthouse (mobile)",
      "",
      `Command: \`npm run bench:lighthouse\` (or \`BENCH_ONLY=lighthouse npm run bench\`) — median of ${l.runsPerPage} runs per page, Lighthouse ${l.lighthouseVersion}, Debian Chromium.`,
      "",
      "| page | performance | accessibility | best practices | SEO | JS gzipped (KB) | JS files |",
      "|---|---|---|---|---|---|---|",
      ...l.pages.map(
        (p) =>
          `| ${p.path} | ${p.scores.performance} | ${p.scores.accessibility} | ${p.scores["best-practices"]} | ${p.scores.seo} | ${round(p.jsGzipBytes / 1024)} | ${p.jsFiles} |`,
      ),
      "",
      l.problems.length
        ? `Below target: ${l.problems.join("; ")}`
        : "Every page meets its targets: performance, accessibility, best practices and SEO 100.",
      `Home page JavaScript: ${round((home?.jsGzipBytes ?? 0) / 1024)} KB gzipped against a budget of ${round(l.thresholds.homeJsGzipBytes / 1024)} KB: ${(home?.jsGzipBytes ?? 0) <= l.thresholds.homeJsGzipBytes ? "within" : "over"}.`,
    ].join("\n"),
  );
}

if (wanted("startup")) {
  console.log("Start-up time on an existing data directory…");
  const s = await benchStartup();
  report.startup = s;
  headline.push(
    `Start to first answer on an existing data directory: ${round(s.medianRestartMs, 0)} ms (median of ${s.restartsMs.length})`,
  );
  sections.push(
    [
      "## From start to the first answered request",
      "",
      "Command: `BENCH_ONLY=startup npm run bench` — `node apps/server/src/main.ts` (what `npm start` runs once built) on the",
      "embedded database, timed until GET /api/health answers.",
      "",
      `- first start (creates, migrates and seeds the data directory): ${round(s.firstStartMs, 0)} ms`,
      `- restarts on the existing data directory: ${s.restartsMs.map((ms) => round(ms, 0)).join(", ")} ms (median ${round(s.medianRestartMs, 0)} ms)`,
    ].join("\n"),
  );
}

mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results/report.json"), `${JSON.stringify(report, null, 2)}\n`);
const markdown = [
  "# Benchmark report",
  `Run on ${report.date} with Node ${report.node} on this project's machine (2 cores). Repeat with \`npm run bench\`.`,
  ["## Headline figures", "", ...headline.map((h) => `- ${h}`)].join("\n"),
  ...sections,
  "",
].join("\n\n");
writeFileSync(path.join(here, "report.md"), markdown);
console.log(markdown);
