import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import {
  type Context,
  createReport,
  loadAddress,
  type PartResult,
  percentile,
  phoneFor,
  round,
  sample,
  send,
  sleep,
  entryUrl,
} from "./lib.ts";

/**
 * Load: `connections` concurrent connections for `seconds` of mixed public traffic and order
 * placements through autocannon, against the product running as its own process on PostgreSQL.
 *
 * Each connection plays visitors one after another; every visit comes from an address of its own
 * (X-Forwarded-For), as real customers do, so the per-address rate limits stay out of the way:
 *   GET /  →  GET /api/currencies  →  GET /api/branches  →  GET /exchangeRates or /api/compare-rates
 *   →  POST /api/quotes (browsing the widget)  →  half the visits: POST /api/quotes + POST /api/orders
 *   (a full placement with that quote); the other half: GET /api/session + GET /api/currencies.
 * Every answer is checked against what that request must get (pages 200, quotes and orders 201);
 * anything else, a connection error or a timeout fails the part. Afterwards every acknowledged order
 * must exist exactly once in the database, and no other order from the load may exist.
 */

type Kind = "home" | "rates-page" | "currencies" | "branches" | "compare" | "quote" | "order" | "session";

const EXPECTED: Record<Kind, number> = {
  home: 200,
  "rates-page": 200,
  currencies: 200,
  branches: 200,
  compare: 200,
  quote: 201,
  order: 201,
  session: 200,
};

type VisitContext = {
  ip?: string;
  placing?: boolean;
  quote?: { id: string; rate: string; gbpMinor: number; foreignMinor: number; way: string };
  key?: string;
  kind?: Kind;
  t0?: number;
};

/** The request autocannon hands each slot to fill in. */
type RawRequest = autocannon.Request;

const BRANCHES = ["worthing", "brighton", "chichester", "172"];
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

export async function runLoad(
  ctx: Context,
  { connections, seconds, viaFront }: { connections: number; seconds: number; viaFront: boolean },
): Promise<PartResult> {
  const report = createReport("load");
  const throughNginx = viaFront && Boolean(ctx.front);
  const base = throughNginx ? entryUrl(ctx) : ctx.product.url;
  const list = (await send(base, { path: "/api/currencies" })).json<{ currencies: { code: string }[] }>();
  const codes = list.currencies.slice(0, 25).map((c) => c.code);

  let visits = 0;
  const counts = new Map<string, number>();
  const latencies = new Map<Kind, number[]>();
  const unexpected: string[] = [];
  let unexpectedCount = 0;
  const acknowledged = new Map<string, string>();
  const sentKeys = new Set<string>();

  const pageHeaders = (context: VisitContext) => ({
    accept: "text/html,application/xhtml+xml",
    "accept-encoding": "gzip, deflate, br",
    "user-agent": "Mozilla/5.0 (reliability suite)",
    "x-forwarded-for": context.ip ?? "11.255.255.255",
  });
  const apiHeaders = (context: VisitContext) => ({
    accept: "application/json",
    "content-type": "application/json",
    "x-forwarded-for": context.ip ?? "11.255.255.255",
  });
  const slot = (choose: (request: RawRequest, context: VisitContext) => Kind) => ({
    method: "GET" as const,
    path: "/",
    // autocannon keeps one context object per connection and types it as `object`: this load's own shape.
    setupRequest(request: RawRequest, state: object) {
      const context = state as VisitContext;
      const kind = choose(request, context);
      context.kind = kind;
      context.t0 = performance.now();
      return request;
    },
    onResponse(status: number, body: string, state: object) {
      const context = state as VisitContext;
      const kind = context.kind as Kind;
      const ms = performance.now() - (context.t0 ?? performance.now());
      const bucket = latencies.get(kind) ?? [];
      if (bucket.length === 0) latencies.set(kind, bucket);
      bucket.push(ms);
      const label = `${kind} ${status}`;
      counts.set(label, (counts.get(label) ?? 0) + 1);
      if (status !== EXPECTED[kind]) {
        unexpectedCount++;
        if (unexpected.length < 20) {
          const text = kind === "home" || kind === "rates-page" ? "" : ` ${body.slice(0, 200)}`;
          unexpected.push(`${kind}: answered ${status} (expected ${EXPECTED[kind]})${text}`);
        }
        if (kind === "quote") context.quote = undefined;
        return;
      }
      if (kind === "quote" && context.placing && !context.quote) {
        try {
          context.quote = JSON.parse(body);
        } catch {
          unexpectedCount++;
          unexpected.push(`quote: 201 with a body that is not JSON: ${body.slice(0, 100)}`);
        }
      }
      if (kind === "order" && context.key) {
        try {
          acknowledged.set(context.key, (JSON.parse(body) as { orderNumber: string }).orderNumber);
        } catch {
          unexpectedCount++;
          unexpected.push(`order: 201 with a body that is not JSON: ${body.slice(0, 100)}`);
        }
      }
    },
  });
  const get = (request: RawRequest, path: string, headers: Record<string, string>) => {
    request.method = "GET";
    request.path = path;
    request.headers = headers;
    delete request.body;
  };
  const post = (request: RawRequest, path: string, headers: Record<string, string>, body: unknown) => {
    request.method = "POST";
    request.path = path;
    request.headers = headers;
    request.body = JSON.stringify(body);
  };
  const quoteBody = (way: string) => ({
    currency: pick(codes),
    way,
    // Within the Click & Collect limits (at least £100 a line).
    gbpMinor: 10_000 + Math.floor(Math.random() * 190_000),
  });

  const requests = [
    slot((request, context) => {
      visits++;
      context.ip = loadAddress(visits);
      context.placing = Math.random() < 0.5;
      get(request, "/", pageHeaders(context));
      return "home";
    }),
    slot((request, context) => {
      get(request, "/api/currencies", apiHeaders(context));
      return "currencies";
    }),
    slot((request, context) => {
      get(request, "/api/branches", apiHeaders(context));
      return "branches";
    }),
    slot((request, context) => {
      if (Math.random() < 0.5) {
        get(request, "/exchangeRates", pageHeaders(context));
        return "rates-page";
      }
      get(request, "/api/compare-rates", apiHeaders(context));
      return "compare";
    }),
    slot((request, context) => {
      post(request, "/api/quotes", apiHeaders(context), quoteBody(pick(["Order", "Sell"])));
      return "quote";
    }),
    slot((request, context) => {
      if (context.placing) {
        post(request, "/api/quotes", apiHeaders(context), quoteBody(pick(["Order", "Sell"])));
        return "quote";
      }
      get(request, "/api/session", apiHeaders(context));
      return "session";
    }),
    slot((request, context) => {
      if (context.placing && context.quote) {
        context.key = randomUUID();
        sentKeys.add(context.key);
        const q = context.quote;
        const email = `load-${context.key.slice(0, 8)}@reliability.test`;
        post(request, "/api/orders", apiHeaders(context), {
          idempotencyKey: context.key,
          way: q.way,
          branch: pick(BRANCHES),
          lines: [{ quoteId: q.id, rate: q.rate, gbpMinor: q.gbpMinor, foreignMinor: q.foreignMinor }],
          customer: {
            firstName: "Load",
            lastName: "Customer",
            email,
            confirmEmail: email,
            phone: phoneFor(email),
            acceptedTerms: true,
          },
        });
        return "order";
      }
      get(request, "/api/currencies", apiHeaders(context));
      return "currencies";
    }),
  ];

  const result = (await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests,
  })) as AutocannonResult;

  // Let requests still being processed when autocannon stopped finish before counting.
  await sleep(1_000);

  const totalRequests = [...counts.values()].reduce((a, b) => a + b, 0);
  const fiveHundreds = [...counts].filter(([label]) => Number(label.split(" ")[1]) >= 500);
  report.check(
    fiveHundreds.length === 0,
    `5xx answers under load: ${fiveHundreds.map(([label, n]) => `${label} ×${n}`).join(", ")}`,
  );
  report.check(
    unexpectedCount === 0,
    `${unexpectedCount} answers were not what the request must get: ${sample(unexpected)}`,
  );
  report.check(result.errors === 0, `${result.errors} connection errors (of which ${result.timeouts} timeouts > 10 s)`);
  report.check(totalRequests > 0, "no request was answered at all");

  const keys = [...acknowledged.keys()];
  const stored = await ctx.pool.query<{ idempotency_key: string; order_number: string; n: number }>(
    `select idempotency_key, min(order_number) as order_number, count(*)::int as n from orders
     where idempotency_key = any($1) group by idempotency_key`,
    [keys],
  );
  const byKey = new Map(stored.rows.map((row) => [row.idempotency_key, row]));
  const missing = keys.filter((key) => !byKey.has(key));
  const doubled = stored.rows.filter((row) => row.n !== 1);
  const renumbered = stored.rows.filter((row) => acknowledged.get(row.idempotency_key) !== row.order_number);
  report.check(
    missing.length === 0,
    `${missing.length} acknowledged orders are not in the database: ${sample(missing)}`,
  );
  report.check(doubled.length === 0, `${doubled.length} idempotency keys have more than one order`);
  report.check(renumbered.length === 0, `${renumbered.length} stored orders carry another number than acknowledged`);
  // Orders whose answer was not awaited because the run stopped (autocannon does not wait for
  // requests in flight at the end) may be stored; any other unacknowledged order may not.
  const unacknowledged = await ctx.pool.query<{ key: string }>(
    "select idempotency_key as key from orders where email like 'load-%@reliability.test' and not (idempotency_key = any($1))",
    [keys],
  );
  const inFlightAtStop = unacknowledged.rows.filter((row) => sentKeys.has(row.key)).length;
  const unknown = unacknowledged.rows.filter((row) => !sentKeys.has(row.key));
  report.check(unknown.length === 0, `${unknown.length} orders were stored under idempotency keys the load never sent`);
  report.check(
    inFlightAtStop <= connections,
    `${inFlightAtStop} orders were stored without an answer to the client (more than the ${connections} requests that can be in flight at the stop)`,
  );

  ctx.loadOrders = acknowledged.size;
  const perKind: Record<string, { requests: number; p50: number; p99: number; max: number }> = {};
  for (const [kind, values] of latencies) {
    values.sort((a, b) => a - b);
    perKind[kind] = {
      requests: values.length,
      p50: round(percentile(values, 50)),
      p99: round(percentile(values, 99)),
      max: round(values[values.length - 1] ?? 0),
    };
  }
  Object.assign(report.metrics, {
    connections,
    seconds,
    requests: totalRequests,
    perSecond: round(totalRequests / seconds),
    visits,
    placements: acknowledged.size,
    ordersInFlightAtStop: inFlightAtStop,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    perKind,
    statuses: Object.fromEntries([...counts].sort()),
    errors: result.errors,
    timeouts: result.timeouts,
  });
  report.note(
    `${totalRequests} requests in ${seconds} s (${round(totalRequests / seconds)}/s) from ${connections} connections, ` +
      `${visits} visits, ${acknowledged.size} orders placed; latency p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      (throughNginx ? "through nginx over three instances" : "to the product directly"),
  );
  report.note(
    `p99 by request: ${Object.entries(perKind)
      .map(([kind, m]) => `${kind} ${m.p99} ms`)
      .join(", ")}`,
  );
  return report.result();
}

type AutocannonResult = {
  errors: number;
  timeouts: number;
  latency: { p50: number; p90: number; p99: number; max: number };
};
