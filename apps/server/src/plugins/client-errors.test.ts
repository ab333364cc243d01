import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorSchema } from "@bureau/domain/contracts/errors";
import { createTestApp } from "../test/test-app.ts";

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    socket.on("close", () => resolve(answer));
    socket.write(request);
  });
}

function parse(answer: string) {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(":")).toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: JSON.parse(body) as unknown };
}

describe("requests Node's HTTP parser refuses", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it("answers an address past the header limit with 431 in the API's error shape, closing the connection", async () => {
    const answer = parse(
      await rawExchange(port, `GET /api/currencies?q=${"%C3%A9".repeat(5_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers.connection).toBe("close");
    expect(apiErrorSchema.parse(answer.body).error.code).toBe("headers_too_large");
  });

  it("answers bytes that are not HTTP with 400 in the API's error shape", async () => {
    const answer = parse(await rawExchange(port, "HELLO THERE\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(apiErrorSchema.parse(answer.body)).toEqual({
      error: { code: "bad_request", message: "The request is not valid." },
    });
  });
});
