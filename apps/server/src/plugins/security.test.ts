import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveAuthenticator, signUpAndSignIn } from "../test/auth-helpers.ts";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));

describe.skipIf(!haveWebBuild)("server-rendered pages and security headers", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      web: true,
      extend(app) {
        app.get("/api/test-explode", async () => {
          throw new Error("secret internal detail: password=hunter2");
        });
        app.post("/api/test-echo", async (request) => request.body);
      },
    });
  });
  afterAll(() => t.close());

  it("renders the currency list from the database into the first HTML", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Japanese Yen");
    expect(response.body).toMatch(/<title>[^<]+<\/title>/);
    expect(response.body).toContain('name="description"');
  });

  it("sends a strict CSP whose script nonce is on every inline script", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    const csp = String(response.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("uses a new nonce per request", async () => {
    const a = await t.app.inject({ method: "GET", url: "/" });
    const b = await t.app.inject({ method: "GET", url: "/" });
    expect(a.headers["content-security-policy"]).not.toBe(b.headers["content-security-policy"]);
  });

  it("sets the other security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it("answers an unknown page with a real 404 inside the public layout", async () => {
    const response = await t.app.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Page not found");
    expect(response.body).toContain("Exchange Rates");
    expect(response.body).toContain("GET IN TOUCH");
  });

  it("gzips pages for clients that accept it", async () => {
    const { gunzipSync } = await import("node:zlib");
    const response = await t.app.inject({
      method: "GET",
      url: "/exchangeRates",
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toContain("Accept-Encoding");
    const html = gunzipSync(response.rawPayload).toString("utf8");
    expect(html).toContain("Exchange Rates");
    const plain = await t.app.inject({ method: "GET", url: "/exchangeRates" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(response.rawPayload.length * 3);
  });

  it("refuses a contact form post that is not a form with 400, not 500", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "multipart/form-data; boundary=zzz", origin: "http://localhost:3000" },
      payload: "garbage without any boundary",
    });
    expect(response.statusCode).toBe(400);
  });

  it("answers a staff page with a hand-edited cursor with 400, not 500", async () => {
    const { signUpAndSignIn } = await import("../test/auth-helpers.ts");
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    for (const url of [
      "/dashboard/manageOrders?after=true",
      "/dashboard/history?q=true&after=true",
      "/dashboard/Users?after=%00",
    ]) {
      const response = await t.app.inject({ method: "GET", url, headers: { cookie: staff.cookie } });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it("marks staff pages no-store, for staff and for those sent away alike", async () => {
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const staffToBe = await signUpAndSignIn(t.app, { role: "admin" });
    await giveAuthenticator(t.app, staffToBe.userId);
    for (const [url, cookie, status] of [
      ["/dashboard/Users", staff.cookie, 200],
      ["/dashboard/statics", staff.cookie, 200],
      ["/dashboard/Users", undefined, 302],
      ["/box", admin.cookie, 302],
      ["/account/authenticator", admin.cookie, 200],
      ["/box", staffToBe.cookie, 200],
    ] as const) {
      const page = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
      expect(page.statusCode, url).toBe(status);
      expect(page.headers["cache-control"], url).toBe("no-store");
    }
    const publicPage = await t.app.inject({ method: "GET", url: "/exchangeRates" });
    expect(publicPage.headers["cache-control"]).not.toBe("no-store");
  });

  it("serves hashed assets as immutable", async () => {
    const html = (await t.app.inject({ method: "GET", url: "/" })).body;
    // The page's styles are inline; its scripts are hashed assets.
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await t.app.inject({ method: "GET", url: asset as string });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("never leaks internals in a 5xx body", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/test-explode" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("hunter2");
    expect(response.json().error.code).toBe("internal");
    expect(response.json().error.requestId).toBeTruthy();
  });

  it("answers a malformed address in the API's error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/orders/%zz" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("bad_request");
  });

  it("answers bad JSON with a clear 400", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/test-echo",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("The request body is not valid JSON.");
  });
});
