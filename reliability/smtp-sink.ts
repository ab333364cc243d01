import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { createSmtpSinkServer } from "../apps/server/src/test/smtp-sink-server.ts";

export type SinkMessage = { messageId: string; to: string[]; subject: string; receivedAt: number };

type FromWorker =
  | { type: "listening"; port: number }
  | { type: "message"; message: SinkMessage }
  | { type: "pong"; id: number }
  | { type: "closed" };
type ToWorker = { type: "delay"; ms: number } | { type: "ping"; id: number } | { type: "close" };

/**
 * A real SMTP server on a free local port that keeps every message it accepts (the product sends
 * through it with SMTP_URL). The same server as apps/server/src/test/smtp-sink.ts (smtp-sink-server.ts),
 * plus what this suite needs:
 * - the Message-ID of each message (the product derives it from the business event);
 * - an adjustable delay before it answers MAIL FROM (a slower mail server), so that the crash part
 *   can kill the product while it is mid-send; the delay is in the envelope, before any message
 *   data, so a message is only recorded when its sender is still there to hear it was accepted;
 * - it runs in a worker thread, so that the load generator busy on the main thread does not slow
 *   the mail server down.
 */
export async function startSmtpSink() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { reliabilitySmtpSink: true } });
  const messages: SinkMessage[] = [];
  const pongs = new Map<number, () => void>();
  let closed: () => void = () => {};
  let died: Error | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    const fail = (error: Error) => {
      died = error;
      reject(error);
      for (const pong of pongs.values()) pong();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the SMTP sink's worker exited (code ${code})`)));
    worker.on("message", (event: FromWorker) => {
      if (event.type === "listening") resolve(event.port);
      else if (event.type === "message") messages.push(event.message);
      else if (event.type === "pong") pongs.get(event.id)?.();
      else if (event.type === "closed") closed();
    });
  });
  const post = (message: ToWorker) => worker.postMessage(message);
  let pingId = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Milliseconds the sink waits before answering MAIL FROM. */
    setDelay(ms: number) {
      post({ type: "delay", ms });
    },
    /** Resolves once every message the worker accepted so far is in `messages`. */
    async flush() {
      if (died) throw new Error(`the SMTP sink stopped: ${died.message}`);
      const id = ++pingId;
      const answered = await Promise.race([
        new Promise<boolean>((resolve) => {
          pongs.set(id, () => resolve(true));
          post({ type: "ping", id });
        }),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000).unref()),
      ]);
      pongs.delete(id);
      if (died) throw new Error(`the SMTP sink stopped: ${(died as Error).message}`);
      if (!answered) throw new Error("the SMTP sink did not answer within 10 s");
    },
    close: async () => {
      if (!died) {
        await Promise.race([
          new Promise<void>((resolve) => {
            closed = resolve;
            post({ type: "close" });
          }),
          new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
        ]);
      }
      worker.removeAllListeners("exit");
      await worker.terminate();
    },
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

function runWorker() {
  const port = parentPort!;
  const send = (message: FromWorker) => port.postMessage(message);
  let delayMs = 0;
  const server = createSmtpSinkServer({
    mailFromDelayMs: () => delayMs,
    onMail({ to, raw }) {
      const headerBlock = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
      const unfolded = headerBlock.replace(/\r?\n[ \t]+/g, " ");
      const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
      send({
        type: "message",
        message: { messageId: header("Message-ID"), to, subject: header("Subject"), receivedAt: Date.now() },
      });
    },
  });
  port.on("message", (message: ToWorker) => {
    if (message.type === "delay") delayMs = message.ms;
    else if (message.type === "ping") send({ type: "pong", id: message.id });
    else if (message.type === "close") server.close(() => send({ type: "closed" }));
  });
  server.listen(0, "127.0.0.1", () => {
    send({ type: "listening", port: (server.server.address() as { port: number }).port });
  });
}

if (!isMainThread && (workerData as { reliabilitySmtpSink?: boolean } | null)?.reliabilitySmtpSink) runWorker();
