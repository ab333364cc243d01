// `npm run bench:main-thread`: the browser's main-thread work on the pages Lighthouse audits, as it really runs
// (a Chromium trace of each load under a 4× CPU slowdown), without Lighthouse's simulation. Lighthouse's score
// replays a single load's tasks on a simulated phone, where one task that falls across the simulated first paint
// can decide the run; this counts the work itself, over many loads, so that a change's effect on the work shows
// through a noisy machine's spread. Nothing is gated: it is the measuring tool behind the figures in
// bench/results/ (Lighthouse's own gate is `npm run bench:lighthouse`).
//
// For each page, MAIN_THREAD_RUNS loads (default 9), each in a fresh browser context with a 412×823 phone
// viewport: the page's renderer main thread from the navigation to 2 s after the load event. Per load:
// - busy: the main thread's tasks, added up, and their self time by kind of work (script, style and layout,
//   HTML parse, paint, other: the browser's own work such as creating the page's context);
// - after first paint: the tasks that start after the first contentful paint, their blocking time (each task's
//   time over 50 ms, as Lighthouse counts it, but on the real trace) and the longest of them.
// Reported as the median and the range of the loads, beside the machine's floor: bench/machine-floor.html (text
// only, no script, no stylesheet; the Lighthouse bench's reference page), served by a bare node:http server with
// the product's policy headers (servers.ts productPolicyHeaders) and
// loaded as often as a page, alternating with the pages' loads. Environment: MAIN_THREAD_RUNS, MAIN_THREAD_PAGES
// (comma-separated paths), WEB_BUILD_DIR (the web build to serve, as for the server), MAIN_THREAD_BASELINE_BUILD
// (a second build to compare with, load for load), CHROMIUM_PATH.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright";
import { chromiumFlags, chromiumPath } from "../e2e/support/chromium.ts";
import { buildWebIfNeeded } from "../scripts/lib.mjs";
import { placeOrderForItsPage } from "./lighthouse.ts";
import { productPolicyHeaders, startProduct } from "./servers.ts";
import { median } from "./statistics.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Math.max(1, Number(process.env.MAIN_THREAD_RUNS ?? 9));
/** Lighthouse's mobile CPU slowdown, applied for real here (DevTools throttling of the renderer). */
const CPU_SLOWDOWN = 4;
const PAGES = [
  "/",
  "/exchangeRates",
  "/purchase/EUR/Order",
  "/contact",
  "/branches",
  "/exchangeRates/EUR",
  "/track/{token}",
];
const KINDS = ["script", "styleLayout", "parseHTML", "paint", "other"] as const;
type Kind = (typeof KINDS)[number];

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
};
type Load = {
  busyMs: number;
  byKind: Record<Kind, number>;
  blockingMs: number;
  longestAfterPaintMs: number;
  fcpMs: number;
};

const KIND_OF: Record<string, Kind> = {
  EvaluateScript: "script",
  "v8.evaluateModule": "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  FunctionCall: "script",
  TimerFire: "script",
  EventDispatch: "script",
  RunMicrotasks: "script",
  FireAnimationFrame: "script",
  FireIdleCallback: "script",
  "V8.GCScavenger": "script",
  MinorGC: "script",
  MajorGC: "script",
  UpdateLayoutTree: "styleLayout",
  Layout: "styleLayout",
  RecalculateStyles: "styleLayout",
  ParseHTML: "parseHTML",
  ParseAuthorStyleSheet: "parseHTML",
  Paint: "paint",
  PrePaint: "paint",
  Layerize: "paint",
  Commit: "paint",
  CompositeLayers: "paint",
};

/** Self time by kind: each event's time minus its children's, given to the kind of the nearest named event. */
function selfTimeByKind(events: TraceEvent[]): Record<Kind, number> {
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const sorted = events.filter((e) => e.ph === "X" && e.dur).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: { end: number; kind: Kind; child: number; dur: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1) as { end: number }).end <= until) {
      const done = stack.pop() as { kind: Kind; child: number; dur: number };
      byKind[done.kind] += Math.max(0, done.dur - done.child) / 1000;
    }
  };
  for (const event of sorted) {
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) parent.child += event.dur ?? 0;
    const kind = KIND_OF[event.name] ?? (event.name === "RunTask" || !parent ? "other" : parent.kind);
    stack.push({ end: event.ts + (event.dur ?? 0), kind, child: 0, dur: event.dur ?? 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return byKind;
}

function analyse(events: TraceEvent[]): Load {
  const navigation = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith("http"),
  );
  if (!navigation) throw new Error("no navigation in the trace");
  const onMainThread = (e: TraceEvent) => e.pid === navigation.pid && e.tid === navigation.tid;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === navigation.pid);
  const load = events.find((e) => e.name === "MarkLoad" && e.pid === navigation.pid);
  if (!fcp || !load) throw new Error("no first paint or load event in the trace");
  const end = load.ts + 2_000_000;
  const window = events.filter((e) => onMainThread(e) && e.ts >= navigation.ts && e.ts <= end);
  const tasks = window.filter((e) => e.ph === "X" && e.name === "RunTask");
  const afterPaint = tasks.filter((e) => e.ts >= fcp.ts);
  return {
    busyMs: tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
    byKind: selfTimeByKind(window),
    blockingMs: afterPaint.reduce((sum, e) => sum + Math.max(0, (e.dur ?? 0) / 1000 - 50), 0),
    longestAfterPaintMs: Math.max(0, ...afterPaint.map((e) => (e.dur ?? 0) / 1000)),
    fcpMs: (fcp.ts - navigation.ts) / 1000,
  };
}

/**
 * One load of the page in a fresh context, traced; a trace without its navigation is taken again (seen now and
 * then, and more often for a page whose opener policy moves it to a new renderer process as it loads).
 */
async function traceLoad(browser: Browser, url: string, attempts = 6): Promise<Load> {
  for (let attempt = 1; ; attempt++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    try {
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      const events: TraceEvent[] = [];
      // The protocol types a trace event as a map of strings; its real shape is TraceEvent's.
      cdp.on("Tracing.dataCollected", (chunk) => {
        for (const event of chunk.value) events.push(event as unknown as TraceEvent);
      });
      const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.start", {
        categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading,v8",
        transferMode: "ReportEvents",
      });
      await tab.goto(url, { waitUntil: "load" });
      await tab.waitForTimeout(2_500);
      await cdp.send("Tracing.end");
      await complete;
      return analyse(events);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`${url}: load ${attempt} not measured (${(error as Error).message}), loading again`);
    } finally {
      await context.close();
    }
  }
}

const range = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;

type Side = { name: string; url: string; stop: () => Promise<void> };

/** The floor page from a bare HTTP server on a free port: what a page that does next to nothing costs here. */
async function serveMachineFloor(headers: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const html = readFileSync(path.join(root, "bench/machine-floor.html"));
  const server = createServer((_request, response) => {
    response.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8", "content-length": html.length });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/machine-floor.html`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function summary(loads: Load[]): string {
  const m = (pick: (load: Load) => number) => `${Math.round(median(loads.map(pick)))} (${range(loads.map(pick))})`;
  return (
    `busy ${m((l) => l.busyMs)}  blocking after paint ${m((l) => l.blockingMs)}  longest ${m((l) => l.longestAfterPaintMs)}  ` +
    KINDS.map((kind) => `${kind} ${Math.round(median(loads.map((l) => l.byKind[kind])))}`).join(", ")
  );
}

/**
 * Measures the current build; with MAIN_THREAD_BASELINE_BUILD (a web build folder under apps/web, e.g. one built
 * from an earlier commit with WEB_BUILD_DIR=build-before) it serves that build from a second product as well and
 * alternates the loads between the two (baseline first in odd runs, current first in even ones), so that a busy
 * moment of the machine falls on both alike.
 */
export async function benchMainThread() {
  const only = process.env.MAIN_THREAD_PAGES?.split(",").map((p) => p.trim());
  const pages = PAGES.filter((page) => !only || only.includes(page));
  if ((await buildWebIfNeeded()) !== 0) throw new Error("Building the web app failed");
  const start = async (name: string, env: Record<string, string>): Promise<Side> => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bureau-main-thread-"));
    const product = await startProduct({ LOG_LEVEL: "warn", ...env }, { dataDir });
    return { name, url: product.url, stop: () => product.stop() };
  };
  const baselineBuild = process.env.MAIN_THREAD_BASELINE_BUILD;
  const sides = [await start("current", {})];
  if (baselineBuild) sides.unshift(await start(`baseline (${baselineBuild})`, { WEB_BUILD_DIR: baselineBuild }));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const results: { path: string; sides: { name: string; loads: Load[] }[] }[] = [];
  const floor = await serveMachineFloor(await productPolicyHeaders((sides.at(-1) as Side).url));
  const floorLoads: Load[] = [];
  try {
    for (const page of pages) {
      const urls = await Promise.all(
        sides.map(async (side) => side.url + (page === "/track/{token}" ? await placeOrderForItsPage(side.url) : page)),
      );
      const loads: Load[][] = sides.map(() => []);
      for (let run = 0; run < RUNS; run++) {
        const order = run % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => i).reverse();
        for (const i of order) (loads[i] as Load[]).push(await traceLoad(browser, urls[i] as string));
        // One floor load per run of a page, so that the floor meets the machine's moments as the pages do.
        if (floorLoads.length < RUNS * (results.length + 1)) floorLoads.push(await traceLoad(browser, floor.url));
      }
      results.push({ path: page, sides: sides.map((side, i) => ({ name: side.name, loads: loads[i] as Load[] })) });
      sides.forEach((side, i) => {
        const label = sides.length > 1 ? `${page} ${side.name}` : page;
        console.log(`${label.padEnd(sides.length > 1 ? 40 : 22)} ${summary(loads[i] as Load[])}`);
      });
    }
    console.log(`${"machine floor".padEnd(sides.length > 1 ? 40 : 22)} ${summary(floorLoads)}`);
  } finally {
    await browser.close();
    await floor.stop();
    for (const side of sides) await side.stop();
  }
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(
    path.join(root, "bench/results/main-thread.json"),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        runsPerPage: RUNS,
        cpuSlowdown: CPU_SLOWDOWN,
        pages: results,
        machineFloor: { path: "bench/machine-floor.html", loads: floorLoads },
      },
      null,
      2,
    ),
  );
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(
    `Main thread per page: median (range) of ${RUNS} loads, ms, Chromium with a ${CPU_SLOWDOWN}× CPU slowdown`,
  );
  await benchMainThread();
  console.log("\nWritten to bench/results/main-thread.json");
}
