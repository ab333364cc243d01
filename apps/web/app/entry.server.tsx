import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { appContext } from "./lib/app-context.ts";
import { NonceContext } from "./lib/nonce.ts";
import { FirstRenderModulesContext, modulesOfFirstRender } from "./lib/script-priority.tsx";

export { createLoadContext } from "./lib/app-context.ts";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering (onAllReady) so that every page's content is in the
 * first HTML for people and search engines alike; the CSP nonce of this request goes on every
 * inline script React Router emits.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(appContext);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <FirstRenderModulesContext.Provider value={modulesOfFirstRender(routerContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </FirstRenderModulesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
