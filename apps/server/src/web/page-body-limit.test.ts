import { existsSync } from "node:fs";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "@bureau/domain/account-rules";
import { SANCTIONS_LIST_MAX_BYTES } from "@bureau/domain/uk-sanctions-list";
import { REQUEST_BODY_LIMIT_BYTES } from "../lib/body-limits.ts";
import { listRoutes } from "../test/route-table.ts";
import { signUpAndSignIn } from "../test/auth-helpers.ts";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));
const TEN_MB = 10 * 1024 * 1024;

type RawAnswer = { status: number; text: string; ms: number; serverBytesRead: number; memoryGrowth: number };
const MULTIPART = "multipart/form-data; boundary=----form-boundary";
/** The two pages whose action takes a file (lib/body-limits.ts). */
const FILE_PAGES = ["/account/profile", "/dashboard/compliance"];

/**
 * A path to every route of the web app's build that can take a post, as a browser would ask for it
 * (a parameter filled in, an optional one left out, a splat given a segment): the pages and the routes
 * with an action and no page.
 */
async function everyWebRoutePath(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.join(webBuildDir, "server", "index.js")).href)) as ServerBuild;
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const own = (route.path ?? "")
      .split("/")
      .filter((segment) => segment !== "" && !segment.endsWith("?"))
      .map((segment) => (segment.startsWith(":") ? "example" : segment === "*" ? "anything" : segment));
    return [fullPath(route.parentId), ...own].filter(Boolean).join("/");
  };
  return [...new Set(Object.keys(build.routes).map((id) => `/${fullPath(id)}`))];
}

/**
 * Sends a POST over a real socket, streaming `total` bytes in 64 KB chunks (or chunked encoding),
 * and stops writing as soon as the server answers or closes. Reports how many bytes the server's
 * socket actually read, which is what "refused before it is read into memory" means.
 */
async function postBody(
  port: number,
  serverSockets: Socket[],
  options: { path: string; total: number; chunked?: boolean; contentType?: string },
): Promise<RawAnswer> {
  const memoryBefore = process.memoryUsage();
  const started = performance.now();
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const chunk = Buffer.alloc(64 * 1024, "a");
  const head = [
    `POST ${options.path} HTTP/1.1`,
    "Host: localhost:3000",
    "Origin: http://localhost:3000",
    // One request per connection, so that an answer the server keeps the connection open after ends the wait too.
    "Connection: close",
    `Content-Type: ${options.contentType ?? "application/x-www-form-urlencoded"}`,
    options.chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${options.total}`,
    "",
    "",
  ].join("\r\n");
  let answer = "";
  let answered = false;
  const done = new Promise<void>((resolve) => {
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      if (/^HTTP\/1\.1 \d{3}/.test(answer)) answered = true;
    });
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
  });
  socket.write(head);
  for (let sent = 0; sent < options.total && !answered && !socket.destroyed; sent += chunk.length) {
    const piece = options.chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
      : chunk;
    if (!socket.write(piece)) {
      await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), done]);
    }
  }
  if (!answered && !socket.destroyed && options.chunked) socket.write("0\r\n\r\n");
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  socket.destroy();
  const ms = performance.now() - started;
  const memoryAfter = process.memoryUsage();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
  const serverBytesRead = serverSockets.reduce((sum, s) => sum + s.bytesRead, 0);
  serverSockets.length = 0;
  const memoryGrowth =
    memoryAfter.heapUsed + memoryAfter.arrayBuffers - (memoryBefore.heapUsed + memoryBefore.arrayBuffers);
  return { status, text: answer, ms, serverBytesRead, memoryGrowth };
}

describe.skipIf(!haveWebBuild)("request body limits", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port = 0;
  const serverSockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ web: true });
    t.app.server.on("connection", (socket: Socket) => serverSockets.push(socket));
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it("refuses 10 MB posted to a page with 413 quickly, having read almost none of it", async () => {
    const answer = await postBody(port, serverSockets, { path: "/contact", total: TEN_MB });
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeLessThan(2_000);
    expect(answer.serverBytesRead).toBeLessThan(1024 * 1024);
    expect(answer.memoryGrowth).toBeLessThan(5 * 1024 * 1024);
  });

  it("refuses a page post just over 64 KB, and one of undeclared length (chunked) with 411", async () => {
    const over = await postBody(port, serverSockets, { path: "/contact", total: REQUEST_BODY_LIMIT_BYTES + 1 });
    expect(over.status).toBe(413);
    const chunked = await postBody(port, serverSockets, { path: "/contact", total: TEN_MB, chunked: true });
    expect(chunked.status).toBe(411);
    expect(chunked.serverBytesRead).toBeLessThan(1024 * 1024);
  });

  it("still accepts an ordinary form post to a page", async () => {
    const form = new URLSearchParams({
      name: "Amelia Hart",
      email: "amelia@example.com",
      message: "Hello there, do you have krone?",
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/contact",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload: form.toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Thank you");
  });

  it("keeps 64 KB for a multipart post to every page but the two that take a file, and for any other body to those", async () => {
    const justOver = REQUEST_BODY_LIMIT_BYTES + 1;
    const routePaths = await everyWebRoutePath();
    expect(routePaths.length).toBeGreaterThan(40);
    expect(routePaths).toEqual(expect.arrayContaining(FILE_PAGES));
    const otherPaths = routePaths.filter((routePath) => !FILE_PAGES.includes(routePath));
    for (const pagePath of [
      ...otherPaths,
      ...otherPaths.map((routePath) => `${routePath === "/" ? "/_root" : routePath}.data`),
      // Paths near the two pages' are other pages (the not-found page), with the ordinary limit.
      "/account/profile/photo",
      "/dashboard/compliance/import",
      "/account/profiles",
    ]) {
      const answer = await postBody(port, serverSockets, { path: pagePath, total: justOver, contentType: MULTIPART });
      expect({ pagePath, status: answer.status }).toEqual({ pagePath, status: 413 });
      expect(answer.text).toContain("This form is too large to send (at most 64 KB).");
    }
    for (const pagePath of ["/account/profile.data", "/dashboard/compliance.data"]) {
      for (const contentType of ["application/json", "application/x-www-form-urlencoded", "text/csv"]) {
        const answer = await postBody(port, serverSockets, { path: pagePath, total: justOver, contentType });
        expect({ pagePath, contentType, status: answer.status }).toEqual({ pagePath, contentType, status: 413 });
      }
    }
  });

  it("lets a photo's multipart post to the profile page carry the API's 1 MB, and refuses one far over it unread", async () => {
    const limit = PHOTO_MAX_BYTES + REQUEST_BODY_LIMIT_BYTES;
    // Within the limit the post is read (the action then refuses this body: it is not a form).
    for (const pagePath of ["/account/profile", "/Account/Profile.data", "/account/profile/"]) {
      const within = await postBody(port, serverSockets, { path: pagePath, total: limit, contentType: MULTIPART });
      expect({ pagePath, status: within.status }).toEqual({ pagePath, status: 400 });
    }
    const over = await postBody(port, serverSockets, {
      path: "/account/profile.data",
      total: limit + 1,
      contentType: MULTIPART,
    });
    expect(over.status).toBe(413);
    expect(over.text).toContain("The photo must be 1 MB or smaller.");
    const far = await postBody(port, serverSockets, {
      path: "/account/profile",
      total: TEN_MB,
      contentType: MULTIPART,
    });
    expect(far.status).toBe(413);
    expect(far.serverBytesRead).toBeLessThan(1024 * 1024);
  });

  it("refuses a sanctions list's multipart post over the API's 32 MB quickly, having read almost none of it", async () => {
    const answer = await postBody(port, serverSockets, {
      path: "/dashboard/compliance.data",
      total: SANCTIONS_LIST_MAX_BYTES + REQUEST_BODY_LIMIT_BYTES + 1,
      contentType: MULTIPART,
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("The list file must be 32 MB or smaller.");
    expect(answer.ms).toBeLessThan(2_000);
    expect(answer.serverBytesRead).toBeLessThan(1024 * 1024);
  });

  it("refuses 10 MB posted to the API with 413 quickly, having read almost none of it", async () => {
    const answer = await postBody(port, serverSockets, {
      path: "/api/contact",
      total: TEN_MB,
      contentType: "application/json",
    });
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeLessThan(2_000);
    expect(answer.serverBytesRead).toBeLessThan(1024 * 1024);
  });

  it("gives every API route that takes a body a limit: 2 MB is refused with 413 everywhere", async () => {
    // Staff and signed-in guards run before the body is read: send as staff so that the limit is what answers.
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const payload = Buffer.alloc(2 * 1024 * 1024, "a");
    const routes = listRoutes(t).filter(
      (route) => route.url.startsWith("/api/") && ["POST", "PUT", "PATCH", "DELETE"].includes(route.method),
    );
    expect(routes.length).toBeGreaterThan(10);
    const unlimited: string[] = [];
    for (const route of routes) {
      for (const contentType of ["application/json", "application/x-www-form-urlencoded", "image/png"]) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url.replace(/:[A-Za-z0-9_]+/g, "example-id").replace(/\*$/, "example/path"),
          headers: { ...staff.headers, "content-type": contentType },
          payload,
        });
        if (![413, 415, 404].includes(response.statusCode)) {
          unlimited.push(`${route.method} ${route.url} (${contentType}): ${response.statusCode}`);
        }
      }
    }
    expect(unlimited).toEqual([]);
  });
});
