import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@remix-run/node-fetch-server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createRequestHandler, type ServerBuild } from "react-router";
import { REQUEST_BODY_LIMIT_BYTES } from "../lib/body-limits.ts";
import { createInjectTransport } from "./inject-transport.ts";

/**
 * Serves the React Router app from the same process: hashed assets as immutable static files,
 * every other non-API path rendered on the server. Loaders reach the API in-process (app.inject),
 * so the web app has one API client and the API's validation and authorisation apply to it too.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { buildDir: string }) => {
  const serverBuildPath = path.join(opts.buildDir, "server", "index.js");
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild & {
    entry: { module: { createLoadContext: (values: unknown) => unknown } };
  };
  const createLoadContext = build.entry.module.createLoadContext;
  const transport = createInjectTransport(app);

  await app.register(fastifyStatic, {
    root: path.join(opts.buildDir, "client"),
    prefix: "/",
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      // @fastify/static v10 hands over the Fastify reply here.
      const target = reply as unknown as { header(name: string, value: string): void };
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      target.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  const handleRequest = createRequestHandler(build, app.config.env === "development" ? "development" : "production");
  const listener = createRequestListener(async (request) => {
    const response = await handleRequest(
      request,
      createLoadContext({
        nonce: request.headers.get("x-internal-csp-nonce") ?? "",
        requestId: request.headers.get("x-internal-request-id") ?? "",
        api: transport.forRequest({
          cookie: request.headers.get("cookie") ?? undefined,
          ip: request.headers.get("x-internal-client-ip") ?? undefined,
          userAgent: request.headers.get("user-agent") ?? undefined,
        }),
        publicConfig: {
          publicUrl: app.config.publicUrl,
          moneyTransferUrl: app.config.links.moneyTransfer,
          worfxUrl: app.config.links.worfx,
          appStoreUrl: app.config.links.appStore ?? null,
          playStoreUrl: app.config.links.playStore ?? null,
          googleEnabled: Boolean(app.config.google),
          oidcEnabled: Boolean(app.config.oidc),
        },
      }) as never,
    );
    return compressPage(request, response);
  }, publicOrigin(app.config.publicUrl));

  await app.register(async (scope) => {
    // React Router reads request bodies itself: leave the stream untouched here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    // ...so Fastify's body limit never applies here: refuse over-long form posts on their declared
    // length, before a byte of the body is read.
    scope.addHook("onRequest", refuseOversizedPagePost);
    const render = async (request: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) => {
      const raw = request.raw;
      // Internal headers are always overwritten, so a client cannot smuggle its own values in.
      raw.headers["x-internal-csp-nonce"] = reply.pageNonce ?? "";
      raw.headers["x-internal-request-id"] = request.id;
      raw.headers["x-internal-client-ip"] = request.ip;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      reply.hijack();
      await listener(raw, reply.raw);
    };
    scope.route({ method: ["GET", "HEAD", "POST"], url: "/", handler: render });
    scope.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      handler: async (request, reply) => {
        if (request.url.startsWith("/api/")) return reply.callNotFound();
        return render(request, reply);
      },
    });
  });
});

/**
 * A form post to a page must declare its length (browsers always do) and stay within the request
 * body limit: 413 above it, 411 for a body of undeclared length (chunked), which could otherwise grow
 * without bound while React Router reads it. The connection is closed rather than drained.
 */
async function refuseOversizedPagePost(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== "POST") return;
  const declared = request.headers["content-length"];
  const chunked = request.headers["transfer-encoding"] !== undefined;
  if (!chunked && (declared === undefined || Number(declared) <= REQUEST_BODY_LIMIT_BYTES)) return;
  const [status, text] = chunked
    ? [411, "This form could not be sent: its length was not given."]
    : [413, `This form is too large to send (at most ${REQUEST_BODY_LIMIT_BYTES / 1024} KB).`];
  return reply
    .code(status)
    .header("connection", "close")
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Harbour FX</title><p>${text}</p></html>`);
}

/**
 * Pages are rendered per request, so they cannot be pre-compressed like the assets: gzip them on
 * the way out (a phone on a slow network gets a fifth of the bytes).
 */
function compressPage(request: Request, response: Response): Response {
  const type = response.headers.get("content-type") ?? "";
  const acceptsGzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  if (!response.body || !acceptsGzip || !type.startsWith("text/html") || response.headers.has("content-encoding")) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("content-encoding", "gzip");
  headers.append("vary", "Accept-Encoding");
  headers.delete("content-length");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Behind HTTPS the product sits behind a reverse proxy, and the page URL React Router sees (and
 * compares with a form post's Origin) must be the public one, not the proxy's plain-HTTP hop.
 * Served directly over HTTP, the URL follows the Host the browser used.
 */
function publicOrigin(publicUrl: string): { host?: string; protocol?: string } {
  const url = new URL(publicUrl);
  return url.protocol === "https:" ? { host: url.host, protocol: url.protocol } : {};
}
