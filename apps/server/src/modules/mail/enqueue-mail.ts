import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { channels } from "../../db/notify.ts";
import { queryRowsPrepared } from "../../lib/postgres.ts";

/** Every kind of e-mail the product sends; each has a renderer (render-mail.ts). */
export type MailKind =
  | "order-received"
  | "order-amended"
  | "order-ready"
  | "order-cancelled"
  | "order-expired"
  | "contact-to-support"
  | "email-verification"
  | "password-reset"
  | "sign-up-existing-account"
  | "account-closure"
  | "second-factor-enrolment"
  | "rate-alert-confirm"
  | "rate-alert-triggered";

/**
 * Kinds whose message is a working secret link (e-mail verification, password reset, account closure,
 * authenticator set-up). Once such a message
 * has left (or will never leave), the outbox keeps who it went to and when, not the link: a copy of the
 * outbox then opens no account (decision 031).
 */
const SECRET_LINK_KINDS: MailKind[] = [
  "email-verification",
  "password-reset",
  "account-closure",
  "second-factor-enrolment",
];

/** The payload to keep once a message is sent or given up: secret links replaced by a note. */
export function payloadKeptAfterSending(): SQL {
  const kinds = sql.join(
    SECRET_LINK_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  return sql`case when kind in (${kinds})
    then jsonb_build_object('to', payload -> 'to', 'data', jsonb_build_object('link', 'removed after sending'))
    else payload end`;
}

export type MailMessage = {
  kind: MailKind;
  /** One e-mail per business event: a second enqueue with the same key is ignored. */
  dedupeKey: string;
  to: string;
  /** Data for the template; user input in it is escaped when rendered. */
  data: Record<string, unknown>;
};

/**
 * Writes an e-mail to the transactional outbox. Call it inside the same transaction as the change
 * it announces, so that the e-mail exists exactly when the change does; the outbox mailer job sends it
 * with retries. In the same statement it notifies the mailer, which PostgreSQL delivers on commit: the
 * instance running the mailer sends at once, and nothing is announced for a change that rolled back.
 */
export async function enqueueMail(db: Db | Tx, message: MailMessage): Promise<void> {
  await db.execute(sql`with queued as (${queuedMail(message)}) ${notifyMailer("queued")}`);
}

/** The outbox insert of one message as a statement to put in a WITH clause (`enqueueMail`'s). */
function queuedMail(message: MailMessage): SQL {
  const payload = JSON.stringify({ to: message.to, data: message.data });
  return sql`insert into outbox (kind, dedupe_key, payload) values (${message.kind}, ${message.dedupeKey}, ${payload}::jsonb)
      on conflict (dedupe_key) do nothing returning id`;
}

/** Wakes the mailer on commit when the WITH clause `queued` inserted a message. */
export function notifyMailer(queued: string): SQL {
  return sql`select pg_notify(${channels.outbox}, '') from ${sql.identifier(queued)}`;
}

/**
 * Wakes the mailer for messages a statement has already committed without `notifyMailer`, on a busy path
 * (placing an order). A NOTIFY inside a writing transaction takes PostgreSQL's one notification lock
 * (for the whole cluster) at commit and holds it through the commit's flush to disk, so concurrent
 * placements committed one at a time behind it (bench/report.md, order placements). Sent after the commit, and
 * spaced: at most one NOTIFY per `WAKE_SPACING_MS` per database, and one more at the end of that time for
 * whatever committed meanwhile, so that a placement's e-mail leaves at most that much later, and under load
 * a wake-up costs a statement for many placements instead of one each (at 340 placements a second, one
 * NOTIFY for about seven). Nothing waits for it; a wake-up lost with the process is covered by the mailer's
 * poll (a few seconds).
 */
export function wakeMailer(db: Db): void {
  let state = wakeUps.get(db);
  if (!state) {
    state = { inFlight: false, again: false };
    wakeUps.set(db, state);
  }
  if (state.inFlight) {
    state.again = true;
    return;
  }
  state.inFlight = true;
  const current = state;
  const send = (): void => {
    current.again = false;
    const sentAt = performance.now();
    // A named statement: each pooled connection parses it once (unnamed, it was parsed at every placement).
    queryRowsPrepared(db, sql`select pg_notify(${channels.outbox}, '')`)
      .catch(() => {})
      .finally(() => {
        setTimeout(
          () => {
            if (current.again) send();
            else current.inFlight = false;
          },
          Math.max(0, sentAt + WAKE_SPACING_MS - performance.now()),
        );
      });
  };
  send();
}

/** The least time between two wake-ups of the mailer from one process. */
export const WAKE_SPACING_MS = 20;

const wakeUps = new WeakMap<Db, { inFlight: boolean; again: boolean }>();

/**
 * For a statement that queues many messages at once (INSERT ... SELECT into the outbox as the WITH
 * clause `queued`, returning id): one wake-up however many rows, and the number queued as `queued`.
 */
export function notifyMailerOnceCounting(queued: string): SQL {
  const name = sql.identifier(queued);
  return sql`select count(*)::int as queued,
      (select count(*)::int from (select pg_notify(${channels.outbox}, '') from (select 1 from ${name} limit 1) as one) as woken) as woken
    from ${name}`;
}
