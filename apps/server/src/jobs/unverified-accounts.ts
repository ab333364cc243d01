import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { removeUnverifiedAccounts } from "../modules/users/index.ts";
import type { Job } from "./job-runner.ts";

/**
 * Unconfirmed sign-ups (decision 030): every hour, and at each start, removes the accounts whose address
 * was not confirmed within 7 days of sign-up. One instance at a time holds the job.
 */
export function unverifiedAccountsJob({
  db,
  log,
  everyMs = 60 * 60 * 1000,
}: {
  db: Db;
  log: FastifyBaseLogger;
  everyMs?: number;
}): Job {
  return {
    name: "unverified-accounts",
    everyMs,
    leaseSeconds: 300,
    async run() {
      const removed = await removeUnverifiedAccounts({ db });
      if (removed > 0) log.info({ removed }, "unconfirmed accounts removed");
    },
  };
}
