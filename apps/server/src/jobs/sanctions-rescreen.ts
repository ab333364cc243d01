import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { channels } from "../db/notify.ts";
import { rescreenOpenOrders } from "../modules/sanctions/index.ts";
import type { Job } from "./job-runner.ts";

/**
 * Sanctions re-screening: woken by every UK Sanctions List import (importSanctionsList notifies on
 * commit), and every ten minutes in case the notification was lost; screens the open orders not yet
 * screened against the newest list. One instance at a time holds the job.
 */
export function sanctionsRescreenJob({
  db,
  log,
  threshold,
  everyMs = 600_000,
}: {
  db: Db;
  log: FastifyBaseLogger;
  threshold: number;
  everyMs?: number;
}): Job {
  return {
    name: "sanctions-rescreen",
    everyMs,
    leaseSeconds: 120,
    wakeOn: channels.sanctions,
    async run() {
      const done = await rescreenOpenOrders({ db, threshold });
      if (done.screened > 0) log.info(done, "open orders screened against the new sanctions list");
    },
  };
}
