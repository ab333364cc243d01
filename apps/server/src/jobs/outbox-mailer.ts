import { displayDates } from "@bureau/domain/dates";
import type { OrderExpiry } from "@bureau/domain/order-lifecycle";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client.ts";
import { queryRows } from "../lib/postgres.ts";
import { type MailKind, payloadKeptAfterSending } from "../modules/mail/index.ts";
import type { OrderLinks } from "../modules/orders/index.ts";
import type { AlertLinks } from "../modules/rate-alerts/index.ts";
import { renderMail } from "./render-mail.ts";

type OutboxRow = {
  id: number;
  kind: MailKind;
  dedupe_key: string;
  payload: { to: string; data: Record<string, unknown> };
  attempts: number;
};

export type OutboxMailerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  publicUrl: string;
  /** Signs the link to the order page that every order e-mail carries. */
  orderLinks: OrderLinks;
  /** Signs the confirm and unsubscribe links of the rate-alert e-mails. */
  alertLinks: AlertLinks;
  /** The zone of the dates the e-mails show (DISPLAY_TIME_ZONE). */
  displayTimeZone: string;
  /** The expiry rule the order e-mails' collect-by date comes from (ORDER_EXPIRE_*_AFTER_DAYS). */
  orderExpiry: OrderExpiry;
  maxAttempts?: number;
};

const BATCH = 10;
/** Messages of a batch in flight at once: nodemailer's pooled transport keeps 5 connections (maxConnections). */
const CONCURRENT_SENDS = 5;
const LOCK_SECONDS = 120;

/** Backoff after a failed attempt: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * SMTP_URL with nodemailer's `pool` option on: a pooled transport keeps its SMTP connections open,
 * where a new connection per message capped the mailer at about 9 e-mails a second under load
 * (reliability suite). The operator's own query options are kept.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  url.searchParams.set("pool", "true");
  return url.toString();
}

/**
 * Sends the transactional outbox (scheduled by the job runner: outbox-delivery.ts). Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
 * server instances never send the same message at once, and a message whose sender crashed is picked
 * up again when its lease runs out. A message is marked sent only after the SMTP server accepted it;
 * its Message-ID is derived from the business event, so a receiving system can drop a repeat.
 */
export function createOutboxMailer(options: OutboxMailerOptions) {
  const { db } = options;
  const maxAttempts = options.maxAttempts ?? 10;
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(pooledSmtpUrl(options.smtpUrl))
    : null;
  const domain = new URL(options.publicUrl).hostname || "localhost";
  let stopped = false;

  // Without SMTP_URL nothing is sent; the messages wait in the outbox.
  const sending: SendContext | null = transport ? { options, transport, domain, maxAttempts } : null;

  /**
   * One pass: sends everything due. Returns how many messages were attempted. A batch is sent
   * `CONCURRENT_SENDS` messages at a time, over the pooled transport's connections: one at a time, the
   * mailer sent about 40 e-mails a second, fewer than a busy minute of placements queues (reliability
   * suite, three instances). A stop request ends the pass after the messages being sent; the rest of its
   * batch is released at once for the next sender (another instance, or this one after a restart) instead
   * of waiting out the lease.
   */
  let passes = new Set<Promise<number>>();
  function runOnce(): Promise<number> {
    const pass = sendDue();
    passes.add(pass);
    void pass.finally(() => passes.delete(pass)).catch(() => {});
    return pass;
  }

  async function sendDue(): Promise<number> {
    if (!sending) return 0;
    let attempted = 0;
    while (!stopped) {
      const rows = await claimDue(db);
      if (rows.length === 0) return attempted;
      let next = 0;
      const sender = async () => {
        while (!stopped && next < rows.length) {
          const row = rows[next++]!;
          await sendOne(row, sending);
          attempted += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENT_SENDS, rows.length) }, sender));
      if (stopped && next < rows.length) {
        await releaseUnsent(
          db,
          rows.slice(next).map((r) => r.id),
        );
        return attempted;
      }
    }
    return attempted;
  }

  return {
    enabled: transport !== null,
    runOnce,
    async stop() {
      stopped = true;
      // Let every pass finish the message in hand before the connections close.
      await Promise.allSettled([...passes]);
      passes = new Set();
      transport?.close();
    },
  };
}

/** Claims up to a batch of due messages under a lease, counting the attempt. */
function claimDue(db: Db): Promise<OutboxRow[]> {
  return queryRows<OutboxRow>(
    db,
    sql`
    update outbox set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by id limit ${BATCH} for update skip locked)
    returning id, kind, dedupe_key, payload, attempts`,
  );
}

/** Gives claimed messages that were not attempted back at once, their attempt uncounted. */
async function releaseUnsent(db: Db, ids: number[]): Promise<void> {
  await db.execute(sql`update outbox set locked_until = null, attempts = attempts - 1
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and status = 'pending'`);
}

type SendContext = {
  options: OutboxMailerOptions;
  transport: Transporter;
  /** The host of the Message-IDs. */
  domain: string;
  maxAttempts: number;
};

/**
 * Renders and sends one claimed message and records the outcome: sent, failed for good (nothing to
 * render, or the last attempt), or pending again after the backoff.
 */
async function sendOne(row: OutboxRow, { options, transport, domain, maxAttempts }: SendContext): Promise<void> {
  const { db, log } = options;
  try {
    const rendered = await renderMail(db, row.kind, row.payload.data, {
      publicUrl: options.publicUrl,
      orderLinks: options.orderLinks,
      alertLinks: options.alertLinks,
      dates: displayDates(options.displayTimeZone),
      orderExpiry: options.orderExpiry,
    });
    if (!rendered) {
      await db.execute(
        sql`update outbox set status = 'failed', last_error = 'nothing to render', locked_until = null,
          payload = ${payloadKeptAfterSending()} where id = ${row.id}`,
      );
      return;
    }
    await transport.sendMail({
      from: options.from,
      to: row.payload.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      ...(rendered.attachments ? { attachments: rendered.attachments } : {}),
      messageId: `<${row.dedupe_key.replaceAll(":", ".")}@${domain}>`,
      // Headers a template asks for (List-Unsubscribe of the alert e-mails), set here for every kind.
      ...(rendered.headers ? { headers: rendered.headers } : {}),
    });
    await db.execute(
      sql`update outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
        payload = ${payloadKeptAfterSending()} where id = ${row.id}`,
    );
    log.info({ outboxId: row.id, kind: row.kind }, "e-mail sent");
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : "unknown error";
    const failed = row.attempts >= maxAttempts;
    const next = new Date(Date.now() + retryDelayMs(row.attempts));
    await db.execute(sql`update outbox set status = ${failed ? "failed" : "pending"}, last_error = ${message},
      next_attempt_at = ${next.toISOString()}::timestamptz, locked_until = null,
      payload = ${failed ? payloadKeptAfterSending() : sql`payload`} where id = ${row.id}`);
    log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, failed, err: message }, "e-mail not sent");
  }
}

export type OutboxMailer = ReturnType<typeof createOutboxMailer>;
