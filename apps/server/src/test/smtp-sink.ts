import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { createOutboxMailer } from "../jobs/outbox-mailer.ts";
import { type AcceptedMail, createSmtpSinkServer } from "./smtp-sink-server.ts";
import { createTestApp } from "./test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export type ReceivedMail = AcceptedMail;

/** A real SMTP server on a free local port that keeps every message it accepts. */
export async function startSmtpSink(options: { failFirst?: number; delayMs?: number } = {}) {
  const messages: ReceivedMail[] = [];
  let failuresLeft = options.failFirst ?? 0;
  // Messages between MAIL FROM and the end of their data: how many a sender had in flight at once.
  const load = { inFlight: 0, maxInFlight: 0 };
  const server = createSmtpSinkServer({
    onMail: (mail) => {
      load.inFlight -= 1;
      messages.push(mail);
    },
    refuseNext: () => failuresLeft-- > 0,
    mailFromDelayMs: () => {
      load.inFlight += 1;
      load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
      return options.delayMs ?? 0;
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The most messages it was receiving at once. */
    maxInFlight: () => load.maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a quoted-printable or plain MIME message, good enough for assertions. */
export function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The decoded text of the last message to `address` that contains `marker` (e.g. its subject), if any. */
export function lastMailTo(messages: ReceivedMail[], address: string, marker: string): string | undefined {
  return messages
    .filter((message) => message.to.includes(address))
    .map((message) => decodedBody(message.raw))
    .filter((text) => text.includes(marker))
    .at(-1);
}

/** An outbox mailer of this app sending to the given sink, as a (re)started server would run it. */
export function mailerFor(app: FastifyInstance, smtp: { url: string }) {
  return createOutboxMailer({
    db: app.db,
    log: app.log,
    smtpUrl: smtp.url,
    from: app.config.mail.from,
    publicUrl: app.config.publicUrl,
    orderLinks: app.orderLinks,
    alertLinks: app.alertLinks,
    displayTimeZone: app.config.displayTimeZone,
    orderExpiry: app.config.orderExpiry,
  });
}

/**
 * For a describe block whose tests read e-mail: one test app and one SMTP sink, started before its
 * tests and closed after them. Read `t` and `smtp` inside the tests (they are set once started).
 */
export function appWithSmtpSink() {
  const started = {} as { t: TestApp; smtp: SmtpSink };
  beforeAll(async () => {
    started.t = await createTestApp();
    started.smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await started.t?.close();
    await started.smtp?.close();
  });
  return started;
}
