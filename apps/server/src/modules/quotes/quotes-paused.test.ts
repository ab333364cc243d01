import { createServer, type Server } from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currencyListSchema } from "@bureau/domain/contracts/reference-data";
import { QUOTES_PAUSED_MESSAGE } from "@bureau/domain/rate-freshness";
import { settings } from "../../db/schema.ts";
import { createTestApp } from "../../test/test-app.ts";
import { refreshAllRates } from "../rates/index.ts";

/** A stand-in for the Frankfurter service: down (503) until a test brings it back. */
let up = false;
let server: Server;
let base = "";

const HOUR = 3_600_000;

describe("a live provider whose refreshes keep failing pauses online quotes", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const to = new URL(request.url ?? "/", "http://x").searchParams.get("to") ?? "";
      if (!up) {
        response.writeHead(401, { "content-type": "application/json" }).end("{}");
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ base: "GBP", date: "2026-11-23", rates: { [to]: to === "EUR" ? 1.15 : 1.3 } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    t = await createTestApp({
      env: { RATES_PROVIDER: "frankfurter", RATES_API_URL: base, RATES_PAUSE_ORDERS_AFTER_HOURS: "72" },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const askQuote = () =>
    t.app.inject({ method: "POST", url: "/api/quotes", payload: { currency: "EUR", way: "Order", gbpMinor: 50000 } });
  const refresh = async () => {
    await refreshAllRates({ db: t.db, provider: t.app.rateProvider, log: t.app.log });
    await t.app.invalidateCurrencies();
  };
  /** Moves the failing streak's start into the past, as if the refreshes had been failing that long. */
  const failingFor = async (hours: number) => {
    const since = new Date(Date.now() - hours * HOUR).toISOString();
    await t.db
      .update(settings)
      .set({ value: sql`jsonb_set(${settings.value}, '{failingSince}', to_jsonb(${since}::text))` })
      .where(eq(settings.key, "rate_refresh"));
    await t.app.invalidateCurrencies();
  };
  const publicRates = async () =>
    currencyListSchema.parse((await t.app.inject({ method: "GET", url: "/api/currencies" })).json()).rates;

  it("records when the refreshes began to fail, and keeps that start while they go on failing", async () => {
    expect((await publicRates()).refreshFailingSince).toBeNull();
    await refresh();
    const first = (await publicRates()).refreshFailingSince;
    expect(first).not.toBeNull();
    await refresh();
    expect((await publicRates()).refreshFailingSince).toBe(first);
    expect(await publicRates()).toMatchObject({ provider: "frankfurter", pauseOrdersAfterHours: 72, freshHours: 26 });
  });

  it("still quotes while the refreshes have failed for up to RATES_PAUSE_ORDERS_AFTER_HOURS", async () => {
    await failingFor(71);
    expect((await askQuote()).statusCode).toBe(201);
  });

  it("refuses quotes with a clear message once they have failed for longer", async () => {
    await failingFor(73);
    const refused = await askQuote();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({ code: "service_unavailable", message: QUOTES_PAUSED_MESSAGE });
  });

  it("quotes again as soon as a refresh succeeds", async () => {
    up = true;
    await refresh();
    expect((await publicRates()).refreshFailingSince).toBeNull();
    expect((await askQuote()).statusCode).toBe(201);
  });
});

describe("the fixed provider", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("never pauses quotes, and says its rates are reference rates of its table's date", async () => {
    await t.db
      .insert(settings)
      .values({ key: "rate_refresh", value: { enabled: true, failingSince: "2026-01-01T00:00:00.000Z" } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { failingSince: "2026-01-01T00:00:00.000Z" } } });
    await t.app.invalidateCurrencies();
    const rates = currencyListSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/currencies" })).json(),
    ).rates;
    expect(rates).toMatchObject({
      provider: "fixed",
      referenceAsOf: "2026-11-02T00:00:00.000Z",
      refreshFailingSince: null,
    });
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/quotes",
      payload: { currency: "EUR", way: "Order", gbpMinor: 50000 },
    });
    expect(quote.statusCode).toBe(201);
  });
});
