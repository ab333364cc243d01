import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_PLACEHOLDER } from "./lib/log-privacy.ts";
import { nextClientAddress, signUp } from "./test/auth-helpers.ts";
import { createTestApp } from "./test/test-app.ts";

/** The JSON log of a real app, read line by line, must never carry e-mail addresses or query strings. */
describe("request logs", () => {
  const lines: string[] = [];
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: "info" },
      logStream: { write: (line) => void lines.push(line) },
      extend(app) {
        app.get("/api/test-mail-log", async (request) => {
          request.log.info({ to: "amelia.hart@example.com" }, "queued a message for amelia.hart@example.com");
          request.log.error(
            { err: new Error("duplicate key: Key (email)=(amelia.hart@example.com) already exists.") },
            "insert failed",
          );
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it("log refused requests by path only, without the query string", async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: "GET",
      url: "/api/orders/no-such-order?email=amelia.hart%40example.com&name=Amelia+Hart&phone=07700900123",
    });
    expect(response.statusCode).toBe(404);
    const logged = lines.join("");
    expect(logged).toContain('"path":"/api/orders/no-such-order"');
    expect(logged).not.toContain("?");
    expect(logged).not.toMatch(/amelia|07700900123|example\.com/i);
  });

  it("never carry an e-mail address, in messages, fields or errors", async () => {
    lines.length = 0;
    expect((await t.app.inject({ method: "GET", url: "/api/test-mail-log" })).statusCode).toBe(200);
    const account = await signUp(t.app);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: nextClientAddress(),
      headers: { origin: t.config.publicUrl, "content-type": "application/json" },
      payload: JSON.stringify({ email: account.email, password: "not-the-password" }),
    });
    const logged = lines.join("");
    expect(logged).toContain(EMAIL_PLACEHOLDER);
    expect(logged).toContain("queued a message for");
    expect(logged).not.toMatch(/amelia\.hart@example\.com/);
    expect(logged).not.toContain(account.email);
  });
});
