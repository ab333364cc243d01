import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { createTestApp } from "../test/test-app.ts";
import { REQUEST_BODY_LIMIT_BYTES } from "./body-limits.ts";

/**
 * Sends a request's head with `Expect: 100-continue` and reads what the server says before any body is
 * sent; sends the body only once told to continue, then reads the rest until the connection closes.
 */
function expectContinue(port: number, head: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let sent = false;
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
      if (!sent && answer.startsWith("HTTP/1.1 100")) {
        sent = true;
        // Not ended: the server closes the connection after its answer (Connection: close).
        socket.write(body);
      }
    });
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    socket.on("close", () => resolve(answer));
    socket.write(head);
  });
}

describe("Expect: 100-continue", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const head = (path: string, length: number, type = "application/json") =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n` +
    "Expect: 100-continue\r\nConnection: close\r\n\r\n";

  it("refuses an API body declared over the limit with 413 before any 100 Continue", async () => {
    const answer = await expectContinue(port, head("/api/contact", 10 * 1024 * 1024), "");
    expect(answer).not.toContain("100 Continue");
    expect(answer.startsWith("HTTP/1.1 413")).toBe(true);
    const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
    expect(apiErrorSchema.parse(JSON.parse(body)).error.code).toBe("payload_too_large");
  });

  it("refuses a page form post declared over the page limit before any 100 Continue", async () => {
    const answer = await expectContinue(
      port,
      head("/contact", REQUEST_BODY_LIMIT_BYTES + 1, "application/x-www-form-urlencoded"),
      "",
    );
    expect(answer).not.toContain("100 Continue");
    expect(answer.startsWith("HTTP/1.1 413")).toBe(true);
  });

  it("tells a body within the limit to continue, then answers the request as usual", async () => {
    const body = JSON.stringify({ name: "" });
    const answer = await expectContinue(port, head("/api/contact", Buffer.byteLength(body)), body);
    expect(answer.startsWith("HTTP/1.1 100 Continue")).toBe(true);
    // The contact form's own validation answers: the request reached its route.
    expect(answer).toMatch(/HTTP\/1\.1 400/);
  });
});
