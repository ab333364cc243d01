import type { Socket } from "node:net";
import type { ApiError, ErrorCode } from "@bureau/domain/contracts/errors";
import { errorStatus } from "@bureau/domain/contracts/errors";
import { STATUS_CODES } from "node:http";

/**
 * The answer to a request Node's HTTP parser refused before Fastify saw it (Fastify's `clientErrorHandler`):
 * headers or address past Node's limit (431), a request that did not arrive in time (408), or bytes that are
 * not HTTP (400). In the API's error shape, like every other error (Fastify's default answers its own
 * shape), and with `Connection: close`, since the connection ends here: a client that kept it alive
 * otherwise learnt so only on its next request.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [code, message]: [ErrorCode, string] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? ["headers_too_large", "The request's address or headers are too long."]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? ["request_timeout", "The request did not arrive in time. Please try again."]
        : ["bad_request", "The request could not be read."];
  const status = errorStatus[code];
  const body = JSON.stringify({ error: { code, message } } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(error);
}
