import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, get, type RequestListener } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GENERATED_CREDENTIALS_FILE } from "./lib/generated-credentials.ts";
import { createTestApp } from "./test/test-app.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("graceful shutdown", () => {
  it("finishes an in-flight request before closing", async () => {
    const t = await createTestApp({
      extend(app) {
        app.get("/api/test-slow", async () => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${address.port}/api/test-slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = t.app.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closed;
    await t.database.close();
  });

  it("answers GET /api/currencies while closing as every other route does, not from its fast path", async () => {
    const t = await createTestApp({
      extend(app) {
        app.get("/api/test-slow", async () => {
          await new Promise((resolve) => setTimeout(resolve, 600));
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    await t.app.enableFastPaths();
    // The product's own listener takes no new connections once closing, so requests reach its request
    // handler (fast path first, then Fastify) through a second listener, as a kept-alive connection would.
    const productHandler = t.app.server.listeners("request")[0] as RequestListener;
    const door = createServer((request, response) => productHandler(request, response));
    await new Promise<void>((resolve) => door.listen(0, "127.0.0.1", resolve));
    const doorPort = (door.address() as { port: number }).port;
    const ask = (url: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        get({ host: "127.0.0.1", port: doorPort, path: url, agent: false }, (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        }).on("error", reject);
      });
    expect((await ask("/api/currencies")).status).toBe(200);

    const { port } = t.app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/api/test-slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const currencies = await ask("/api/currencies");
    const health = await ask("/api/health");
    expect(health.status).toBe(503);
    expect(currencies.status).toBe(health.status);
    expect(currencies.connection).toBe("close");
    expect((await inFlight).status).toBe(200);
    await closed;
    await new Promise((resolve) => door.close(resolve));
    await t.database.close();
  });

  it("exits cleanly on SIGTERM after starting on the embedded database", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bureau-shutdown-"));
    const child = spawn(process.execPath, [path.join(here, "main.ts")], {
      env: { ...process.env, PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info", DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 80_000);
      const check = setInterval(() => {
        if (output.includes("is running at")) {
          clearInterval(check);
          clearTimeout(timer);
          resolve();
        }
      }, 50);
    });
    // Not a terminal: the generated credentials go to a private file, never into this output.
    expect(output).not.toContain("Secure Box username");
    expect(readFileSync(path.join(dataDir, GENERATED_CREDENTIALS_FILE), "utf8")).toContain("Secure Box username");
    const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(output).toContain("shutting down");
    // A first start creates, migrates and seeds a new embedded database; on a busy 2-core machine that
    // alone has taken 27 s, so this test allows more than the suite's default.
  }, 90_000);
});
