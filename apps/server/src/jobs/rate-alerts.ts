import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { channels } from "../db/notify.ts";
import { fireRateAlerts } from "../modules/rate-alerts/index.ts";
import type { Job } from "./job-runner.ts";

/**
 * Rate alerts: woken by every recorded price change and every confirmed alert (recordCurrentRate and
 * confirmRateAlert notify on commit), and once a minute in case a notification was lost while the
 * listening connection was down. A run is one statement per currency with active alerts, never a look
 * per alert; one instance at a time holds the job.
 */
export function rateAlertsJob({
  db,
  log,
  everyMs = 60_000,
}: {
  db: Db;
  log: FastifyBaseLogger;
  everyMs?: number;
}): Job {
  return {
    name: "rate-alerts",
    everyMs,
    leaseSeconds: 60,
    wakeOn: channels.rateAlerts,
    async run() {
      for (const fired of await fireRateAlerts({ db })) {
        log.info(fired, "rate alerts reached: e-mails queued");
      }
    },
  };
}
