import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ApiError } from "@bureau/domain/contracts/errors";
import { AppError } from "../lib/app-error.ts";
import { isUnstorableTextError } from "../lib/postgres.ts";

/**
 * One error handler for the whole API. 4xx bodies say what was wrong; 5xx bodies never carry
 * internals, only the request id under which the error was logged.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = toApiError(error);
    body.error.requestId = request.id;
    const status = error instanceof AppError ? error.status : statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
    } else {
      request.log.info({ code: body.error.code, status }, body.error.message);
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = {
      error: { code: "not_found", message: "There is nothing at this address.", requestId: request.id },
    };
    return reply.status(404).send(body);
  });
});

/**
 * The answer to a request Node's HTTP parser refused before Fastify saw it (Fastify's `clientErrorHandler`,
 * set in app.ts): headers or address past Node's limit (431), a request that did not arrive in time (408),
 * or bytes that are not HTTP (400). In the API's error shape, like every other error (Fastify's default
 * answers its own shape), and with `Connection: close`, since the connection ends here: a client that kept
 * it alive otherwise learnt so only on its next request.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const refused =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("headers_too_large", "The request's address or headers are too long.")
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new AppError("request_timeout", "The request did not arrive in time. Please try again.")
        : new AppError("bad_request", "The request is not valid.");
  const body = JSON.stringify(toApiError(refused));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refused.status} ${STATUS_CODES[refused.status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(error);
}

function statusOf(error: FastifyError): number {
  if (isUnstorableTextError(error)) return 400;
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

export function toApiError(error: FastifyError | AppError): ApiError {
  if (error instanceof AppError) {
    return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
  }
  if (isUnstorableTextError(error)) {
    return { error: { code: "bad_request", message: "The request contains characters we cannot accept." } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
      if (!fields[name]) fields[name] = issue.message ?? "is not valid";
    }
    const first = Object.entries(fields)[0];
    return {
      error: {
        code: "validation_failed",
        message: first ? `Please check ${first[0]}: ${first[1]}` : "The request is not valid.",
        fields,
      },
    };
  }
  const status = statusOf(error);
  if (status === 413) return { error: { code: "payload_too_large", message: "The request is too large." } };
  if (status === 415) return { error: { code: "unsupported_media_type", message: "Send the request as JSON." } };
  if (status === 429)
    return { error: { code: "rate_limited", message: "Too many attempts. Please wait a moment and try again." } };
  if (status === 404) return { error: { code: "not_found", message: "There is nothing at this address." } };
  if (status < 500) {
    // Fastify's own client errors (bad JSON, empty body...) have safe, plain messages.
    return {
      error: {
        code: "bad_request",
        message:
          error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.message.includes("JSON")
            ? "The request body is not valid JSON."
            : "The request is not valid.",
      },
    };
  }
  return { error: { code: "internal", message: "Something went wrong on our side. Please try again." } };
}
