import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { currencies } from "../db/schema.ts";
import { channels } from "../db/notify.ts";
import { queryRows } from "../lib/postgres.ts";
import { enqueueMail } from "../modules/mail/index.ts";
import { createTestApp, testConfig } from "../test/test-app.ts";
import { createJobRunner, type Job } from "./job-runner.ts";
import { jobLeaseHolder } from "./job-lease.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 1_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function countingJob(name: string, overrides: Partial<Job> = {}) {
  const job = {
    name,
    everyMs: 3_600_000,
    leaseSeconds: 30,
    runs: 0,
    async run() {
      job.runs++;
    },
    ...overrides,
  };
  return job;
}

describe("job runner", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("runs a job on one instance at a time; another takes it over as soon as the first stops", async () => {
    const onA = countingJob("single");
    const onB = countingJob("single");
    const a = createJobRunner({ database: t.database, log: t.app.log, jobs: [onA], holder: "instance-a" });
    const b = createJobRunner({ database: t.database, log: t.app.log, jobs: [onB], holder: "instance-b" });
    await a.runNow("single");
    await b.runNow("single");
    await a.runNow("single");
    expect([onA.runs, onB.runs]).toEqual([2, 0]);
    expect(await jobLeaseHolder(t.db, "single")).toBe("instance-a");
    expect(b.stats()).toEqual([{ name: "single", runs: 0, failures: 0, holdsLease: false }]);
    await a.stop();
    expect(await jobLeaseHolder(t.db, "single")).toBeNull();
    await b.runNow("single");
    expect(onB.runs).toBe(1);
    await b.stop();
  });

  it("lets another instance take over when the holder dies without giving the lease up", async () => {
    const onA = countingJob("crashy", { leaseSeconds: 1 });
    const onB = countingJob("crashy", { leaseSeconds: 1 });
    const a = createJobRunner({ database: t.database, log: t.app.log, jobs: [onA], holder: "instance-a" });
    const b = createJobRunner({ database: t.database, log: t.app.log, jobs: [onB], holder: "instance-b" });
    await a.runNow("crashy"); // then instance a "dies": it is never stopped
    await b.runNow("crashy");
    expect(onB.runs).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await b.runNow("crashy");
    expect([onA.runs, onB.runs]).toEqual([1, 1]);
    expect(await jobLeaseHolder(t.db, "crashy")).toBe("instance-b");
    await b.stop();
  });

  it("counts failures and keeps running the job", async () => {
    let calls = 0;
    const job = countingJob("failing", {
      async run() {
        calls++;
        if (calls === 1) throw new Error("boom");
      },
    });
    const runner = createJobRunner({ database: t.database, log: t.app.log, jobs: [job] });
    await runner.runNow("failing");
    await runner.runNow("failing");
    expect(runner.stats()[0]).toMatchObject({ runs: 2, failures: 1, holdsLease: true });
    await runner.stop();
  });

  it("is woken by an e-mail written to the outbox once its transaction commits, not by one rolled back", async () => {
    const mailer = countingJob("outbox-test", { wakeOn: channels.outbox });
    const runner = createJobRunner({ database: t.database, log: t.app.log, jobs: [mailer] });
    await runner.start();
    await waitFor(() => mailer.runs === 1); // the first look at start
    await t.db.transaction(async (tx) => {
      await enqueueMail(tx, { kind: "contact-to-support", dedupeKey: "wake:1", to: "a@example.com", data: {} });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(mailer.runs).toBe(1); // not before the commit
    });
    await waitFor(() => mailer.runs === 2);
    await t.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { kind: "contact-to-support", dedupeKey: "wake:2", to: "a@example.com", data: {} });
        throw new Error("rolled back");
      })
      .catch(() => {});
    // The same message again is not a new message: no wake-up either.
    await enqueueMail(t.db, { kind: "contact-to-support", dedupeKey: "wake:1", to: "a@example.com", data: {} });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailer.runs).toBe(2);
    await runner.stop();
  });
});

/** The euro's label in an instance's cached currency list, as its answers would send it. */
async function cachedEuroLabel(app: FastifyInstance) {
  const list = JSON.parse((await app.currencyList.get()).body.toString()) as {
    currencies: { code: string; label: string }[];
  };
  return list.currencies.find((c) => c.code === "EUR")?.label;
}

describe("currency cache across instances", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a change saved through one instance clears the other instance's cached list at once", async () => {
    const other = await buildApp({ config: testConfig(), database: t.database, logger: false });
    await other.ready();
    const label = () => cachedEuroLabel(other);
    expect(await label()).toBe("Euro");
    await t.db.update(currencies).set({ label: "Eurozone" }).where(eq(currencies.code, "EUR"));
    expect(await label()).toBe("Euro"); // still the cached copy
    await t.app.invalidateCurrencies();
    // Well within the cache's 2 s lifetime: the notification, not the expiry, cleared it.
    await waitFor(async () => (await label()) === "Eurozone", 500);
    await other.close();
  });

  // PGlite runs in the process and has no connection to lose.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "the listener reconnects after PostgreSQL drops its connection, and a change clears the other instance's list again",
    async () => {
      const other = await buildApp({ config: testConfig(), database: t.database, logger: false });
      await other.ready();
      const label = () => cachedEuroLabel(other);
      // The process's one listening connection: the session whose last statement was a LISTEN.
      const listeners = async () =>
        (
          await queryRows<{ pid: number }>(
            t.db,
            sql`select pid from pg_stat_activity
                where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
          )
        ).map((row) => row.pid);
      const [before] = await listeners();
      expect(before).toBeTypeOf("number");
      await queryRows(t.db, sql`select pg_terminate_backend(${before})`);
      // Re-opened after a second, listening again.
      await waitFor(async () => {
        const now = await listeners();
        return now.length === 1 && now[0] !== before;
      }, 5_000);

      await t.db.update(currencies).set({ label: "Euro area" }).where(eq(currencies.code, "EUR"));
      other.currencyList.invalidate();
      expect(await label()).toBe("Euro area"); // loaded just now: cached for the next 2 s
      await t.db.update(currencies).set({ label: "Euro" }).where(eq(currencies.code, "EUR"));
      expect(await label()).toBe("Euro area");
      await t.app.invalidateCurrencies();
      await waitFor(async () => (await label()) === "Euro", 500);
      await other.close();
    },
  );
});
