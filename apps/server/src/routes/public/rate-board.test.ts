import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateBoardSchema } from "@bureau/domain/contracts/rate-board";
import { auditLog, settings } from "../../db/schema.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { MAX_STREAMS_PER_ADDRESS } from "./rate-board.ts";

/** Reads server-sent events from a streamed response body, one `data:` payload at a time. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return async function next(timeoutMs = 5_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split("\n")
          .filter((line) => line.startsWith("data: "))
          .map((line) => line.slice(6));
        if (data.length > 0) return data.join("\n");
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no event in time");
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no event in time")), left)),
      ]);
      if (chunk.done) throw new Error("stream ended");
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
}

describe("rate board", () => {
  const started = appWithStaff();
  const put = (url: string, body: unknown, headers = started.staff.headers) =>
    started.t.app.inject({ method: "PUT", url, headers, payload: body as object });

  it("shows the eight most traded currencies on sale with the rates list's own rates, and nothing more", async () => {
    const { app } = started.t;
    const response = await app.inject({ method: "GET", url: "/api/board/brighton" });
    expect(response.statusCode).toBe(200);
    const board = rateBoardSchema.strict().parse(response.json());
    expect(board.branch).toEqual({ key: "brighton", name: expect.any(String) });
    expect(board.currencies.map((c) => c.code)).toEqual(["EUR", "USD", "TRY", "AED", "AUD", "CAD", "THB", "CHF"]);
    const list = (await app.inject({ method: "GET", url: "/api/currencies" })).json();
    const eur = list.currencies.find((c: { code: string }) => c.code === "EUR");
    expect(board.currencies[0]).toEqual({
      code: "EUR",
      label: eur.label,
      collectRate: eur.collectRate,
      sellRate: eur.sellRate,
    });
    expect(Object.keys(board.currencies[0] ?? {}).sort()).toEqual(["code", "collectRate", "label", "sellRate"]);
    expect(board.ratesAsOf).toEqual(expect.any(String));
    // A conditional request for the same board answers 304.
    const again = await app.inject({
      method: "GET",
      url: "/api/board/brighton",
      headers: { "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers 404 for a branch that does not exist, on the board and its stream", async () => {
    for (const url of ["/api/board/atlantis", "/api/board/atlantis/events"]) {
      const response = await started.t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
    }
  });

  it("lets only staff choose a board's currencies: 401 anonymous, 403 a customer and an admin without the Secure Box", async () => {
    const { app } = started.t;
    const url = "/api/admin/board/featured/brighton";
    const anonymous = await put(url, { currencies: ["EUR"] }, { origin: app.config.publicUrl } as never);
    expect(anonymous.statusCode).toBe(401);
    const customer = await signUpAndSignIn(app);
    expect((await put(url, { currencies: ["EUR"] }, customer.headers)).statusCode).toBe(403);
    const unverifiedAdmin = await signUpAndSignIn(app, { role: "admin" });
    expect((await put(url, { currencies: ["EUR"] }, unverifiedAdmin.headers)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: "GET", url: "/api/admin/board/featured", headers: customer.headers })).statusCode,
    ).toBe(403);
    const stored = await started.t.db.select().from(settings).where(eq(settings.key, "board_featured_currencies"));
    expect(stored).toEqual([]);
  });

  it("refuses bad choices with a clear message and changes nothing", async () => {
    const url = "/api/admin/board/featured/brighton";
    const cases: Array<[unknown, number, RegExp]> = [
      [{ currencies: [] }, 400, /at least one/],
      [{ currencies: ["EUR", "eur"] }, 400, /twice/],
      [{ currencies: ["EUR", "XXX"] }, 400, /XXX is not on sale/],
      [{ currencies: ["EURO"] }, 400, /3-letter/],
      [{ currencies: Array.from({ length: 11 }, (_, i) => `A${String.fromCharCode(65 + i)}A`) }, 400, /at most 10/],
      [{ currencies: ["EUR"], extra: true }, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const response = await put(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.message).toMatch(message);
    }
    expect((await put("/api/admin/board/featured/atlantis", { currencies: ["EUR"] })).statusCode).toBe(404);
    const stored = await started.t.db.select().from(settings).where(eq(settings.key, "board_featured_currencies"));
    expect(stored).toEqual([]);
  });

  it("stores staff's choice per branch, audited, and the board shows it in that order", async () => {
    const { app, db } = started.t;
    const response = await put("/api/admin/board/featured/worthing", { currencies: ["usd", "PLN", "EUR"] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key: "worthing", currencies: ["USD", "PLN", "EUR"] });
    const board = (await app.inject({ method: "GET", url: "/api/board/worthing" })).json();
    expect(board.currencies.map((c: { code: string }) => c.code)).toEqual(["USD", "PLN", "EUR"]);
    const featured = (
      await app.inject({ method: "GET", url: "/api/admin/board/featured", headers: started.staff.headers })
    ).json();
    expect(featured.branches.find((b: { key: string }) => b.key === "worthing")).toMatchObject({
      currencies: ["USD", "PLN", "EUR"],
      chosen: true,
    });
    expect(featured.branches.find((b: { key: string }) => b.key === "chichester")).toMatchObject({ chosen: false });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "board.featured"), eq(auditLog.entityId, "worthing")));
    expect(entry).toMatchObject({
      actorId: started.staff.userId,
      before: { currencies: null },
      after: { currencies: ["USD", "PLN", "EUR"] },
    });
  });

  it("streams the board, then sends it again after a staff rate change and a change of its currencies", async () => {
    const { app } = started.t;
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${address}/api/board/chichester/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const next = eventReader(response.body as ReadableStream<Uint8Array>);
    const first = rateBoardSchema.parse(JSON.parse(await next()));
    const eurBefore = first.currencies.find((c) => c.code === "EUR");
    expect(eurBefore).toBeDefined();

    const change = await put("/api/admin/currencies/EUR", { label: "Euro", sell: "-9.50", buy: "9.50" });
    expect(change.statusCode).toBe(200);
    const second = rateBoardSchema.parse(JSON.parse(await next()));
    const eurAfter = second.currencies.find((c) => c.code === "EUR");
    expect(eurAfter?.collectRate).toBe(change.json().collectRate);
    expect(eurAfter?.collectRate).not.toBe(eurBefore?.collectRate);

    expect((await put("/api/admin/board/featured/chichester", { currencies: ["JPY"] })).statusCode).toBe(200);
    const third = rateBoardSchema.parse(JSON.parse(await next()));
    expect(third.currencies.map((c) => c.code)).toEqual(["JPY"]);
    // The stream stays open: closing the app (after these tests) ends it rather than waiting on it.
  });

  it("lets one address hold only its share of the board streams; a closed stream frees its place", async () => {
    const { app } = started.t;
    const address = app.server.listening
      ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      : await app.listen({ port: 0, host: "127.0.0.1" });
    const opened: AbortController[] = [];
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_ADDRESS; i++) {
      const controller = new AbortController();
      const response = await fetch(`${address}/api/board/worthing/events`, { signal: controller.signal });
      statuses.push(response.status);
      if (response.status === 200) opened.push(controller);
      else expect((await response.json()).error.code).toBe("rate_limited");
    }
    // An earlier test of this file may keep one stream of this address open.
    expect(opened.length).toBeGreaterThanOrEqual(MAX_STREAMS_PER_ADDRESS - 1);
    expect(opened.length).toBeLessThanOrEqual(MAX_STREAMS_PER_ADDRESS);
    expect(statuses.at(-1)).toBe(429);

    opened.pop()?.abort();
    let again = 0;
    for (let attempt = 0; attempt < 50 && again !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const controller = new AbortController();
      const response = await fetch(`${address}/api/board/worthing/events`, { signal: controller.signal });
      again = response.status;
      if (again === 200) opened.push(controller);
      else await response.body?.cancel();
    }
    expect(again).toBe(200);
    for (const controller of opened) controller.abort();
  });
});
