import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));

const contactForm = new URLSearchParams({
  name: "Amelia Hart",
  email: "amelia@example.com",
  message: "Hello there, do you have krone?",
}).toString();

describe.skipIf(!haveWebBuild)("cross-site refusal of page form posts", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ web: true });
  });
  afterAll(() => t.close());

  const post = (headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", host: "localhost:3000", ...headers },
      payload: contactForm,
    });

  it("refuses a form posted to a page from another site, signed out and without cookies", async () => {
    const fromElsewhere = await post({ origin: "https://evil.example" });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.body).not.toContain("Thank you");
    const withoutOrigin = await post({ "sec-fetch-site": "cross-site" });
    expect(withoutOrigin.statusCode).toBe(403);
    const unknownSource = await post({});
    expect(unknownSource.statusCode).toBe(403);
  });

  it("lets our own pages' form posts through", async () => {
    const ours = await post({ origin: t.app.config.publicUrl });
    expect(ours.statusCode).toBe(200);
    expect(ours.body).toContain("Thank you");
    const sameOriginWithoutOriginHeader = await post({ "sec-fetch-site": "same-origin" });
    expect(sameOriginWithoutOriginHeader.statusCode).toBe(200);
  });

  it("still lets cookie-less API clients call the API from anywhere", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/quotes",
      headers: { origin: "https://evil.example" },
      payload: { currency: "EUR", way: "Order", gbpMinor: 10_000 },
    });
    expect(response.statusCode).toBe(201);
  });
});
