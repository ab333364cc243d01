import { readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import { makeSecrets, PUBLIC_URL, passSecureBox, signIn } from "../reliability/lib.ts";
import { bulkLoad } from "./dashboard.ts";
import { startProduct } from "./servers.ts";
import { openSeededScratchDatabase } from "./support.ts";

export type ExportRun = {
  /** NODE_OPTIONS the product ran with ("" for Node's defaults). */
  nodeOptions: string;
  records: number;
  megabytes: number;
  seconds: number;
  firstByteMs: number;
  idleRssMb: number;
  peakRssMb: number;
  peakAboveIdleMb: number;
  loadAverage: string;
};

export type ExportBenchResult = {
  orders: number;
  loadSeconds: number;
  /** With Node's default heap settings, as `npm start` runs it. */
  defaults: ExportRun;
  /** The same with the old generation capped, to tell garbage V8 keeps until it needs the room from data held. */
  capped: ExportRun | null;
  cappedError?: string;
};

/** The old-generation cap of the second run (MB). */
export const EXPORT_BENCH_OLD_SPACE_MB = 256;

/** The resident set of a process (VmRSS in /proc, Linux), in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * Exports every order of a database of `orders` orders as CSV from the product in its own process
 * (`node apps/server/src/main.ts` on PostgreSQL, as in production), read over HTTP as fast as this
 * process can take it. The product's resident memory is read from /proc every 20 ms: idle is its
 * largest reading over two seconds after a small export warmed it up, peak the largest during the export.
 * Run twice: with Node's defaults, then with the old generation capped.
 */
export async function benchExport({
  serverUrl,
  orders = 1_000_000,
}: {
  serverUrl: string;
  orders?: number;
}): Promise<ExportBenchResult> {
  const { url: scratchUrl, dispose } = await openSeededScratchDatabase(serverUrl, 2);
  const secrets = makeSecrets();
  try {
    const loadStarted = performance.now();
    await bulkLoad(scratchUrl, orders);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const run = async (nodeOptions: string): Promise<ExportRun> => {
      const product = await startProduct({
        NODE_ENV: "production",
        DATABASE_URL: scratchUrl,
        PUBLIC_URL,
        AUTH_SECRET: secrets.authSecret,
        BOOTSTRAP_ADMIN_EMAIL: secrets.adminEmail,
        BOOTSTRAP_ADMIN_PASSWORD: secrets.adminPassword,
        BOOTSTRAP_ADMIN_TOTP_SECRET: secrets.adminTotpSecret,
        SECURE_BOX_USERNAME: secrets.secureBoxUsername,
        SECURE_BOX_PASSWORD: secrets.secureBoxPassword,
        LOG_LEVEL: "warn",
        NODE_OPTIONS: nodeOptions,
      });
      try {
        const pid = product.process.pid!;
        const { cookie } = await signIn(product.url, secrets.adminEmail, secrets.adminPassword);
        await passSecureBox(product.url, cookie, secrets);
        const download = (path: string) =>
          new Promise<{ bytes: number; records: number; firstByteMs: number; ms: number }>((resolve, reject) => {
            const started = performance.now();
            let firstByteMs = 0;
            let bytes = 0;
            let records = 0;
            const request = http.get(`${product.url}${path}`, { headers: { cookie } }, (response) => {
              if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
              response.on("data", (chunk: Buffer) => {
                if (bytes === 0) firstByteMs = performance.now() - started;
                bytes += chunk.length;
                for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) records++;
              });
              response.on("end", () =>
                resolve({ bytes, records: records - 1, firstByteMs, ms: performance.now() - started }),
              );
              response.on("error", reject);
            });
            request.on("error", reject);
          });

        await download("/api/admin/orders.csv?status=pending&branch=worthing");
        let idleRssMb = 0;
        for (let i = 0; i < 100; i++) {
          idleRssMb = Math.max(idleRssMb, rssMb(pid));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        let peakRssMb = idleRssMb;
        const sampler = setInterval(() => {
          peakRssMb = Math.max(peakRssMb, rssMb(pid));
        }, 20);
        const loadAverage = loadavg()
          .map((n) => n.toFixed(1))
          .join(" ");
        const result = await download("/api/admin/orders.csv").finally(() => clearInterval(sampler));
        peakRssMb = Math.max(peakRssMb, rssMb(pid));
        return {
          nodeOptions,
          records: result.records,
          megabytes: result.bytes / 1024 / 1024,
          seconds: result.ms / 1000,
          firstByteMs: result.firstByteMs,
          idleRssMb,
          peakRssMb,
          peakAboveIdleMb: peakRssMb - idleRssMb,
          loadAverage,
        };
      } finally {
        await product.stop();
      }
    };
    const defaults = await run("");
    try {
      const capped = await run(`--max-old-space-size=${EXPORT_BENCH_OLD_SPACE_MB}`);
      return { orders, loadSeconds, defaults, capped };
    } catch (error) {
      return { orders, loadSeconds, defaults, capped: null, cappedError: String(error) };
    }
  } finally {
    await dispose();
  }
}
