// `npm run bench`: measures the product and writes bench/report.md and bench/results/report.json.
// Each figure is measured beside its baseline in the same run. PostgreSQL: BENCH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test; a scratch database is created and dropped).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchOrders } from "./orders.ts";
import { DEFAULT_BENCH_DATABASE_URL, round } from "./support.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
const wanted = (name: string) => only.size === 0 || only.has(name);

const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
const sections: string[] = [];

if (wanted("orders")) {
  console.log("Benchmarking quote + order placements on PostgreSQL…");
  const orders = await benchOrders({ serverUrl });
  report.orders = orders;
  sections.push(
    [
      "## Quote + order placements on PostgreSQL",
      "",
      `Command: \`BENCH_ONLY=orders npm run bench\` — ${orders.concurrency} concurrent customers for ${orders.durationSeconds} s,`,
      "each placement = POST /api/quotes then POST /api/orders over HTTP; the baseline inserts the same rows",
      "(quote, order, line, outbox message) through the same driver (node-postgres) in the same run.",
      "",
      "| | per second | p50 ms | p95 ms | p99 ms | errors |",
      "|---|---|---|---|---|---|",
      `| placements through the API | ${round(orders.placements.perSecond)} | ${round(orders.placements.p50)} | ${round(orders.placements.p95)} | ${round(orders.placements.p99)} | ${orders.placements.errors} |`,
      `| bare inserts of the same rows | ${round(orders.bareInserts.perSecond)} | ${round(orders.bareInserts.p50)} | ${round(orders.bareInserts.p95)} | ${round(orders.bareInserts.p99)} | ${orders.bareInserts.errors} |`,
      "",
      `Placements reach ${round(orders.ratio * 100)}% of the bare insert rate.`,
    ].join("\n"),
  );
}

mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results/report.json"), `${JSON.stringify(report, null, 2)}\n`);
const markdown = [
  "# Benchmark report",
  "",
  `Run on ${report.date} with Node ${report.node}. Repeat with \`npm run bench\`.`,
  "",
  ...sections,
  "",
].join("\n\n");
writeFileSync(path.join(here, "report.md"), markdown);
console.log(markdown);
