import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestApp } from "../../test/test-app.ts";
import { CONTACT_RATE_LIMIT } from "../../routes/public/contact.ts";

/**
 * Route limits (@fastify/rate-limit with the PostgreSQL store): one counter per route and client address
 * (an IPv6 /64 as one), shared by every instance on the database.
 */
describe("route limits", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    // A second instance on the same database.
    other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const post = (app: typeof other, from: string) =>
    app.inject({ method: "POST", url: "/api/contact", payload: {}, remoteAddress: from });

  it("count a /64 as one address across instances; another /64 has its own count", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      // Alternating instances and addresses within one /64.
      const response =
        i % 2 === 0 ? await post(t.app, `2001:db8:7:1::${i + 1}`) : await post(other, `2001:db8:7:1:ffff::${i}`);
      statuses.push(response.statusCode);
    }
    expect(statuses).not.toContain(429);
    expect((await post(other, "2001:db8:7:1:abcd::1")).statusCode).toBe(429);
    expect((await post(t.app, "2001:db8:7:1::99")).statusCode).toBe(429);
    // The neighbouring /64 is someone else.
    expect((await post(t.app, "2001:db8:7:2::1")).statusCode).not.toBe(429);
  });
});
