import { randomUUID } from "node:crypto";
import { ensureNginx, startNginx } from "../bench/nginx.ts";
import { freePort, type RunningProduct, startProduct } from "../bench/servers.ts";
import {
  type Context,
  createReport,
  MAIL_DOMAIN,
  nextAddress,
  orderBody,
  type PartResult,
  passSecureBox,
  type QuoteReply,
  round,
  sample,
  send,
  signIn,
  sleep,
} from "./lib.ts";

const INSTANCES = 3;
const CLIENTS = 8;

type Metrics = Map<string, number>;
async function scrape(instance: RunningProduct): Promise<Metrics> {
  const reply = await send(instance.url, { path: "/metrics", fresh: true, timeoutMs: 5_000 });
  const values = new Map<string, number>();
  for (const line of reply.text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

async function waitReady(instance: RunningProduct, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await send(instance.url, { path: "/api/health/ready", fresh: true, timeoutMs: 2_000 })).status === 200)
        return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`instance on ${instance.url} was not ready within ${ms / 1000} s`);
}

type Placement = { key: string; email: string; ip: string; orderNumber?: string; attempts: number };

/**
 * Multi-instance: three server processes on one PostgreSQL behind nginx (round-robin). Customers place
 * orders through nginx all along while (1) the instance running the outbox mailer is killed with
 * SIGKILL and started again, then (2) every instance in turn is stopped with SIGTERM and started again
 * (a rolling restart). Checked: every acknowledged order stored exactly once, the rolling restart
 * answered every request, each acknowledged order's e-mail reached the SMTP server (repeats counted),
 * never more than one instance holding each job's lease and exactly one at the end, and a staff change
 * made through one instance visible on the others at once.
 */
export async function runCluster(
  ctx: Context,
  { env, dataDir }: { env: Record<string, string>; dataDir: string },
): Promise<PartResult> {
  const report = createReport("multi-instance");
  ctx.sink.setDelay(0);
  const binary = ensureNginx();
  if (!binary) {
    report.warn(
      "SKIPPED: nginx is not installed and this user cannot install it (apt-get install nginx as root, then run again)",
    );
    return report.result();
  }
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const instances: RunningProduct[] = [];
  for (const port of ports) instances.push(await startProduct(env, { dataDir, port }));
  const nginx = await startNginx(binary, ports);
  const stopAll = async () => {
    await nginx.stop();
    await Promise.allSettled(instances.map((instance) => instance.stop()));
  };
  try {
    // Round-robin really spreads requests: each instance answers some of 30 requests through nginx.
    const before = await Promise.all(instances.map(scrape));
    for (let i = 0; i < 30; i++) await send(nginx.url, { path: "/api/branches", ip: nextAddress() });
    const after = await Promise.all(instances.map(scrape));
    const served = after.map((m, i) => {
      const key = 'http_request_duration_seconds_count{method="GET",route="/api/branches",status="200"}';
      return (m.get(key) ?? 0) - (before[i]?.get(key) ?? 0);
    });
    report.check(
      served.every((n) => n > 0),
      `nginx did not spread requests over every instance: ${served.join(", ")}`,
    );
    report.note(`round-robin through nginx: ${served.join(" / ")} of 30 requests per instance`);

    // Staff change through instance 1, read at once from the others (within the cache's 2 s lifetime).
    const staff = await signIn(instances[0]!.url, ctx.secrets.adminEmail, ctx.secrets.adminPassword);
    await passSecureBox(instances[0]!.url, staff.cookie, ctx.secrets);
    for (const other of instances.slice(1)) await send(other.url, { path: "/api/currencies" }); // cached
    const label = `Euro ${randomUUID().slice(0, 4)}`;
    const current = await send(instances[0]!.url, { path: "/api/admin/currencies", cookie: staff.cookie });
    const eur = current.json<
      { code: string; sell: string; buy: string }[] | { currencies: { code: string; sell: string; buy: string }[] }
    >();
    const list = Array.isArray(eur) ? eur : eur.currencies;
    const euro = list.find((c) => c.code === "EUR");
    const changed = await send(instances[0]!.url, {
      method: "PUT",
      path: "/api/admin/currencies/EUR",
      body: { label, sell: euro?.sell ?? "-2.5", buy: euro?.buy ?? "2.5" },
      cookie: staff.cookie,
      origin: true,
      ip: nextAddress(),
    });
    report.check(
      changed.status === 200,
      `staff currency change answered ${changed.status}: ${changed.text.slice(0, 200)}`,
    );
    const changedAt = performance.now();
    const seenAfterMs: number[] = [];
    for (const other of instances.slice(1)) {
      for (;;) {
        const reply = await send(other.url, { path: "/api/currencies" });
        if (reply.text.includes(label)) {
          seenAfterMs.push(round(performance.now() - changedAt));
          break;
        }
        if (performance.now() - changedAt > 1_500) {
          seenAfterMs.push(Number.POSITIVE_INFINITY);
          break;
        }
        await sleep(20);
      }
    }
    report.check(
      seenAfterMs.every((ms) => ms < 1_000),
      `a staff change on one instance was not seen on the others within 1 s: ${seenAfterMs.join(", ")} ms`,
    );
    report.note(`staff change seen on the other instances after ${seenAfterMs.join(" and ")} ms`);

    // Orders through nginx all along.
    const placements: Placement[] = [];
    let phase: "kill" | "rolling" | "done" = "kill";
    let stop = false;
    const rollingFailures: string[] = [];
    const leaseViolations: string[] = [];
    let rollingRequests = 0;
    const placeOne = async () => {
      const placement: Placement = {
        key: randomUUID(),
        email: `cluster-${placements.length}@example.com`,
        ip: nextAddress(),
        attempts: 0,
      };
      placements.push(placement);
      let quote: QuoteReply | undefined;
      for (let attempt = 1; attempt <= 20 && !placement.orderNumber; attempt++) {
        placement.attempts = attempt;
        const inRolling = phase === "rolling";
        try {
          if (!quote) {
            const reply = await send(nginx.url, {
              method: "POST",
              path: "/api/quotes",
              body: { currency: "EUR", way: "Order", gbpMinor: 25_000 },
              ip: placement.ip,
            });
            if (inRolling) rollingRequests++;
            if (reply.status !== 201) throw new Error(`quote ${reply.status}`);
            quote = reply.json<QuoteReply>();
          }
          const reply = await send(nginx.url, {
            method: "POST",
            path: "/api/orders",
            body: orderBody([quote], { idempotencyKey: placement.key, email: placement.email }),
            ip: placement.ip,
          });
          if (inRolling) rollingRequests++;
          if (reply.status !== 201 && reply.status !== 200)
            throw new Error(`order ${reply.status}: ${reply.text.slice(0, 120)}`);
          placement.orderNumber = reply.json<{ orderNumber: string }>().orderNumber;
        } catch (error) {
          if (inRolling) rollingFailures.push(`${placement.key}: ${(error as Error).message}`);
          await sleep(200);
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (!stop) await placeOne();
    });
    const watchLeases = (async () => {
      while (!stop) {
        const scraped = await Promise.all(instances.map((instance) => scrape(instance).catch(() => new Map())));
        for (const job of ["outbox", "live-rates"]) {
          const holders = scraped.filter((m) => m.get(`job_lease_held{job="${job}"}`) === 1).length;
          if (holders > 1) leaseViolations.push(`${holders} instances held the ${job} lease at once (${phase})`);
        }
        await sleep(250);
      }
    })();

    // (1) SIGKILL of the instance running the mailer, then a restart on its port.
    await sleep(3_000);
    const scraped = await Promise.all(instances.map(scrape));
    let victim = scraped.findIndex((m) => m.get('job_lease_held{job="outbox"}') === 1);
    if (victim < 0) victim = 0;
    const ackedBeforeKill = placements.filter((p) => p.orderNumber).length;
    instances[victim]!.process.kill("SIGKILL");
    await new Promise((resolve) => instances[victim]!.process.once("exit", resolve));
    await sleep(1_000);
    instances[victim] = await startProduct(env, { dataDir, port: ports[victim] });
    await waitReady(instances[victim]!);
    report.note(
      `killed instance ${victim + 1} (it ran the mailer) after ${ackedBeforeKill} acknowledged orders; restarted`,
    );
    await sleep(2_000);

    // (2) Rolling restart: each instance in turn stopped with SIGTERM and started again.
    phase = "rolling";
    const rollingStarted = performance.now();
    for (let i = 0; i < INSTANCES; i++) {
      await instances[i]!.stop();
      const exit = instances[i]!.process.exitCode;
      report.check(exit === 0, `instance ${i + 1} exited with ${exit} on SIGTERM`);
      instances[i] = await startProduct(env, { dataDir, port: ports[i] });
      await waitReady(instances[i]!);
      await sleep(500);
    }
    phase = "done";
    const rollingSeconds = round((performance.now() - rollingStarted) / 1000);
    await sleep(1_000);
    stop = true;
    await Promise.all(clients);
    await watchLeases;

    report.check(
      rollingFailures.length === 0,
      `${rollingFailures.length} of ${rollingRequests} requests failed during the rolling restart: ${sample(rollingFailures)}`,
    );
    report.check(leaseViolations.length === 0, `job leases held twice: ${sample(leaseViolations)}`);

    // Every acknowledged order exactly once; every unacknowledged one at most once.
    const acknowledged = placements.filter((p) => p.orderNumber);
    const keys = placements.map((p) => p.key);
    const stored = await ctx.pool.query<{ idempotency_key: string; order_number: string; n: number }>(
      `select idempotency_key, min(order_number) as order_number, count(*)::int as n
       from orders where idempotency_key = any($1) group by idempotency_key`,
      [keys],
    );
    const byKey = new Map(stored.rows.map((r) => [r.idempotency_key, r]));
    const missing = acknowledged.filter((p) => !byKey.has(p.key));
    const duplicated = stored.rows.filter((r) => r.n > 1);
    const wrongNumber = acknowledged.filter(
      (p) => byKey.get(p.key) && byKey.get(p.key)?.order_number !== p.orderNumber,
    );
    report.check(
      missing.length === 0,
      `${missing.length} acknowledged orders are not stored: ${sample(missing.map((p) => p.key))}`,
    );
    report.check(duplicated.length === 0, `${duplicated.length} submissions stored more than once`);
    report.check(wrongNumber.length === 0, `${wrongNumber.length} acknowledged orders stored under another number`);

    // Their e-mails: wait for the outbox to drain for as long as it keeps draining. How many e-mails the load
    // queued follows from how fast placements are (6,265 orders in one run), so a fixed wait failed a faster
    // product. A stall longer than the mailer's lease (120 s: the messages the killed instance had claimed
    // wait it out) ends the wait, and so does a quarter of an hour in all.
    const waitStarted = Date.now();
    let pendingAtStart: number | undefined;
    let fewestPending = Number.POSITIVE_INFINITY;
    let lastProgress = Date.now();
    let stillPending = 0;
    for (;;) {
      const pending = await ctx.pool.query<{ n: number }>(
        `select count(*)::int as n from outbox o join orders r on o.dedupe_key = 'order-received:' || r.id
         where r.idempotency_key = any($1) and o.status <> 'sent'`,
        [keys],
      );
      const n = pending.rows[0]?.n ?? 0;
      stillPending = n;
      pendingAtStart ??= n;
      if (n === 0) break;
      if (n < fewestPending) {
        fewestPending = n;
        lastProgress = Date.now();
      }
      if (Date.now() - lastProgress > 150_000 || Date.now() - waitStarted > 900_000) break;
      await sleep(1_000);
    }
    const drainSeconds = (Date.now() - waitStarted) / 1000;
    report.note(
      `after the load, ${pendingAtStart} order e-mails were still unsent; ${round(drainSeconds)} s later, ${stillPending}` +
        ` (${round(((pendingAtStart ?? 0) - stillPending) / Math.max(drainSeconds, 1))} e-mails/s meanwhile)`,
    );
    await ctx.sink.flush();
    const ids = await ctx.pool.query<{ id: string; idempotency_key: string }>(
      "select id, idempotency_key from orders where idempotency_key = any($1)",
      [acknowledged.map((p) => p.key)],
    );
    const delivered = new Map<string, number>();
    for (const m of ctx.sink.messages) delivered.set(m.messageId, (delivered.get(m.messageId) ?? 0) + 1);
    const counts = ids.rows.map((r) => delivered.get(`<order-received.${r.id}@${MAIL_DOMAIN}>`) ?? 0);
    const unsent = counts.filter((n) => n === 0).length;
    const sentTwice = counts.filter((n) => n > 1).length;
    report.check(unsent === 0, `${unsent} acknowledged orders' e-mails never reached the SMTP server`);
    if (sentTwice > 0) {
      report.warn(
        `${sentTwice} e-mails reached the SMTP server twice (same Message-ID; a kill between acceptance and the sent mark)`,
      );
    }

    // Exactly one runner per job at the end (a killed holder's lease runs out within 30 s).
    let holders: Record<string, number> = {};
    const leaseWait = Date.now();
    for (;;) {
      const finalScrape = await Promise.all(instances.map(scrape));
      holders = Object.fromEntries(
        ["outbox", "live-rates"].map((job) => [
          job,
          finalScrape.filter((m) => m.get(`job_lease_held{job="${job}"}`) === 1).length,
        ]),
      );
      if (Object.values(holders).every((n) => n === 1) || Date.now() - leaseWait > 45_000) break;
      await sleep(1_000);
    }
    report.check(
      Object.values(holders).every((n) => n === 1),
      `jobs without exactly one runner at the end: ${JSON.stringify(holders)}`,
    );

    report.metrics.ordersAcknowledged = acknowledged.length;
    report.metrics.ordersStored = stored.rows.length;
    report.metrics.ordersDuplicated = duplicated.length;
    report.metrics.ordersMissing = missing.length;
    report.metrics.emailsSentOnce = counts.filter((n) => n === 1).length;
    report.metrics.emailsSentTwice = sentTwice;
    report.metrics.emailsMissing = unsent;
    report.metrics.rollingRestartRequests = rollingRequests;
    report.metrics.rollingRestartFailures = rollingFailures.length;
    report.metrics.rollingRestartSeconds = rollingSeconds;
    report.metrics.jobRunners = holders;
    report.note(
      `after the SIGKILL and the rolling restart (${rollingSeconds} s, ${rollingRequests} requests, ${rollingFailures.length} failed): ` +
        `${acknowledged.length} orders acknowledged, ${stored.rows.length} stored, ${duplicated.length} duplicated, ${missing.length} missing; ` +
        `e-mails sent once ${counts.filter((n) => n === 1).length}, twice ${sentTwice}, missing ${unsent}; ` +
        `job runners at the end ${JSON.stringify(holders)}`,
    );
  } finally {
    await stopAll();
  }
  return report.result();
}
