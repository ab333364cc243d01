import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, currencies, settings } from "../../db/schema.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createRateProvider } from "./rate-provider.ts";
import { refreshAllRates } from "./refresh-rates.ts";

/** A real HTTP server standing in for the Frankfurter service, answering what each test sets. */
const answers = new Map<string, number>();
let server: Server;
let base = "";

describe("the live-rates job's 10% guard", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const to = new URL(request.url ?? "/", "http://x").searchParams.get("to") ?? "";
      const rate = answers.get(to);
      response.writeHead(rate === undefined ? 404 : 200, { "content-type": "application/json" });
      response.end(
        JSON.stringify(rate === undefined ? {} : { base: "GBP", date: "2026-11-23", rates: { [to]: rate } }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("applies a move within 10%, holds a larger one for staff (rate unchanged, audited, listed)", async () => {
    const rateOf = async (code: string) =>
      (await t.db.select({ rate: currencies.rate }).from(currencies).where(eq(currencies.code, code)))[0]!.rate;
    const euro = Number(await rateOf("EUR"));
    const dollar = Number(await rateOf("USD"));
    answers.set("EUR", Number((euro * 1.25).toFixed(4)));
    answers.set("USD", Number((dollar * 1.05).toFixed(4)));
    const provider = createRateProvider({ rates: { provider: "frankfurter", apiUrl: base, apiKey: undefined } });
    const result = await refreshAllRates({ db: t.db, provider, log: t.app.log });

    expect(Number(await rateOf("EUR"))).toBe(euro);
    expect(Number(await rateOf("USD"))).toBeCloseTo(dollar * 1.05, 3);
    expect(result.held).toBe(1);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, "rates.move_held"));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ entityType: "currency", entityId: "EUR" });
    expect(Number((audited[0]!.after as { rate: string }).rate)).toBeCloseTo(euro * 1.25, 3);
    const [state] = await t.db.select().from(settings).where(eq(settings.key, "rate_refresh"));
    expect((state!.value as { heldMoves: { code: string }[] }).heldMoves.map((move) => move.code)).toEqual(["EUR"]);
  });

  it("lets staff confirm a held rate: applied, audited, no longer held; an unknown one is 404", async () => {
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const state = await t.app.inject({ method: "GET", url: "/api/admin/rates/refresh", headers: staff.headers });
    expect(state.json().heldMoves.map((move: { code: string }) => move.code)).toEqual(["EUR"]);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/admin/rates/held/EUR/confirm",
      headers: staff.headers,
    });
    expect(confirmed.statusCode).toBe(200);
    const [euro] = await t.db.select({ rate: currencies.rate }).from(currencies).where(eq(currencies.code, "EUR"));
    expect(Number(euro!.rate)).toBe(answers.get("EUR"));
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, "rates.move_confirmed"));
    expect(audited[0]).toMatchObject({ entityId: "EUR", actorId: staff.userId });
    const again = await t.app.inject({
      method: "POST",
      url: "/api/admin/rates/held/EUR/confirm",
      headers: staff.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});
