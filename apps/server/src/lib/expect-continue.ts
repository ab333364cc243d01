import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { toApiError } from "../plugins/errors.ts";
import { AppError } from "./app-error.ts";
import { declaredBodyLimit } from "./body-limits.ts";

/**
 * A client sending `Expect: 100-continue` waits for "100 Continue" before it sends the body. Node answers
 * it at once unless the server listens for `checkContinue`, so a body far over the limit was invited in,
 * then refused: the client had already started sending megabytes. Here a declared length over the most
 * the request's route could take (lib/body-limits.ts) is refused with 413 before anything is sent, and
 * the connection closed; any other request is told to continue and handed on to the server as usual.
 */
export function refuseOversizedBodiesBeforeContinue(server: Server): void {
  server.on("checkContinue", (request: IncomingMessage, response: ServerResponse) => {
    const declared = request.headers["content-length"];
    const limit = declaredBodyLimit(request.method ?? "GET", request.url ?? "/", request.headers["content-type"]);
    if (declared !== undefined && Number(declared) > limit.bytes) {
      const isApi = (request.url ?? "").startsWith("/api/");
      const body = isApi
        ? JSON.stringify(toApiError(new AppError("payload_too_large", limit.tooLarge)))
        : `<!doctype html><html lang="en"><meta charset="utf-8"><title>Harbour FX</title><p>${limit.tooLarge}</p></html>`;
      response.writeHead(413, {
        "content-type": isApi ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        connection: "close",
      });
      response.end(body);
      return;
    }
    response.writeContinue();
    server.emit("request", request, response);
  });
}
