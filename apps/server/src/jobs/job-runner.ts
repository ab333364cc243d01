import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db } from "../db/client.ts";
import type { Channel } from "../db/notify.ts";
import { acquireJobLease, releaseJobLease } from "./job-lease.ts";

/** One background job: a file of its own in this folder returns one of these. */
export type Job = {
  name: string;
  /** How often the runner looks for work when nothing wakes it. */
  everyMs: number;
  /** How long the runner's claim on the job lasts without renewal; another instance takes over after it. */
  leaseSeconds: number;
  /** A notification channel whose messages ask for a run at once (instead of at the next interval). */
  wakeOn?: Channel;
  run(): Promise<void>;
  /** Finishes the work in hand and stops early (on shutdown). */
  stop?(): Promise<void>;
};

export type JobStats = { name: string; runs: number; failures: number; holdsLease: boolean };

/**
 * Runs each job on at most one server instance at a time: before every run the instance takes or renews
 * the job's lease in the database, and renews it while a long run lasts. A run is never started twice
 * at once in one process; a wake-up during a run asks for one more run after it.
 */
export function createJobRunner({
  database,
  log,
  jobs,
  holder = randomUUID(),
}: {
  database: Database;
  log: FastifyBaseLogger;
  jobs: Job[];
  holder?: string;
}) {
  const db = database.db;
  const states = new Map<string, State>(jobs.map((job) => [job.name, initialState(job)]));
  const unlisteners: (() => Promise<void>)[] = [];
  let stopped = false;
  const lease: LeaseContext = { db, holder, log, isStopped: () => stopped };

  function trigger(state: State): Promise<void> {
    if (stopped) return Promise.resolve();
    if (state.running) {
      state.again = true;
      return state.running;
    }
    state.running = runIfHolder(state, lease)
      .catch((error) => {
        // The lease query itself failed (database unreachable): try again at the next interval.
        state.stats.holdsLease = false;
        log.warn({ err: error, job: state.job.name }, "job lease not taken");
      })
      .finally(() => {
        state.running = undefined;
        if (state.again && !stopped) {
          state.again = false;
          void trigger(state);
        }
      });
    return state.running;
  }

  function stateOf(name: string): State {
    const state = states.get(name);
    if (!state) throw new Error(`no job named ${name}`);
    return state;
  }

  return {
    holder,
    async start() {
      for (const state of states.values()) {
        if (state.job.wakeOn) unlisteners.push(await database.listen(state.job.wakeOn, () => void trigger(state)));
        state.timer = setInterval(() => void trigger(state), state.job.everyMs);
        state.timer.unref();
        void trigger(state);
      }
    },
    /** Runs the job now if this instance holds (or can take) its lease; resolves when the run ends. */
    async runNow(name: string): Promise<void> {
      const state = stateOf(name);
      await state.running;
      await trigger(state);
    },
    stats(): JobStats[] {
      return [...states.values()].map((state) => ({ ...state.stats }));
    },
    async stop() {
      stopped = true;
      for (const state of states.values()) if (state.timer) clearInterval(state.timer);
      await Promise.allSettled(unlisteners.map((unlisten) => unlisten()));
      await Promise.allSettled([...states.values()].map((state) => state.job.stop?.()));
      await Promise.allSettled([...states.values()].map((state) => state.running));
      // Another instance takes the jobs over at once instead of waiting for the leases to run out.
      await Promise.allSettled([...states.values()].map((state) => releaseJobLease(db, state.job.name, holder)));
    },
  };
}

type State = {
  job: Job;
  running: Promise<void> | undefined;
  /** A wake-up came during the run: one more run after it. */
  again: boolean;
  timer: NodeJS.Timeout | undefined;
  stats: JobStats;
};

function initialState(job: Job): State {
  return {
    job,
    running: undefined,
    again: false,
    timer: undefined,
    stats: { name: job.name, runs: 0, failures: 0, holdsLease: false },
  };
}

type LeaseContext = { db: Db; holder: string; log: FastifyBaseLogger; isStopped: () => boolean };

/** Runs the job once if this instance holds (or can take) its lease, counting the run and any failure. */
async function runIfHolder(state: State, { db, holder, log, isStopped }: LeaseContext): Promise<void> {
  const { job, stats } = state;
  const held = await acquireJobLease(db, job.name, holder, job.leaseSeconds);
  stats.holdsLease = held;
  if (!held || isStopped()) return;
  // Long runs keep the lease: renewed a few times per lease period.
  const renew = setInterval(
    () => {
      acquireJobLease(db, job.name, holder, job.leaseSeconds).then(
        (ok) => {
          stats.holdsLease = ok;
        },
        () => {},
      );
    },
    Math.max(1_000, (job.leaseSeconds * 1000) / 3),
  );
  try {
    stats.runs++;
    await job.run();
  } catch (error) {
    stats.failures++;
    log.error({ err: error, job: job.name }, "job run failed");
  } finally {
    clearInterval(renew);
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>;
