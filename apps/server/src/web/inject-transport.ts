import { Readable } from "node:stream";
import type { ApiRequest, ApiResponse, ApiTransport } from "@bureau/domain/contracts/web-host";
import type { FastifyInstance } from "fastify";

/**
 * The server-side transport of the web app's API client: the same routes, validation and
 * authorisation as over HTTP, without a network hop. The visitor's cookie and address travel with it.
 */
export function createInjectTransport(app: FastifyInstance) {
  return {
    forRequest(visitor: {
      cookie?: string | undefined;
      ip?: string | undefined;
      userAgent?: string | undefined;
    }): ApiTransport {
      return async (request: ApiRequest): Promise<ApiResponse> => {
        const body = requestBody(request);
        const response = await app.inject({
          method: request.method as "GET",
          url: request.path,
          headers: {
            ...(visitor.cookie ? { cookie: visitor.cookie } : {}),
            ...(visitor.userAgent ? { "user-agent": visitor.userAgent } : {}),
            ...(body ? { "content-type": body.contentType, "content-length": String(body.length) } : {}),
            origin: app.config.publicUrl,
            ...request.headers,
          },
          remoteAddress: visitor.ip ?? "127.0.0.1",
          ...(body ? { payload: body.payload } : {}),
        });
        const setCookie = response.headers["set-cookie"];
        return {
          status: response.statusCode,
          body: response.body ? safeJson(response.body) : null,
          setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
        };
      };
    },
  };
}

/**
 * What goes on the wire for a request's body: JSON, or a file's bytes streamed as they are (a list of
 * megabytes is not copied into one more buffer on its way to the API, which applies its own limit).
 */
function requestBody(request: ApiRequest): { contentType: string; length: number; payload: string | Readable } | null {
  if (request.rawBody) {
    const { contentType, data } = request.rawBody;
    return { contentType, length: data.size, payload: Readable.from(data.stream()) };
  }
  if (request.body === undefined) return null;
  const json = JSON.stringify(request.body);
  return { contentType: "application/json", length: Buffer.byteLength(json), payload: json };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
