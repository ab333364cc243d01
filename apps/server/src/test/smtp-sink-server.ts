import { SMTPServer } from "smtp-server";

/** One message as the sink accepted it: the envelope and the raw MIME text. */
export type AcceptedMail = { from: string; to: string[]; raw: string };

/**
 * The SMTP server behind both test sinks (the server tests' smtp-sink.ts and the reliability
 * suite's): local, no authentication, no TLS, no reverse DNS look-up. It hands every accepted
 * message on; `refuseNext` lets a test make the next message fail temporarily (451), and
 * `mailFromDelayMs` makes it a slow mail server that answers MAIL FROM late.
 */
export function createSmtpSinkServer(options: {
  onMail: (mail: AcceptedMail) => void;
  refuseNext?: () => boolean;
  mailFromDelayMs?: () => number;
}): SMTPServer {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // No DNS look-up of each connecting client: it is always this machine.
    disableReverseLookup: true,
    size: 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      const delay = options.mailFromDelayMs?.() ?? 0;
      if (delay > 0) setTimeout(() => callback(), delay);
      else callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        if (options.refuseNext?.()) {
          const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        options.onMail({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  // A sender that vanishes mid-conversation (a product killed mid-send) is an ordinary event for a
  // mail server, not a reason to stop.
  server.on("error", () => {});
  return server;
}
