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
        const response = await app.inject({
          method: request.method as "GET",
          url: request.path,
          headers: {
            ...(visitor.cookie ? { cookie: visitor.cookie } : {}),
            ...(visitor.userAgent ? { "user-agent": visitor.userAgent } : {}),
            ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
            origin: app.config.publicUrl,
            ...request.headers,
          },
          remoteAddress: visitor.ip ?? "127.0.0.1",
          ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
