import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateProvider, RateProviderError, toRateString } from "./rate-provider.ts";

/** A real HTTP server standing in for the external rates services. */
let server: Server;
let base = "";
const seen: { url: string; apikey: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    seen.push({ url: request.url ?? "", apikey: request.headers.apikey as string | undefined });
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/convert") {
      if (request.headers.apikey !== "good-key") return json(401, { message: "Invalid authentication credentials" });
      const to = url.searchParams.get("to");
      if (url.searchParams.get("from") !== "GBP" || url.searchParams.get("amount") !== "1") return json(400, {});
      if (to === "EUR") return json(200, { success: true, info: { rate: 1.152345 }, result: 1.152345 });
      if (to === "SLOW") {
        setTimeout(() => json(200, { info: { rate: 2 } }), 1500);
        return;
      }
      if (to === "FLKY") {
        const count = seen.filter((s) => s.url.includes("to=FLKY")).length;
        return count < 2 ? json(503, {}) : json(200, { info: { rate: 3.5 } });
      }
      return json(200, { success: false, info: {} });
    }
    if (url.pathname === "/latest") {
      const to = url.searchParams.get("to") ?? "";
      if (to === "USD") return json(200, { amount: 1, base: "GBP", date: "2026-11-20", rates: { USD: 1.3187 } });
      return json(404, { message: "not found" });
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const exchangerates = (key = "good-key", timeoutMs = 500) =>
  createRateProvider({ rates: { provider: "exchangerates", apiUrl: base, apiKey: key } }, { timeoutMs, retries: 2 });

describe("exchangerates provider (the spec's service)", () => {
  it("reads info.rate for 1 GBP with the apikey header", async () => {
    const quote = await exchangerates().getRate("EUR");
    expect(quote.rate).toBe("1.152345");
    const call = seen.find((s) => s.url.includes("to=EUR"));
    expect(call?.url).toBe("/convert?to=EUR&from=GBP&amount=1");
    expect(call?.apikey).toBe("good-key");
  });

  it("says Wrong currency tried when no rate comes back", async () => {
    await expect(exchangerates().getRate("ZZZ")).rejects.toMatchObject({
      kind: "no_rate",
      message: "Wrong currency tried",
    });
  });

  it("reports a refused key without retrying", async () => {
    const before = seen.length;
    await expect(exchangerates("bad-key").getRate("EUR")).rejects.toMatchObject({ kind: "refused" });
    expect(seen.length - before).toBe(1);
  });

  it("gives up on a slow answer after its timeout and retries", async () => {
    const started = Date.now();
    await expect(exchangerates("good-key", 300).getRate("SLOW")).rejects.toBeInstanceOf(RateProviderError);
    expect(Date.now() - started).toBeLessThan(1500 + 1000);
  });

  it("retries a failing service and succeeds", async () => {
    expect((await exchangerates().getRate("FLKY")).rate).toBe("3.5");
  });
});

describe("frankfurter provider", () => {
  it("reads the GBP-based rate and its date", async () => {
    const provider = createRateProvider({ rates: { provider: "frankfurter", apiUrl: base, apiKey: undefined } });
    const quote = await provider.getRate("USD");
    expect(quote.rate).toBe("1.3187");
    expect(quote.asOf.toISOString().slice(0, 10)).toBe("2026-11-20");
    await expect(provider.getRate("ZZZ")).rejects.toMatchObject({ kind: "no_rate" });
  });
});

describe("fixed provider", () => {
  it("answers from the bundled table offline", async () => {
    const provider = createRateProvider({ rates: { provider: "fixed", apiUrl: undefined, apiKey: undefined } });
    expect((await provider.getRate("EUR")).rate).toMatch(/^\d+\.\d+$/);
    expect((await provider.getRate("PKR")).source).toBe("fixed");
    await expect(provider.getRate("ZZZ")).rejects.toMatchObject({ message: "Wrong currency tried" });
  });
});

describe("toRateString", () => {
  it.each([
    [1.152, "1.152"],
    [0.00012345, "0.00012345"],
    [1e-7, "0.0000001"],
    [198.4512345678, "198.45123456"],
    ["2.5", "2.5"],
    [0, null],
    [-1, null],
    ["abc", null],
    [Number.NaN, null],
    [null, null],
  ])("%s → %s", (input, expected) => {
    expect(toRateString(input)).toBe(expected);
  });
});
