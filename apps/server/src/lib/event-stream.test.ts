import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { openEventStream } from "./event-stream.ts";

describe("event streams", () => {
  const app = Fastify();
  app.get("/events", async (request, reply) => {
    const stream = openEventStream(request, reply, { maxAgeMs: 150 });
    stream.send("hello");
  });
  afterAll(() => app.close());

  it("end after their age limit, so that no stream is held for ever", async () => {
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const started = Date.now();
    const response = await fetch(`${address}/events`);
    expect(response.status).toBe(200);
    // The whole body arrives: the server ended the stream by itself.
    const body = await response.text();
    expect(body).toContain("data: hello");
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
