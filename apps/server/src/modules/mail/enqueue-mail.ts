import type { Db, Tx } from "../../db/client.ts";
import { outbox } from "../../db/schema.ts";

/** Every kind of e-mail the product sends; each has a renderer in modules/mail/templates. */
export type MailKind = "order-received" | "order-ready" | "contact-to-support";

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
 * with retries.
 */
export async function enqueueMail(db: Db | Tx, message: MailMessage): Promise<void> {
  await db
    .insert(outbox)
    .values({ kind: message.kind, dedupeKey: message.dedupeKey, payload: { to: message.to, data: message.data } })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}
