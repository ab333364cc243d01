import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export type RunningProduct = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
};

/**
 * Starts the product as `npm start` would (node apps/server/src/main.ts) in its own process, with its
 * logs discarded, and waits until it answers. Returns how long that took.
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: { dataDir?: string; port?: number } = {},
): Promise<RunningProduct & { startedInMs: number }> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "bureau-bench-"));
  const started = performance.now();
  // BENCH_PROFILE_DIR=folder: the product writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, path.join(root, "apps/server/src/main.ts")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited while starting:\n${stderr}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startedInMs = performance.now() - started;
  return {
    url,
    port,
    dataDir,
    process: child,
    startedInMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The response headers of the product's home page that decide how a browser sets a page up before any of its
 * content (the security policy: opener isolation, agent cluster, CSP and the like). The machine-floor page is
 * served with them, so that the floor includes what the product's policy costs each load (a page with
 * `Cross-Origin-Opener-Policy: same-origin` opened from a blank tab gets a new renderer process) and leaves out
 * only the page's own work.
 */
export async function productPolicyHeaders(productUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${productUrl}/`);
  await response.arrayBuffer();
  const names = [
    "cross-origin-opener-policy",
    "cross-origin-embedder-policy",
    "cross-origin-resource-policy",
    "origin-agent-cluster",
    "content-security-policy",
    "permissions-policy",
    "referrer-policy",
    "x-content-type-options",
    "x-frame-options",
  ];
  return Object.fromEntries(
    names.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name) as string]] : [])),
  );
}
