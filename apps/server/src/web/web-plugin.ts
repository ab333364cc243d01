import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppLoadContext, PublicConfig } from "@bureau/domain/contracts/web-host";
import { zoneOffsetsAround } from "@bureau/domain/dates";
import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@remix-run/node-fetch-server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { pagePostLimit } from "../lib/body-limits.ts";
import { createInjectTransport } from "./inject-transport.ts";
import { noStore } from "../lib/no-store.ts";
import { sessionCookieName } from "../plugins/auth.ts";

/**
 * Serves the React Router app from the same process: hashed assets as immutable static files,
 * every other non-API path rendered on the server. Loaders reach the API in-process (app.inject),
 * so the web app has one API client and the API's validation and authorisation apply to it too.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { buildDir: string }) => {
  const serverBuildPath = path.join(opts.buildDir, "server", "index.js");
  const build = webServerBuild(await import(pathToFileURL(serverBuildPath).href), serverBuildPath);
  const createLoadContext = build.entry.module.createLoadContext;
  const transport = createInjectTransport(app);
  const publicConfig: PublicConfig = {
    publicUrl: app.config.publicUrl,
    moneyTransferUrl: app.config.links.moneyTransfer,
    worfxUrl: app.config.links.worfx,
    appStoreUrl: app.config.links.appStore ?? null,
    playStoreUrl: app.config.links.playStore ?? null,
    googleEnabled: Boolean(app.config.google),
    oidcEnabled: Boolean(app.config.oidc),
    orderLimits: app.config.orderLimits,
    orderExpiry: app.config.orderExpiry,
    retention: app.config.retention,
    displayZone: zoneOffsetsAround(app.config.displayTimeZone, new Date()),
    buybackGuarantee: app.config.buybackGuarantee,
  };
  const urlOptions = publicOrigin(app.config.publicUrl);
  const sessionCookie = sessionCookieName(app.config);

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

  /** The load context of one page request, typed end to end and handed over directly. */
  function loadContextOf(request: FastifyRequest, reply: FastifyReply) {
    return createLoadContext({
      nonce: reply.pageNonce ?? "",
      requestId: request.id,
      api: transport.forRequest({
        cookie: request.headers.cookie,
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      }),
      publicConfig,
    });
  }

  await app.register(async (scope) => {
    // React Router reads request bodies itself: leave the stream untouched here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    // ...so Fastify's body limit never applies here: refuse over-long form posts on their declared
    // length, before a byte of the body is read.
    scope.addHook("onRequest", refuseOversizedPagePost);
    const render = async (request: FastifyRequest, reply: FastifyReply) => {
      const context = loadContextOf(request, reply);
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      reply.hijack();
      // The fetch-server adapter (the one @react-router/node uses) turns the Node request into a
      // Request, sends the Response back and handles aborted requests; the context goes in directly.
      const listener = createRequestListener(
        async (pageRequest) =>
          compressPage(
            pageRequest,
            keepPersonalPagesOutOfCaches(pageRequest, await handleRequest(pageRequest, context), sessionCookie),
          ),
        urlOptions,
      );
      await listener(request.raw, reply.raw);
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

/** The staff area's pages (the dashboard, the Secure Box step and the authenticator set-up), whatever the letter case. */
const staffPagePath = /^\/(dashboard|box|account)(\/|$)/i;
/**
 * Pages that show a customer's personal data whoever asks: an order opened by its link or looked up
 * (`/track`), the order wizard (the details typed and the confirmation), a rate alert's links, and the
 * account pages (profile, My orders; `/account` is in `staffPagePath`).
 */
const personalPagePath = /^\/(track|purchase|alerts)(\/|$)/i;

/**
 * Staff pages, like staff API answers, and every page with personal data must not stay in a shared or
 * browser cache: `no-store`, not `no-cache` (which lets a browser keep the page on disk and show it
 * again, after sign-out too). Personal data is on the personal pages, in any answer to a form post,
 * and on every page rendered for a signed-in visitor (the account menu shows their e-mail).
 */
function keepPersonalPagesOutOfCaches(request: Request, response: Response, sessionCookie: string): Response {
  const pathname = new URL(request.url).pathname;
  const personal =
    staffPagePath.test(pathname) ||
    personalPagePath.test(pathname) ||
    request.method === "POST" ||
    (request.headers.get("cookie") ?? "").includes(`${sessionCookie}=`);
  if (personal) response.headers.set("cache-control", "no-store");
  return response;
}

/**
 * The server build of the web app, with the load-context factory its server entry exports
 * (apps/web/app/entry.server.tsx). Checked once at start, so a build without it fails loudly.
 */
type WebServerBuild = ServerBuild & {
  entry: {
    module: ServerBuild["entry"]["module"] & { createLoadContext: (values: AppLoadContext) => RouterContextProvider };
  };
};

function webServerBuild(module: ServerBuild, from: string): WebServerBuild {
  const entry = module.entry?.module as Partial<WebServerBuild["entry"]["module"]> | undefined;
  if (typeof entry?.createLoadContext !== "function") {
    throw new Error(`${from}: the web app's server entry does not export createLoadContext`);
  }
  return module as WebServerBuild;
}

/**
 * A form post to a page must declare its length (browsers always do) and stay within its limit (the
 * page limit; a file upload's to the pages that take one, lib/body-limits.ts): 413 above it, 411 for a
 * body of undeclared length (chunked), which could otherwise grow without bound while React Router
 * reads it. The connection is closed rather than drained.
 */
async function refuseOversizedPagePost(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== "POST") return;
  const limit = pagePostLimit(request.url, request.headers["content-type"]);
  const declared = request.headers["content-length"];
  const chunked = request.headers["transfer-encoding"] !== undefined;
  if (!chunked && (declared === undefined || Number(declared) <= limit.bytes)) return;
  const [status, text] = chunked
    ? [411, "This form could not be sent: its length was not given."]
    : [413, limit.tooLarge];
  return noStore(reply)
    .code(status)
    .header("connection", "close")
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
