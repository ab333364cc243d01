// `npm run bench`: measures the product and writes bench/report.md, bench/results/report.json and the dated
// record of the run, bench/results/<day>.md.
// Each figure is measured beside its baseline in the same run. PostgreSQL: BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test; scratch databases are created and dropped).
// BENCH_ONLY=currencies,orders,stock,dashboard,dayreport,export,history,alerts,sanctions,lighthouse,startup runs a subset (its sections of
// bench/report.md are replaced, the others kept); BENCH_ORDERS sets the order count of the dashboard and
// export parts (default 1,000,000), BENCH_ALERTS the rate alerts a rate change reaches (default 100,000).
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWebIfNeeded } from "../scripts/lib.mjs";
import { benchCounter } from "./counter.ts";
import { benchCurrencies } from "./currencies.ts";
import { benchDashboard } from "./dashboard.ts";
import { benchDayReport } from "./day-report.ts";
import { benchExport, EXPORT_BENCH_OLD_SPACE_MB, type ExportRun } from "./export.ts";
import {
  benchLighthouse,
  cpuIndexLine,
  machineFloorLine,
  openerPolicyFloorLine,
  WITHOUT_OPENER_POLICY_WARNING,
} from "./lighthouse.ts";
import { benchOrders } from "./orders.ts";
import { benchRateAlerts } from "./rate-alerts.ts";
import { benchRateHistory } from "./rate-history.ts";
import { benchSanctions } from "./sanctions.ts";
import { mergeReport } from "./report-merge.ts";
import { benchStartup } from "./startup.ts";
import { benchStockPlacements } from "./stock.ts";
import { DEFAULT_BENCH_DATABASE_URL, round } from "./support.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
const wanted = (name: string) => only.size === 0 || only.has(name);

const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
const sections: string[] = [];
const headline: string[] = [];
/** The parts that ran, in the order they pushed their headline and section. */
const ran: string[] = [];
/** How each part's headline line and section start in bench/report.md (report-merge.ts). */
const PREFIXES: Record<string, { headline: string; heading: string }> = {
  currencies: { headline: "GET /api/currencies", heading: "## GET /api/currencies" },
  orders: { headline: "Order placements", heading: "## Quote + order placements" },
  stock: { headline: "Placements with a stock reservation", heading: "## Order placements with a stock reservation" },
  dashboard: { headline: "Dashboard at", heading: "## Staff dashboard" },
  dayreport: { headline: "Day's report of a busy branch", heading: "## Day's report of a busy branch" },
  export: { headline: "CSV export of", heading: "## CSV export of" },
  history: { headline: "Rate history", heading: "## Rate history" },
  alerts: { headline: "Rate alert fan-out", heading: "## Rate alert fan-out" },
  sanctions: { headline: "Sanctions screening", heading: "## Sanctions screening" },
  lighthouse: { headline: "Lighthouse mobile", heading: "## Lighthouse" },
  startup: { headline: "Start to first answer", heading: "## From start to" },
  counter: { headline: "Walk-in trade at", heading: "## Walk-in trades at the counter" },
};

if ((await buildWebIfNeeded()) !== 0) throw new Error("Building the web app failed");

if (wanted("currencies")) {
  ran.push("currencies");
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
  ran.push("orders");
  console.log("Quote + order placements on PostgreSQL, beside bare inserts…");
  const orders = await benchOrders({ serverUrl });
  report.orders = orders;
  const regulars = orders.regulars;
  const base = orders.customerBase;
  headline.push(
    `Order placements: ${round(orders.placements.perSecond)}/s, p99 ${round(orders.placements.p99)} ms, ratio ${round(orders.ratio, 2)} of bare inserts (${round(orders.bareInserts.perSecond)}/s; targets ratio ≥ 0.5, p99 < 100 ms), customers from a base with past orders; from 32 regular customers with hundreds of orders each: ${round(regulars.placements.perSecond)}/s, p99 ${round(regulars.placements.p99)} ms, ratio ${round(regulars.ratio, 2)}`,
  );
  const cpuRow = (label: string, run: typeof regulars) =>
    `| ${label} | ${round(run.productCpuMsPerPlacement, 2)} | ${round(run.databaseCpuMsPerPlacement, 2)} | ${round(run.loadCpuMsPerPlacement, 2)} |`;
  const loadRow = (label: string, load: typeof regulars.placements) =>
    `| ${label} | ${round(load.perSecond)} | ${round(load.p50)} | ${round(load.p95)} | ${round(load.p99)} | ${load.errors} |`;
  sections.push(
    [
      "## Quote + order placements on PostgreSQL",
      "",
      `Command: \`BENCH_ONLY=orders npm run bench\` — ${orders.concurrency} concurrent customers for ${orders.durationSeconds} s after ${orders.warmupSeconds} s of uncounted warm-up of each side;`,
      "each placement = POST /api/quotes then POST /api/orders over HTTP to the product in its own process",
      "(`node apps/server/src/main.ts`, DATABASE_POOL_SIZE default 20; validation, pricing, the used-quote and",
      "idempotency checks, rate limits, cross-site refusal, stock read, sanctions screening, the order-received outbox",
      "message, due diligence and risk flags with their holds and audit entries), from node:http keep-alive clients; the",
      "baseline inserts the same rows (quote, order, line, outbox message, the customers' identities) through the same",
      "driver (node-postgres) in the same run.",
      "",
      `**Who places the orders.** Each placement is the next customer of a base of ${base.customers.toLocaleString("en-GB")} stored before the run with`,
      `${base.pastOrders.toLocaleString("en-GB")} past orders (${round(base.seedSeconds)} s): customer n has n mod 4 collected orders of £250 in the past year, one in 25`,
      "also a £5,000 order (the new order takes the year past the enhanced due-diligence tier and is flagged for it), one in",
      "50 an order under another name on the same e-mail and phone (the new order gets a risk flag and its audit entry).",
      "Then the same load comes from 32 regular customers who place every order of their worker (hundreds each within",
      "seconds: nearly every placement flagged as frequent and for enhanced due diligence, held past €15,000 in the year,",
      "and the linked orders' read longer at every order), measured against the same bare inserts: the worst case, not a",
      "bureau's day.",
      "",
      "| | per second | p50 ms | p95 ms | p99 ms | errors |",
      "|---|---|---|---|---|---|",
      loadRow("placements through the API, customers of the base", orders.placements),
      loadRow("placements through the API, 32 regular customers", regulars.placements),
      loadRow("bare inserts of the same rows", orders.bareInserts),
      "",
      `Placements by the base's customers reach ${round(orders.ratio * 100)}% of the bare insert rate (ratio **${round(orders.ratio, 2)}**, target at least 0.5; p99 target under 100 ms); by the 32 regular customers ${round(regulars.ratio * 100)}% (ratio ${round(regulars.ratio, 2)}). Load average at the start of the run: ${orders.loadAverage}.`,
      "",
      "CPU per operation on the machine's two cores (PostgreSQL: every `postgres` process; load: this benchmark's client):",
      "",
      "| | product ms | PostgreSQL ms | load generator ms |",
      "|---|---|---|---|",
      cpuRow("a placement, customers of the base", orders),
      cpuRow("a placement, 32 regular customers", regulars),
      `| a bare insert | — | ${round(orders.databaseCpuMsPerBareInsert, 2)} | ${round(orders.loadCpuMsPerBareInsert, 2)} |`,
      "",
      "`BENCH_PROFILE_DIR=folder` writes the product's CPU profile there; `npm run bench:statements` times a placement's",
      "PostgreSQL statements one by one (after a warm-up by the 32 regular customers).",
    ].join("\n"),
  );
}

if (wanted("stock")) {
  ran.push("stock");
  console.log("Order placements with a stock reservation, beside placements without…");
  const st = await benchStockPlacements({ serverUrl });
  report.stock = st;
  headline.push(
    `Placements with a stock reservation: ${round(st.withStock.perSecond)}/s, p99 ${round(st.withStock.p99)} ms, ratio ${round(st.ratio, 2)} of placements without (${round(st.withoutStock.perSecond)}/s, p99 ${round(st.withoutStock.p99)} ms)`,
  );
  const line = (name: string, r: typeof st.withStock) =>
    `| ${name} | ${round(r.perSecond)} | ${round(r.p50)} | ${round(r.p95)} | ${round(r.p99)} | ${r.errors} |`;
  sections.push(
    [
      "## Order placements with a stock reservation",
      "",
      `Command: \`BENCH_ONLY=stock npm run bench\` — ${st.concurrency} concurrent customers, quote + order over HTTP to one product`,
      `process on PostgreSQL, as in the orders part; ${st.rounds} rounds of ${st.roundSeconds} s of each kind, taking turns. Without: Worthing,`,
      "which tracks no stock (placement as before issue 17). With: Brighton, which tracks EUR with notes for every",
      "order, so each placement reads the free notes and reserves four denominations (€280.80: 200 + 50 + 20 + 10)",
      "in its one write, on the same four rows as every concurrent placement (one branch, one currency: the",
      "hottest case). The run checks that Brighton reserved four notes per placement. Latencies: the worse round.",
      "",
      "| | per second | p50 ms | p95 ms | p99 ms | errors |",
      "|---|---|---|---|---|---|",
      line("placements without stock", st.withoutStock),
      line("placements reserving notes", st.withStock),
      "",
      `With the reservation, placements run at ${round(st.ratio * 100)}% of the rate without (ratio **${round(st.ratio, 2)}**). Load average at the start: ${st.loadAverage}.`,
    ].join("\n"),
  );
}

if (wanted("dashboard")) {
  ran.push("dashboard");
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

if (wanted("counter")) {
  ran.push("counter");
  const count = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  console.log(`Walk-in trades with ${count.toLocaleString("en-GB")} orders and trades stored (bulk load first)…`);
  const c = await benchCounter({ serverUrl, orders: count, samples: 200 });
  report.counter = c;
  headline.push(
    `Walk-in trade at ${c.orders.toLocaleString("en-GB")} orders and trades stored: p95 ${round(c.trade.p95)} ms (target 100 ms)`,
  );
  sections.push(
    [
      `## Walk-in trades at the counter with ${c.orders.toLocaleString("en-GB")} orders and trades in PostgreSQL`,
      "",
      `Command: \`BENCH_ONLY=counter npm run bench\` — orders loaded in bulk (${round(c.loadSeconds)} s), one in three`,
      `(${c.counterTrades.toLocaleString("en-GB")}) a walk-in trade with the identity key of its document; then one cashier`,
      "with an open till makes each trade in process (app.inject: session and branch checks, validation, the counter's",
      "quote, the placement's read, decisions and write, the handover, the till and stock movements), one after another,",
      "each customer showing the passport of a stored trade's customer (their linked trades are read through the key).",
      "",
      "| trades | p50 ms | p95 ms | max ms | completed | held for compliance |",
      "|---|---|---|---|---|---|",
      `| ${c.trade.samples} | ${round(c.trade.p50)} | **${round(c.trade.p95)}** | ${round(c.trade.max)} | ${c.completed} | ${c.held} |`,
      "",
      "Target: p95 under 100 ms, the online placement's own p99 target.",
    ].join("\n"),
  );
}

if (wanted("dayreport")) {
  ran.push("dayreport");
  console.log("The day's report of a branch with 10,000 till movements, on the embedded database and PostgreSQL…");
  const r = await benchDayReport({ serverUrl });
  report.dayReport = r;
  headline.push(
    `Day's report of a busy branch (10,000 till movements): p95 ${r.runs.map((run) => `${round(run.p95)} ms on ${run.database}`).join(", ")} (target 200 ms)`,
  );
  sections.push(
    [
      "## Day's report of a busy branch (10,000 till movements)",
      "",
      `Command: \`BENCH_ONLY=dayreport npm run bench\` — Worthing's day loaded with plain SQL: ${r.tills} tills (half counted and`,
      `closed), ${r.orders.toLocaleString("en-GB")} completed orders with lines, notes and handovers moving them twice each, 20 of them`,
      "reversed through the till: 10,000 till movements. Then GET /api/admin/reports/day?branch=worthing&date=<that day> over",
      `real HTTP (the product listening on a port, fetch with an admin's session), ${r.samples} requests one at a time after 5 uncounted.`,
      "",
      "| database | load | p50 ms | p95 ms | max ms |",
      "|---|---|---|---|---|",
      ...r.runs.map(
        (run) =>
          `| ${run.database} | ${round(run.loadSeconds)} s | ${round(run.p50)} | **${round(run.p95)}** | ${round(run.max)} |`,
      ),
      "",
      "Target: p95 under 200 ms.",
    ].join("\n"),
  );
}

if (wanted("export")) {
  ran.push("export");
  const count = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  console.log(`CSV export of ${count.toLocaleString("en-GB")} orders from the product in its own process…`);
  const e = await benchExport({ serverUrl, orders: count });
  report.export = e;
  const d = e.defaults;
  headline.push(
    `CSV export of ${d.records.toLocaleString("en-GB")} orders: ${round(d.seconds)} s, the server's peak memory ${round(d.peakAboveIdleMb)} MB above idle (targets under 60 s and 150 MB)${e.capped ? `; ${round(e.capped.peakAboveIdleMb)} MB with the old generation capped at ${EXPORT_BENCH_OLD_SPACE_MB} MB` : ""}`,
  );
  const row = (name: string, r: ExportRun) =>
    `| ${name} | ${r.records.toLocaleString("en-GB")} | ${round(r.megabytes)} MB | ${round(r.seconds)} s | ${round(r.firstByteMs, 0)} ms | ${round(r.idleRssMb)} MB | ${round(r.peakRssMb)} MB | **${round(r.peakAboveIdleMb)} MB** | ${r.loadAverage} |`;
  sections.push(
    [
      `## CSV export of ${d.records.toLocaleString("en-GB")} orders from PostgreSQL`,
      "",
      `Command: \`BENCH_ONLY=export npm run bench\` — ${e.orders.toLocaleString("en-GB")} orders loaded in bulk (${round(e.loadSeconds)} s, as in the`,
      "dashboard part), then the product started in its own process (`node apps/server/src/main.ts`, NODE_ENV=production,",
      "on the same database) and a signed-in, staff-verified admin downloads GET /api/admin/orders.csv with no filter",
      "(every order, one record per line) over HTTP, reading as fast as it can. Memory is the product process's",
      "resident set (VmRSS from /proc every 20 ms, so the whole process: heap, buffers, code); idle is its",
      "largest reading over 2 s after a small export warmed the route up, peak the largest during the export.",
      `Run twice: with Node's defaults (as \`npm start\` runs it), then with NODE_OPTIONS=--max-old-space-size=${EXPORT_BENCH_OLD_SPACE_MB}:`,
      "an export that held the file or its rows would run out of heap there; one that only leaves garbage for",
      "V8 to collect when it needs the room finishes with less memory.",
      "",
      "| product | records | size | time | first byte | idle RSS | peak RSS | peak above idle | load average |",
      "|---|---|---|---|---|---|---|---|---|",
      row("Node defaults", d),
      e.capped
        ? row(`old generation capped at ${EXPORT_BENCH_OLD_SPACE_MB} MB`, e.capped)
        : `| old generation capped at ${EXPORT_BENCH_OLD_SPACE_MB} MB | failed: ${e.cappedError ?? "?"} |`,
      "",
      "Targets: under 60 s and under 150 MB above idle.",
    ].join("\n"),
  );
}

if (wanted("history")) {
  ran.push("history");
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

if (wanted("alerts")) {
  ran.push("alerts");
  const count = Number(process.env.BENCH_ALERTS ?? 100_000);
  console.log(`Rate alert fan-out: ${count.toLocaleString("en-GB")} alerts reached by one rate change…`);
  const a = await benchRateAlerts({ serverUrl, matching: count });
  report.rateAlerts = a;
  headline.push(
    `Rate alert fan-out: ${a.queued.toLocaleString("en-GB")} alert e-mails queued ${round(a.queuedMs, 0)} ms after one rate change (the change itself ${round(a.rateChangeMs, 0)} ms; a bare insert of as many outbox rows ${round(a.bareInsertMs, 0)} ms; load average ${a.loadAverage})`,
  );
  sections.push(
    [
      "## Rate alert fan-out in PostgreSQL",
      "",
      `Command: \`BENCH_ONLY=alerts npm run bench\` — ${a.matching.toLocaleString("en-GB")} active EUR alerts a rate change reaches, ${a.notMatchingSameCurrency.toLocaleString("en-GB")}`,
      `active EUR alerts it does not reach and ${a.otherCurrencies.toLocaleString("en-GB")} active USD alerts (loaded in ${round(a.loadSeconds)} s); the product's job runner`,
      "with the rate-alerts job listening as on a server; then one EUR rate change as the live refresh makes it",
      "(currencies row and rate history in one transaction, which notifies on commit). Timed from the start of",
      "the change until the outbox's wake-up arrives, which the statement that marks the alerts and queues",
      "their e-mails sends (delivered on its commit); the baseline is a bare INSERT ... SELECT of as many outbox rows.",
      "",
      "| | ms |",
      "|---|---|",
      `| the rate change's own transaction | ${round(a.rateChangeMs)} |`,
      `| rate change until ${a.queued.toLocaleString("en-GB")} e-mails are queued in the outbox | ${round(a.queuedMs)} |`,
      `| baseline: bare insert of ${a.matching.toLocaleString("en-GB")} outbox rows | ${round(a.bareInsertMs)} |`,
      "",
      `The rate change does not wait for the alerts: it only notifies; the job marks and queues them after the commit in one statement per currency. Measured ${report.date} at load average ${a.loadAverage} (end of the run).`,
    ].join("\n"),
  );
}

if (wanted("sanctions")) {
  ran.push("sanctions");
  console.log("Sanctions screening: 10,000 names against 5,000 designations…");
  const s = await benchSanctions();
  report.sanctions = s;
  headline.push(
    `Sanctions screening: 10,000 names against ${s.entries.toLocaleString("en-GB")} designations in ${round(s.screenMs, 0)} ms (target under 2 s; scoring every list name: ${round(s.bruteForceMs / 1000, 1)} s)`,
  );
  sections.push(
    [
      "## Sanctions screening",
      "",
      `Command: \`BENCH_ONLY=sanctions npm run bench\` — a UK Sanctions List CSV of ${s.entries.toLocaleString("en-GB")} designations (${s.listNames.toLocaleString("en-GB")} names with aliases)`,
      `in the published layout, made-up names from a seeded generator; ${s.customers.toLocaleString("en-GB")} customer names, of which ${s.planted} are list names written`,
      "otherwise (reordered, accented, one letter changed); the product's parser, index and scorer (packages/domain",
      `sanctions-screening.ts, uk-sanctions-list.ts) in one process, threshold ${s.threshold}.`,
      "",
      "| step | ms |",
      "|---|---|",
      `| parse the CSV | ${round(s.parseMs)} |`,
      `| build the index (once per list version) | ${round(s.indexMs)} |`,
      `| screen ${s.customers.toLocaleString("en-GB")} names | ${round(s.screenMs)} |`,
      `| baseline: score every list name for each name (200 measured, scaled) | ${round(s.bruteForceMs)} |`,
      "",
      `Matches: ${s.matches} (${s.planted} planted). Load average at the end: ${s.loadAverage}. Per placement the screening is ${round(s.screenMs / s.customers, 3)} ms of CPU.`,
    ].join("\n"),
  );
}

if (wanted("lighthouse")) {
  ran.push("lighthouse");
  console.log("Lighthouse (mobile)…");
  const l = await benchLighthouse();
  report.lighthouse = l;
  const home = l.pages.find((p) => p.path === "/");
  headline.push(
    `${l.pagesWithoutOpenerPolicy ? "EXPERIMENT without the opener policy: " : ""}Lighthouse mobile: ${l.pages.map((p) => `${p.path} ${p.scores.performance}/${p.scores.accessibility}`).join(", ")} (performance/accessibility); home JS ${round((home?.jsGzipBytes ?? 0) / 1000)} KB gzipped`,
  );
  sections.push(
    [
      "## Lighthouse (mobile)",
      "",
      ...(l.pagesWithoutOpenerPolicy ? [WITHOUT_OPENER_POLICY_WARNING, ""] : []),
      `Command: \`npm run bench:lighthouse\` (or \`BENCH_ONLY=lighthouse npm run bench\`) — median of ${l.runsPerPage} runs per page, Lighthouse ${l.lighthouseVersion}, Debian Chromium, ${l.front === "nginx-https-http2" ? "through nginx over HTTPS and HTTP/2 as deployed (docs/deploy.md)" : "directly from the product over HTTP/1.1 (nginx missing)"}.`,
      "",
      "| page | performance | accessibility | best practices | SEO | FCP (ms) | LCP (ms) | median TBT (ms) | JS gzipped (KB) | JS files |",
      "|---|---|---|---|---|---|---|---|---|---|",
      ...l.pages.map(
        (p) =>
          `| ${p.path} | ${p.scores.performance} | ${p.scores.accessibility} | ${p.scores["best-practices"]} | ${p.scores.seo} | ${p.metrics.fcpMs} | ${p.metrics.lcpMs} | ${p.medianTbtMs} | ${round(p.jsGzipBytes / 1000)} | ${p.jsFiles} |`,
      ),
      "",
      l.problems.length
        ? `Below target: ${l.problems.join("; ")}`
        : "Every page meets its targets: performance, accessibility, best practices and SEO 100.",
      `Home page JavaScript: ${round((home?.jsGzipBytes ?? 0) / 1000)} KB gzipped against a budget of ${round(l.thresholds.homeJsGzipBytes / 1000)} KB: ${(home?.jsGzipBytes ?? 0) <= l.thresholds.homeJsGzipBytes ? "within" : "over"}.`,
      "",
      machineFloorLine(l.machineFloor),
      openerPolicyFloorLine(l.machineFloorWithoutOpenerPolicy),
      cpuIndexLine(l),
    ].join("\n"),
  );
}

if (wanted("startup")) {
  ran.push("startup");
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
// A run of some parts replaces their lines and sections and keeps the others (report-merge.ts).
const reportPath = path.join(here, "report.md");
const markdown = mergeReport({
  previous: existsSync(reportPath) ? readFileSync(reportPath, "utf8") : "",
  intro: `Run on ${report.date} with Node ${report.node} on this project's machine (2 cores). Repeat with \`npm run bench\`.`,
  partial: only.size > 0,
  parts: ran.map((name, index) => ({
    headlinePrefix: PREFIXES[name]!.headline,
    headingPrefix: PREFIXES[name]!.heading,
    headline: headline[index]!,
    section: sections[index]!,
  })),
});
writeFileSync(reportPath, markdown);
// Every run is also kept, dated, in bench/results/<day>.md; report.md holds only the latest figures.
const day = String(report.date).slice(0, 10);
const dayPath = path.join(here, `results/${day}.md`);
const dayHeader = existsSync(dayPath) ? "" : `# Benchmark runs of ${day}\n\n`;
appendFileSync(
  dayPath,
  `${dayHeader}## Run at ${report.date} (${ran.join(", ")}), Node ${report.node}\n\n${headline.map((line) => `- ${line}`).join("\n")}\n\n${sections.map((section) => section.replace(/^## /gm, "### ")).join("\n\n")}\n\n`,
);
console.log(markdown);
