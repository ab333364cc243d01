import { randomUUID } from "node:crypto";
import {
  type Context,
  createQuote,
  createReport,
  nextAddress,
  orderBody,
  type PartResult,
  type QuoteReply,
  type Report,
  sample,
  send,
} from "./lib.ts";

/**
 * Races, each fired as truly concurrent HTTP requests at the product on PostgreSQL:
 * - staff transitions of one order: many accepts at once; accept/complete/cancel all at once; complete
 *   and cancel at once on an accepted order. Each transition succeeds at most once, everything else
 *   is 409, the audit trail is one unbroken chain of the successes, the final status is the chain's
 *   end, and a "ready for collection" e-mail exists exactly when an accept succeeded;
 * - one quote in several orders at once: exactly one order wins, the others get 422, one line;
 * - one submission (same idempotency key) sent many times at once: one order, one 201, the same number;
 * - two orders over the same two quotes in opposite order: one wins, no deadlock (no 5xx);
 * - afterwards the statistics rollups (kept by triggers) agree with the orders table, and so does
 *   GET /api/admin/statistics.
 */

const TRANSITION_TO: Record<string, string> = { accept: "accepted", complete: "completed", cancel: "cancelled" };
const ALLOWED_FROM: Record<string, string[]> = {
  accept: ["pending"],
  complete: ["accepted"],
  cancel: ["pending", "accepted"],
};

async function placeOrder(ctx: Context, quotes?: QuoteReply[]) {
  const ip = nextAddress();
  const qs = quotes ?? [await createQuote(ctx.product.url, { gbpMinor: 30_000 }, ip)];
  const key = randomUUID();
  const reply = await send(ctx.product.url, {
    method: "POST",
    path: "/api/orders",
    body: orderBody(qs, { idempotencyKey: key, email: `race-${key.slice(0, 8)}@reliability.test` }),
    ip,
  });
  if (reply.status !== 201) throw new Error(`placing an order answered ${reply.status}: ${reply.text.slice(0, 200)}`);
  const { rows } = await ctx.pool.query<{ id: string }>(
    "select id::text as id from orders where idempotency_key = $1",
    [key],
  );
  return { id: rows[0]?.id as string, orderNumber: reply.json<{ orderNumber: string }>().orderNumber };
}

/** What staff record at the counter to complete a Click & Collect order (the races' orders are all Collect). */
const COLLECT_HANDOVER = {
  idType: "passport",
  idNumberLast4: "1234",
  idExpiresOn: "2099-12-31",
  cardMatchesName: true,
};

function transition(ctx: Context, orderId: string, action: string) {
  return send(ctx.product.url, {
    method: "POST",
    path: `/api/admin/orders/${orderId}/${action}`,
    cookie: ctx.staffCookie,
    origin: true,
    ip: nextAddress(),
    ...(action === "complete" ? { body: COLLECT_HANDOVER } : {}),
  });
}

async function raceTransitions(
  ctx: Context,
  report: Report,
  label: string,
  order: { id: string; orderNumber: string },
  actions: string[],
  initial: string,
) {
  const replies = await Promise.all(
    actions.map((action) => transition(ctx, order.id, action).then((reply) => ({ action, reply }))),
  );
  const wins = replies.filter((r) => r.reply.status === 200);
  const where = `${label} (order ${order.orderNumber})`;
  for (const { action, reply } of replies) {
    if (reply.status !== 200 && reply.status !== 409) {
      report.fail(`${where}: ${action} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
    }
    if (reply.status === 200) {
      const status = reply.json<{ status: string }>().status;
      report.check(status === TRANSITION_TO[action], `${where}: ${action} answered 200 with status ${status}`);
    }
    if (reply.status === 409) {
      report.check(
        reply.json<{ error: { code: string } }>().error.code === "conflict",
        `${where}: 409 without code conflict`,
      );
    }
  }
  const winsPer = new Map<string, number>();
  for (const w of wins) winsPer.set(w.action, (winsPer.get(w.action) ?? 0) + 1);
  for (const [action, n] of winsPer) report.check(n === 1, `${where}: ${action} succeeded ${n} times at once`);

  // The audit trail: one entry per success, chained from the initial status to the final one.
  const audit = await ctx.pool.query<{ action: string; before: { status: string }; after: { status: string } }>(
    "select action, before, after from audit_log where entity_type = 'order' and entity_id = $1 and action like 'order.%' order by id",
    [order.id],
  );
  const raced = audit.rows.slice(Math.max(0, audit.rows.length - wins.length));
  report.check(
    audit.rows.length >= wins.length,
    `${where}: ${wins.length} successful transitions but ${audit.rows.length} audit entries`,
  );
  let status = initial;
  for (const entry of raced) {
    const action = entry.action.replace("order.", "");
    report.check(
      entry.before?.status === status && (ALLOWED_FROM[action] ?? []).includes(status),
      `${where}: audit entry ${entry.action} starts from ${entry.before?.status}, but the order was ${status} (broken chain)`,
    );
    status = entry.after?.status;
  }
  const expectedEntries = [...wins.map((w) => `order.${w.action}`)].sort();
  const gotEntries = raced.map((e) => e.action).sort();
  report.check(
    JSON.stringify(expectedEntries) === JSON.stringify(gotEntries),
    `${where}: successes ${expectedEntries.join(",")} but audit entries ${gotEntries.join(",")}`,
  );
  const { rows } = await ctx.pool.query<{ status: string; ready: number }>(
    `select status, (select count(*)::int from outbox where dedupe_key = 'order-ready:' || $1::text) as ready from orders where id = $2::uuid`,
    [order.id, order.id],
  );
  const final = rows[0];
  report.check(
    final?.status === status,
    `${where}: the order is ${final?.status} but its audit trail ends at ${status}`,
  );
  return { wins: wins.map((w) => w.action), final: final?.status, readyMails: final?.ready ?? 0 };
}

export async function runRaces(ctx: Context): Promise<PartResult> {
  const report = createReport("races");
  const outcomes: string[] = [];

  // 1. Eight accepts at once.
  for (let i = 0; i < 5; i++) {
    const order = await placeOrder(ctx);
    const r = await raceTransitions(ctx, report, `8× accept #${i + 1}`, order, Array(8).fill("accept"), "pending");
    report.check(r.wins.length === 1, `8× accept #${i + 1}: ${r.wins.length} accepts succeeded (exactly one must)`);
    report.check(
      r.readyMails === 1,
      `8× accept #${i + 1}: ${r.readyMails} "ready for collection" e-mails queued (one expected)`,
    );
    outcomes.push(`accept×8 → ${r.wins.join("+") || "none"}`);
  }
  // 2. Accept, complete and cancel, four of each, at once on a pending order.
  for (let i = 0; i < 5; i++) {
    const order = await placeOrder(ctx);
    const actions = ["accept", "complete", "cancel"]
      .flatMap((a) => Array(4).fill(a) as string[])
      .sort(() => Math.random() - 0.5);
    const r = await raceTransitions(ctx, report, `mixed 12 #${i + 1}`, order, actions, "pending");
    report.check(r.wins.length >= 1, `mixed 12 #${i + 1}: nothing succeeded`);
    const accepted = r.wins.includes("accept") ? 1 : 0;
    report.check(
      r.readyMails === accepted,
      `mixed 12 #${i + 1}: ${r.readyMails} "ready" e-mails, accept succeeded ${accepted}×`,
    );
    outcomes.push(`mixed → ${r.wins.join("+")} (${r.final})`);
  }
  // 3. Complete and cancel, six of each, at once on an accepted order.
  for (let i = 0; i < 3; i++) {
    const order = await placeOrder(ctx);
    const accepted = await transition(ctx, order.id, "accept");
    report.check(accepted.status === 200, `accepting order ${order.orderNumber} answered ${accepted.status}`);
    const actions = [...Array(6).fill("complete"), ...Array(6).fill("cancel")].sort(
      () => Math.random() - 0.5,
    ) as string[];
    const r = await raceTransitions(ctx, report, `complete/cancel #${i + 1}`, order, actions, "accepted");
    report.check(r.wins.length >= 1, `complete/cancel #${i + 1}: nothing succeeded`);
    outcomes.push(`complete/cancel → ${r.wins.join("+")} (${r.final})`);
  }

  // 4. One quote, ten orders at once.
  for (let i = 0; i < 5; i++) {
    const quote = await createQuote(ctx.product.url, { gbpMinor: 40_000 });
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const replies = await Promise.all(
      keys.map((key) =>
        send(ctx.product.url, {
          method: "POST",
          path: "/api/orders",
          body: orderBody([quote], { idempotencyKey: key, email: `race-quote-${key.slice(0, 8)}@reliability.test` }),
          ip: nextAddress(),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    const wins = statuses.filter((s) => s === 201).length;
    report.check(
      wins === 1,
      `one quote in 10 orders #${i + 1}: ${wins} orders were created (exactly one must): ${statuses.join(",")}`,
    );
    const others = replies.filter((r) => r.status !== 201);
    const wrong = others.filter(
      (r) => r.status !== 422 || r.json<{ error: { code: string } }>().error.code !== "quote_invalid",
    );
    report.check(
      wrong.length === 0,
      `one quote in 10 orders #${i + 1}: losers answered ${sample(wrong.map((r) => `${r.status} ${r.text.slice(0, 120)}`))}`,
    );
    const stored = await ctx.pool.query<{ lines: number; orders: number }>(
      `select (select count(*)::int from order_lines where quote_id = $1) as lines,
              (select count(*)::int from orders where idempotency_key = any($2)) as orders`,
      [quote.id, keys],
    );
    report.check(
      stored.rows[0]?.lines === 1 && stored.rows[0]?.orders === 1,
      `one quote in 10 orders #${i + 1}: ${stored.rows[0]?.orders} orders and ${stored.rows[0]?.lines} lines stored for it`,
    );
  }

  // 5. One submission (same key) ten times at once.
  for (let i = 0; i < 3; i++) {
    const ip = nextAddress();
    const quote = await createQuote(ctx.product.url, { gbpMinor: 50_000 }, ip);
    const key = randomUUID();
    const body = orderBody([quote], { idempotencyKey: key, email: `race-twin-${key.slice(0, 8)}@reliability.test` });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(ctx.product.url, { method: "POST", path: "/api/orders", body, ip: nextAddress() }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    const numbers = new Set(
      replies.filter((r) => r.status < 300).map((r) => r.json<{ orderNumber: string }>().orderNumber),
    );
    report.check(
      statuses.filter((s) => s === 201).length === 1 && statuses.every((s) => s === 200 || s === 201),
      `same submission 10× #${i + 1}: answers ${statuses.join(",")} (one 201 and nine 200 expected)`,
    );
    report.check(numbers.size === 1, `same submission 10× #${i + 1}: ${numbers.size} different order numbers`);
    const stored = await ctx.pool.query<{ n: number }>(
      "select count(*)::int as n from orders where idempotency_key = $1",
      [key],
    );
    report.check(stored.rows[0]?.n === 1, `same submission 10× #${i + 1}: ${stored.rows[0]?.n} orders stored`);
  }

  // 6. Two quotes, orders over them in opposite orders at once (a deadlock would surface as a 5xx).
  for (let i = 0; i < 3; i++) {
    const q1 = await createQuote(ctx.product.url, { currency: "USD", gbpMinor: 20_000 });
    const q2 = await createQuote(ctx.product.url, { currency: "EUR", gbpMinor: 20_000 });
    const keys = Array.from({ length: 8 }, () => randomUUID());
    const replies = await Promise.all(
      keys.map((key, n) =>
        send(ctx.product.url, {
          method: "POST",
          path: "/api/orders",
          body: orderBody(n % 2 ? [q1, q2] : [q2, q1], {
            idempotencyKey: key,
            email: `race-pair-${key.slice(0, 8)}@reliability.test`,
          }),
          ip: nextAddress(),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    report.check(
      statuses.filter((s) => s === 201).length === 1 && statuses.every((s) => s === 201 || s === 422),
      `two quotes in opposite orders #${i + 1}: answers ${statuses.join(",")} (one 201, the rest 422)`,
    );
    const stored = await ctx.pool.query<{ n: number }>(
      "select count(*)::int as n from order_lines where quote_id = any($1)",
      [[q1.id, q2.id]],
    );
    report.check(
      stored.rows[0]?.n === 2,
      `two quotes in opposite orders #${i + 1}: ${stored.rows[0]?.n} lines use them (2 expected)`,
    );
  }

  // Rollups kept by triggers agree with the orders themselves, and the statistics API says the same.
  const truth = await ctx.pool.query<{ status: string; n: number }>(
    "select status, count(*)::int as n from orders group by status",
  );
  const totals = await ctx.pool.query<{ status: string; n: number }>(
    "select status, sum(orders)::int as n from order_status_totals group by status",
  );
  const daily = await ctx.pool.query<{ status: string; n: number }>(
    "select status, sum(orders)::int as n from order_daily_stats group by status",
  );
  const asMap = (rows: { status: string; n: number }[]) =>
    Object.fromEntries(
      ["pending", "accepted", "completed", "cancelled"].map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
    );
  const expected = asMap(truth.rows);
  report.check(
    JSON.stringify(asMap(totals.rows)) === JSON.stringify(expected),
    `order_status_totals ${JSON.stringify(asMap(totals.rows))} disagree with the orders ${JSON.stringify(expected)}`,
  );
  report.check(
    JSON.stringify(asMap(daily.rows)) === JSON.stringify(expected),
    `order_daily_stats ${JSON.stringify(asMap(daily.rows))} disagree with the orders ${JSON.stringify(expected)}`,
  );
  const stats = await send(ctx.product.url, {
    path: "/api/admin/statistics",
    cookie: ctx.staffCookie,
    ip: nextAddress(),
  });
  if (report.check(stats.status === 200, `GET /api/admin/statistics answered ${stats.status}`)) {
    const counts = stats.json<{ counts: Record<string, number> }>().counts;
    report.check(
      JSON.stringify(asMap(Object.entries(counts).map(([status, n]) => ({ status, n })))) === JSON.stringify(expected),
      `GET /api/admin/statistics counts ${JSON.stringify(counts)} disagree with the orders ${JSON.stringify(expected)}`,
    );
  }

  report.metrics.outcomes = outcomes;
  report.metrics.ordersByStatus = expected;
  report.note(`transition races: ${sample(outcomes, 13)}`);
  report.note("one quote × 10 orders ×5, same key × 10 ×3, crossed quote pairs ×3: one winner each");
  return report.result();
}
