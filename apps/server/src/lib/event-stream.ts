import type { FastifyReply, FastifyRequest } from "fastify";

/** One open server-sent events stream (text/event-stream) to a browser's EventSource. */
export type EventStream = {
  /** Sends one message event whose data is `data` (one line: JSON has no raw line breaks). */
  send(data: string): void;
  /** Ends the stream (the browser reconnects after the retry delay unless its page is gone). */
  close(): void;
  /** Called once, when the stream ends from either side. */
  onClose(handler: () => void): void;
};

/**
 * Turns the reply into a server-sent events stream. The reply is hijacked, so the headers set so far
 * (security headers, CSP, request id) are written by hand with the stream's own. A comment line every
 * `keepAliveMs` keeps proxies from closing a quiet connection; `retryMs` is how long the browser waits
 * before reconnecting after a loss. After `maxAgeMs` the server ends the stream and the browser opens a
 * new one: a stream cannot be held for ever, and each reconnection is counted again by the limits.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    keepAliveMs = 25_000,
    retryMs = 5_000,
    maxAgeMs,
  }: { keepAliveMs?: number; retryMs?: number; maxAgeMs?: number } = {},
): EventStream {
  const headers: Record<string, string | string[] | number> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value as string | string[] | number;
  }
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    // nginx would otherwise hold the events in its buffer.
    "x-accel-buffering": "no",
  });
  raw.write(`retry: ${retryMs}\n\n`);
  const closeHandlers: Array<() => void> = [];
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    clearTimeout(ageLimit);
    for (const handler of closeHandlers) handler();
  };
  const keepAlive = setInterval(() => {
    if (!closed) raw.write(": keep-alive\n\n");
  }, keepAliveMs);
  keepAlive.unref();
  const ageLimit =
    maxAgeMs === undefined
      ? undefined
      : setTimeout(() => {
          if (!closed) raw.end();
          finish();
        }, maxAgeMs);
  ageLimit?.unref();
  request.raw.on("close", finish);
  raw.on("close", finish);
  return {
    send(data) {
      if (!closed) raw.write(`data: ${data.replaceAll("\n", "\ndata: ")}\n\n`);
    },
    close() {
      if (!closed) raw.end();
      finish();
    },
    onClose(handler) {
      if (closed) handler();
      else closeHandlers.push(handler);
    },
  };
}
