import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { channels } from "../db/notify.ts";
import { isRefreshDue, REFRESH_INTERVAL_SECONDS, refreshAllRates } from "../modules/rates/index.ts";
import type { RateProvider } from "../modules/rates/index.ts";
import type { Job } from "./job-runner.ts";

/**
 * Live rates ("Get the Latest"): while staff have switched it on, fetches every currency's market rate
 * once a minute. Whichever instance holds the job's lease does it; `onRefreshed` tells every instance.
 */
export function liveRatesJob({
  db,
  provider,
  log,
  onRefreshed,
  everyMs = 10_000,
}: {
  db: Db;
  provider: RateProvider;
  log: FastifyBaseLogger;
  onRefreshed: () => Promise<void>;
  everyMs?: number;
}): Job {
  return {
    name: "live-rates",
    everyMs,
    // Longer than a slow refresh of every currency; renewed while it runs.
    leaseSeconds: REFRESH_INTERVAL_SECONDS * 2,
    wakeOn: channels.liveRates,
    async run() {
      if (!(await isRefreshDue(db))) return;
      const result = await refreshAllRates({ db, provider, log });
      log.info(result, "rates refreshed");
      await onRefreshed();
    },
  };
}
