import type { Db } from "../../db/client.ts";
import { contactMessages } from "../../db/schema.ts";
import { enqueueMail } from "../mail/index.ts";

export type ContactMessageInput = {
  name: string;
  email: string;
  phone: string | null;
  message: string;
};

/**
 * Stores a contact-form message and queues its e-mail to support in one transaction: the message is
 * never stored without its e-mail, nor e-mailed without being stored. The outbox mailer sends it with
 * retries, so a mail server that is down never loses an enquiry.
 */
export async function submitContactMessage({
  db,
  supportEmail,
  message,
}: {
  db: Db;
  supportEmail: string;
  message: ContactMessageInput;
}): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({ name: message.name, email: message.email, phone: message.phone, message: message.message })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!stored) throw new Error("Inserting the contact message returned no row");
    await enqueueMail(tx, {
      kind: "contact-to-support",
      dedupeKey: `contact-message:${stored.id}`,
      to: supportEmail,
      data: {
        contactMessageId: stored.id,
        name: message.name,
        email: message.email,
        phone: message.phone,
        message: message.message,
        receivedAt: stored.createdAt.toISOString(),
      },
    });
    return { id: stored.id };
  });
}
