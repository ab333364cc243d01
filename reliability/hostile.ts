import { randomUUID } from "node:crypto";
import {
  type Context,
  createQuote,
  createReport,
  diffCounts,
  fingerprint,
  LEAK_MARKERS,
  nextAddress,
  type PartResult,
  pool,
  type Reply,
  round,
  send,
  tableCounts,
} from "./lib.ts";
import { generateApiCases } from "./hostile/api-cases.ts";
import { type Case, parseOperations } from "./hostile/openapi.ts";
import { generatePageCases } from "./hostile/page-cases.ts";
import { rawCases, sendRaw } from "./hostile/raw-http.ts";
import { rng } from "./hostile/values.ts";

/**
 * Hostile input generated from the OpenAPI document (GET /api/openapi.json): for every operation,
 * requests that are invalid by that document (wrong types, missing and unknown fields, values out of
 * range or off pattern, huge and deeply nested bodies, bad JSON, wrong content types, odd Unicode and
 * injection strings in every place they can go), sent anonymously and, for /api/admin operations,
 * with a staff session too. Plus the pages (GET/HEAD/POST of `/` and `/{*}` in the document) with
 * hostile paths, queries and form posts, and a few malformed HTTP requests on a raw socket.
 *
 * Every body is checked against the document's schema before it is sent: a body the document
 * would accept is dropped, so that nothing sent may legitimately store anything. Two families are
 * invalid for a reason the document cannot express and are kept on purpose: U+0000 in a free-text
 * field (PostgreSQL cannot store it; it must be refused with a 4xx, not stored or answered 5xx) and
 * a `__proto__` key (refused by the JSON parser).
 *
 * Checks: no 5xx, no connection dropped on a normal-sized request, no state-changing request
 * answered 2xx/3xx, anonymous /api/admin requests never get past the staff check, API errors in the
 * one error shape, no internals (stack, SQL) in any answer, no answer slower than 5 s, the process
 * still the same and healthy afterwards, and the row count of every table unchanged.
 */

const WARN_SHAPE = "API error not in the API's error shape";

// ---------------------------------------------------------------------------------------------

export async function runHostile(ctx: Context, options: { minimum: number; seed: number }): Promise<PartResult> {
  const report = createReport("hostile");
  const base = ctx.product.url;
  const pid = ctx.product.process.pid;
  const random = rng(options.seed);
  report.note(`seed ${options.seed} (replay with RELIABILITY_SEED=${options.seed})`);

  const doc = (await send(base, { path: "/api/openapi.json", cookie: ctx.staffCookie })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  const ops = parseOperations(doc);
  const [order] = (await ctx.pool.query<{ id: string }>("select id from orders order by created_at limit 1")).rows;
  const realOrderId = order?.id ?? randomUUID();
  const realQuote = await createQuote(base, { gbpMinor: 15_000 });
  const context = { staffCookie: ctx.staffCookie, realOrderId, realQuote };

  const cases: Case[] = [];
  for (const op of ops) {
    if (op.page) {
      cases.push(...generatePageCases(op, ctx.staffCookie, random));
      continue;
    }
    cases.push(...generateApiCases(op, "anonymous", context, random));
    if (op.admin) cases.push(...generateApiCases(op, "staff", context, random));
  }
  // Top up to the minimum with random recombinations of the API cases (fresh addresses).
  const distinct = cases.length;
  const apiCases = cases.filter((c) => !c.page && !c.mayCloseEarly);
  while (cases.length < options.minimum) {
    const source = random.pick(apiCases);
    cases.push({
      ...source,
      family: `${source.family} (again)`,
      headers: { ...source.headers, "x-forwarded-for": nextAddress() },
    });
  }
  const port = Number(new URL(base).port);
  cases.push(...rawCases(port));
  // Interleave operations, so that no single route sees a burst of one kind.
  for (let i = cases.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [cases[i], cases[j]] = [cases[j] as Case, cases[i] as Case];
  }

  const before = await tableCounts(ctx.pool);
  const printBefore = await fingerprint(ctx.pool);
  const problems = new Map<string, { count: number; example: string }>();
  const problem = (kind: string, c: Case, detail: string, groupBy = `${c.op} | ${c.as}`) => {
    const key = `${kind} | ${groupBy}`;
    const entry = problems.get(key);
    if (entry) entry.count++;
    else problems.set(key, { count: 1, example: `${c.family}: ${c.method} ${c.path.slice(0, 160)} → ${detail}` });
  };
  const statuses = new Map<number, number>();
  const byOp = new Map<string, number>();
  let closedEarly = 0;
  let retriedOnFreshConnection = 0;
  let slowest = { ms: 0, label: "" };
  const started = performance.now();

  await pool(cases, 24, async (c) => {
    byOp.set(`${c.op} (${c.as})`, (byOp.get(`${c.op} (${c.as})`) ?? 0) + 1);
    if (c.raw) {
      const answer = await sendRaw(port, c.raw);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) problem("5xx", c, `${answer.status} ${answer.text.slice(0, 200)}`);
      return;
    }
    const options = {
      method: c.method,
      path: c.path,
      headers: c.headers,
      ...(c.body ? { body: c.body } : {}),
      timeoutMs: 20_000,
    };
    let reply: Reply;
    try {
      reply = await send(base, options);
    } catch (error) {
      if (c.mayCloseEarly) {
        closedEarly++;
        return;
      }
      // A kept-alive connection the server had just closed (after a previous request on it) fails
      // the next request sent on it; a browser retries such a request on a new connection. So do we:
      // only a request that fails on a fresh connection too counts as unanswered.
      try {
        reply = await send(base, { ...options, fresh: true });
        retriedOnFreshConnection++;
      } catch (again) {
        problem("no answer", c, `${(error as Error).message}; again on a new connection: ${(again as Error).message}`);
        return;
      }
    }
    statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    if (reply.ms > slowest.ms) slowest = { ms: reply.ms, label: `${c.op} ${c.family}` };
    const requestId = reply.headers["x-request-id"];
    const detail = `${reply.status} ${reply.text.slice(0, 160)}${requestId ? ` (request id ${requestId})` : ""}`;
    if (reply.status >= 500) problem("5xx", c, detail);
    if (reply.ms > 5_000) problem("slower than 5 s", c, `${Math.round(reply.ms)} ms`);
    // A page may answer a refused post with a redirect (to /signIn); only a 2xx there is an acceptance.
    const accepted = c.page ? reply.status < 300 : reply.status < 400;
    if (c.mutating && c.method !== "OPTIONS" && accepted) problem("invalid request accepted", c, detail);
    if (c.admin && c.as === "anonymous" && reply.status < 400)
      problem("anonymous request passed the staff check", c, detail);
    let error: { code?: string } | undefined;
    if (c.path.startsWith("/api/") && reply.status >= 400 && reply.body.length > 0) {
      try {
        error = reply.json<{ error?: { code?: string } }>().error;
      } catch {}
      if (!error?.code) {
        // Grouped by what answered (the framework's own errors), not by route.
        let code = "";
        try {
          code = String(reply.json<{ code?: string; error?: string }>().code ?? "");
        } catch {}
        problem(WARN_SHAPE, c, detail, `${reply.status} ${code || "(no code)"}`);
      }
    }
    if (c.admin && c.as === "anonymous" && error?.code === "validation_failed") {
      problem("anonymous request validated before the staff check", c, detail);
    }
    for (const marker of LEAK_MARKERS) {
      if (reply.text.includes(marker)) {
        problem("internals in the answer", c, `contains ${JSON.stringify(marker)}: ${reply.text.slice(0, 160)}`);
        break;
      }
    }
  });
  const seconds = (performance.now() - started) / 1000;

  // The process must be the one we started, and healthy.
  const alive = ctx.product.process.exitCode === null && ctx.product.process.pid === pid;
  report.check(
    alive,
    `the product process ${pid} exited during the hostile requests (exit ${ctx.product.process.exitCode})`,
  );
  const health = await send(base, { path: "/api/health" }).catch(() => undefined);
  report.check(
    health?.status === 200,
    `GET /api/health answered ${health?.status ?? "nothing"} after the hostile requests`,
  );

  const after = await tableCounts(ctx.pool);
  // Failed sign-in and Secure Box attempts are counted on purpose (attempt limits, kept in PostgreSQL);
  // every other table must be as it was.
  const changes = diffCounts(before, after).filter((change) => !change.startsWith("attempt_counters:"));
  report.check(changes.length === 0, `hostile requests stored something: ${changes.join(", ")}`);
  report.check(
    (await fingerprint(ctx.pool)) === printBefore,
    "hostile requests changed currencies, order statuses, user roles or settings",
  );

  for (const [key, { count, example: ex }] of problems) {
    // The error shape is the API's own promise (packages/domain/src/contracts/errors.ts), not one of
    // the issue's criteria: reported as a warning.
    if (key.startsWith(WARN_SHAPE)) report.warn(`${key}: ${count}× across routes — e.g. ${ex}`);
    else report.fail(`${key}: ${count}× — e.g. ${ex}`);
  }

  Object.assign(report.metrics, {
    requests: cases.length,
    distinctRequests: distinct,
    operations: ops.length,
    seconds: round(seconds),
    perSecond: round(cases.length / seconds),
    statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
    closedEarly,
    retriedOnFreshConnection,
    slowestMs: round(slowest.ms),
    slowest: slowest.label,
    requestsPerOperation: Object.fromEntries([...byOp].sort()),
    rowCountsBefore: before,
  });
  report.note(
    `${cases.length} requests (${distinct} generated, the rest repeated from fresh addresses) over ${ops.length} ` +
      `operations of the OpenAPI document in ${round(seconds)} s; statuses ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(
          " ",
        )}; ${closedEarly} huge/malformed requests closed early by the server; ${retriedOnFreshConnection} requests ` +
      `retried on a new connection after the server had closed a kept-alive one without saying Connection: close ` +
      `(every refusal of Node's HTTP parser says it: plugins/errors.ts); slowest ${Math.round(slowest.ms)} ms`,
  );
  return report.result();
}
