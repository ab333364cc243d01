import type { RetentionRules } from "@bureau/domain/retention";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { applyRetention } from "../modules/retention/index.ts";
import type { Job } from "./job-runner.ts";

/**
 * Retention (docs/features/retention-and-data-rights.md): once a day, and at each start, anonymises what has been kept for its whole
 * period. The periods are whole days, so one run a day is as exact as the rule; a run that finds nothing
 * due is a few index lookups. One instance at a time holds the job.
 */
export function retentionJob({
  db,
  rules,
  timeZone,
  log,
  everyMs = 24 * 60 * 60 * 1000,
}: {
  db: Db;
  rules: RetentionRules;
  timeZone: string;
  log: FastifyBaseLogger;
  everyMs?: number;
}): Job {
  return {
    name: "retention",
    everyMs,
    leaseSeconds: 300,
    async run() {
      const run = await applyRetention({ db, rules, timeZone });
      log.info(run, "retention periods applied");
    },
  };
}
