import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { freePort, startProduct } from "./servers.ts";

export type ThroughputResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };
export type CurrenciesBenchResult = {
  connections: number;
  seconds: number;
  product: ThroughputResult;
  bare: ThroughputResult;
  ratio: number;
  bytes: number;
};

async function load(url: string, connections: number, seconds: number): Promise<ThroughputResult> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A bare node:http server in its own process answering every request with the same bytes. */
async function startBare(body: string, headers: Record<string, string>) {
  const port = await freePort();
  const source = `
    const http = require("node:http");
    const body = Buffer.from(${JSON.stringify(body)});
    const headers = ${JSON.stringify(headers)};
    http.createServer((req, res) => { res.writeHead(200, { ...headers, "content-length": body.length }); res.end(body); })
      .listen(${port}, "127.0.0.1", () => process.stdout.write("ready"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

/** GET /api/currencies under 100 connections against a bare node:http server returning the same bytes. */
export async function benchCurrencies({ connections = 100, seconds = 10 } = {}): Promise<CurrenciesBenchResult> {
  const product = await startProduct();
  try {
    const sample = await fetch(`${product.url}/api/currencies`);
    const body = await sample.text();
    const headers: Record<string, string> = {};
    sample.headers.forEach((value, name) => {
      if (!["content-length", "date", "connection", "keep-alive", "transfer-encoding"].includes(name))
        headers[name] = value;
    });
    await load(`${product.url}/api/currencies`, connections, 2); // warm-up
    const productResult = await load(`${product.url}/api/currencies`, connections, seconds);
    const bare = await startBare(body, headers);
    try {
      await load(bare.url, connections, 2);
      const bareResult = await load(bare.url, connections, seconds);
      return {
        connections,
        seconds,
        product: productResult,
        bare: bareResult,
        ratio: productResult.requestsPerSecond / bareResult.requestsPerSecond,
        bytes: body.length,
      };
    } finally {
      bare.stop();
    }
  } finally {
    await product.stop();
  }
}
