import { channels } from "../db/notify.ts";
import type { Job } from "./job-runner.ts";
import type { OutboxMailer } from "./outbox-mailer.ts";

/**
 * Sends the outbox's due e-mails: woken by every committed message (enqueueMail notifies), and every few
 * seconds for retries that have come due. One instance at a time holds the job.
 */
export function outboxDeliveryJob(mailer: OutboxMailer, { everyMs = 5_000 }: { everyMs?: number } = {}): Job {
  return {
    name: "outbox",
    everyMs,
    leaseSeconds: 30,
    wakeOn: channels.outbox,
    run: async () => {
      await mailer.runOnce();
    },
    stop: () => mailer.stop(),
  };
}
