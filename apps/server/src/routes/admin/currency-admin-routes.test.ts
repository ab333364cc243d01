import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, currencies, rateHistory } from "../../db/schema.ts";
import { createJobRunner } from "../../jobs/job-runner.ts";
import { liveRatesJob } from "../../jobs/live-rates.ts";
import { refreshAllRates } from "../../modules/rates/index.ts";
import { type SignedIn, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createTestApp } from "../../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A local stand-in for the spec's rates service: known codes answer, others come back without a rate. */
let ratesServer: Server;
let ratesUrl = "";
const knownRates: Record<string, number> = { EUR: 1.2, USD: 1.4, PKR: 345.6 };

beforeAll(async () => {
  ratesServer = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const rate = knownRates[url.searchParams.get("to") ?? ""];
    response.writeHead(request.headers.apikey === "test-key" ? 200 : 401, { "content-type": "application/json" });
    response.end(JSON.stringify(rate ? { info: { rate } } : { info: {} }));
  });
  await new Promise<void>((resolve) => ratesServer.listen(0, "127.0.0.1", () => resolve()));
  ratesUrl = `http://127.0.0.1:${(ratesServer.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => ratesServer.close(() => resolve())));

describe("staff currencies", () => {
  let t: TestApp;
  let staff: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATES_PROVIDER: "exchangerates", RATES_API_URL: ratesUrl, RATES_API_KEY: "test-key" },
    });
    staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
  });
  afterAll(() => t.close());

  const send = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload: payload as object } : {}) });

  it("lists market, buying and selling prices", async () => {
    const body = (await send("GET", "/api/admin/currencies")).json();
    const eur = body.currencies.find((c: { code: string }) => c.code === "EUR");
    expect(eur).toMatchObject({
      code: "EUR",
      label: "Euro",
      rate: "1.152",
      collectRate: "1.1232",
      sellRate: "1.1866",
    });
  });

  it("checks a code against the rates service: a rate, or Wrong currency tried", async () => {
    expect((await send("POST", "/api/admin/rates/check", { code: "pkr" })).json()).toMatchObject({
      code: "PKR",
      rate: "345.6",
    });
    const wrong = await send("POST", "/api/admin/rates/check", { code: "ZZZ" });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe("Wrong currency tried");
  });

  it("adds a currency with the server's own rate, audited, and refuses a duplicate", async () => {
    const added = await send("POST", "/api/admin/currencies", { code: "PKR", label: "Pakistan", sell: "-6", buy: "8" });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ code: "PKR", label: "Pakistan", rate: "345.6", sell: "-6", buy: "8" });
    const publicList = (await t.app.inject({ method: "GET", url: "/api/currencies" })).json();
    expect(publicList.currencies.map((c: { code: string }) => c.code)).toContain("PKR");
    const duplicate = await send("POST", "/api/admin/currencies", {
      code: "PKR",
      label: "Pakistan",
      sell: "-6",
      buy: "8",
    });
    expect(duplicate.statusCode).toBe(409);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, "PKR"));
    expect(audit.map((a) => a.action)).toEqual(["currency.add"]);
    const history = await t.db.select().from(rateHistory).where(eq(rateHistory.currencyCode, "PKR"));
    // Recorded with its margins, so the rate history charts the customer rates offered (docs/features/rate-history.md).
    expect(history).toMatchObject([{ rate: "345.60000000", sellMargin: "-6.00", buyMargin: "8.00" }]);
  });

  it("ignores a rate sent by the browser", async () => {
    const response = await send("POST", "/api/admin/currencies", {
      code: "USD",
      label: "x",
      sell: "-1",
      buy: "1",
      rate: "999",
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    [{ code: "ZZZ", label: "Nowhere", sell: "-5", buy: "5" }, 404, "Wrong currency tried"],
    [{ code: "EU", label: "Euro", sell: "-5", buy: "5" }, 400, "3-letter"],
    [{ code: "USD", label: "", sell: "-5", buy: "5" }, 400, "Country Name is required"],
    [{ code: "USD", label: "USA", sell: "5", buy: "-5" }, 400, "profit"],
    [{ code: "USD", label: "USA", sell: "abc", buy: "5" }, 400, "percentage"],
  ])("refuses %o clearly", async (body, status, text) => {
    const before = await t.db.select().from(currencies);
    const response = await send("POST", "/api/admin/currencies", body);
    expect(response.statusCode).toBe(status);
    expect(JSON.stringify(response.json().error)).toContain(text);
    expect(await t.db.select().from(currencies)).toHaveLength(before.length);
  });

  it("updates label and margins, audited, and refuses margins that allow a round-trip profit", async () => {
    const updated = await send("PUT", "/api/admin/currencies/eur", { label: "Eurozone", sell: "-3", buy: "4" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ code: "EUR", label: "Eurozone", sell: "-3", buy: "4" });
    const refused = await send("PUT", "/api/admin/currencies/EUR", { label: "Eurozone", sell: "4", buy: "3" });
    expect(refused.statusCode).toBe(400);
    expect((await send("PUT", "/api/admin/currencies/ZZZ", { label: "x", sell: "-1", buy: "1" })).statusCode).toBe(404);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, "EUR"));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ label: "Euro" });
    expect(audit[0]?.after).toMatchObject({ label: "Eurozone" });
    // New margins are new customer rates: recorded in the history once; a label change alone is not.
    const marginRows = async () =>
      (await t.db.select().from(rateHistory).where(eq(rateHistory.currencyCode, "EUR"))).filter(
        (row) => row.sellMargin === "-3.00" && row.buyMargin === "4.00",
      );
    expect(await marginRows()).toHaveLength(1);
    await send("PUT", "/api/admin/currencies/EUR", { label: "Euro", sell: "-3", buy: "4" });
    expect(await marginRows()).toHaveLength(1);
  });

  it("switches live rates on and off (persisted), and the job refreshes rates with history", async () => {
    expect((await send("GET", "/api/admin/rates/refresh")).json()).toMatchObject({
      enabled: false,
      provider: "exchangerates",
    });
    let refreshed = 0;
    const job = liveRatesJob({
      db: t.db,
      provider: t.app.rateProvider,
      log: t.app.log,
      onRefreshed: async () => {
        refreshed++;
      },
    });
    const runner = createJobRunner({ database: t.database, log: t.app.log, jobs: [job] });
    await runner.runNow("live-rates");
    expect(refreshed).toBe(0); // switched off: nothing fetched
    expect((await send("PUT", "/api/admin/rates/refresh", { enabled: true })).json().enabled).toBe(true);
    await runner.runNow("live-rates");
    expect(refreshed).toBe(1);
    const [usd] = await t.db.select().from(currencies).where(eq(currencies.code, "USD"));
    expect(usd?.rate).toMatch(/^1\.4/);
    expect(usd?.source).toBe("exchangerates");
    const state = (await send("GET", "/api/admin/rates/refresh")).json();
    expect(state.lastRefreshAt).not.toBeNull();
    // Most seeded currencies are unknown to this stand-in service: reported, never fatal.
    expect(state.lastError).toContain("failed");
    // Refreshed a moment ago: the next look within the minute fetches nothing.
    await runner.runNow("live-rates");
    expect(refreshed).toBe(1);
    expect((await send("PUT", "/api/admin/rates/refresh", { enabled: false })).json().enabled).toBe(false);
    await runner.stop();
  });

  it("stores the competitor figures staff enter, shown on the home page's compare block", async () => {
    const figures = [
      { name: "Post Office", eurFor450: "498.20", checkedOn: "2026-11-20" },
      { name: "Travelex", eurFor450: null, checkedOn: null },
    ];
    const saved = await send("PUT", "/api/admin/compare-rates", figures);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toHaveLength(3);
    const shown = (await t.app.inject({ method: "GET", url: "/api/compare-rates" })).json();
    const postOffice = shown.providers.find((p: { name: string }) => p.name === "Post Office");
    expect(postOffice).toMatchObject({ foreignMinor: 49_820, checkedOn: "2026-11-20" });
    const travelex = shown.providers.find((p: { name: string }) => p.name === "Travelex");
    expect(travelex.foreignMinor).toBeNull();
    for (const bad of [
      [{ name: "Bank of Nowhere", eurFor450: "1.00", checkedOn: "2026-11-20" }],
      [{ name: "Travelex", eurFor450: "500.00", checkedOn: null }],
      [{ name: "Travelex", eurFor450: "-5", checkedOn: "2026-11-20" }],
      [{ name: "Travelex", eurFor450: "500.00", checkedOn: "2999-01-01" }],
    ]) {
      expect((await send("PUT", "/api/admin/compare-rates", bad)).statusCode).toBe(400);
    }
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "compare_rates.update"));
    expect(audit).toHaveLength(1);
  });

  it("a failing provider never breaks the dashboard", async () => {
    const broken = await createTestApp({
      env: { RATES_PROVIDER: "exchangerates", RATES_API_URL: "http://127.0.0.1:9", RATES_API_KEY: "k" },
    });
    try {
      const admin = await signUpAndSignIn(broken.app, { role: "admin", staffVerified: true });
      const list = await broken.app.inject({ method: "GET", url: "/api/admin/currencies", headers: admin.headers });
      expect(list.statusCode).toBe(200);
      const check = await broken.app.inject({
        method: "POST",
        url: "/api/admin/rates/check",
        headers: admin.headers,
        payload: { code: "EUR" },
      });
      expect(check.statusCode).toBe(503);
      expect(check.json().error.message).toMatch(/did not answer/);
      const result = await refreshAllRates({ db: broken.db, provider: broken.app.rateProvider, log: broken.app.log });
      // The pass stops at the first "service unavailable" instead of waiting on every currency.
      expect(result).toMatchObject({ updated: 0, failed: 1 });
    } finally {
      await broken.close();
    }
  });
});
