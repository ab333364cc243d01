import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "@bureau/domain/account-rules";
import { signUp } from "../../test/auth-helpers.ts";
import { tinyJpeg, tinyPng } from "../../test/images.ts";
import { createTestApp } from "../../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe("profile: display name and photo", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const upload = (headers: Record<string, string>, body: Buffer, contentType = "image/png") =>
    t.app.inject({
      method: "PUT",
      url: "/api/account/photo",
      headers: { ...headers, "content-type": contentType },
      payload: body,
    });

  it("needs a signed-in user", async () => {
    const name = await t.app.inject({ method: "PATCH", url: "/api/account/profile", payload: { name: "Anon" } });
    expect(name.statusCode).toBe(401);
    const photo = await upload({ origin: t.config.publicUrl }, tinyPng);
    expect(photo.statusCode).toBe(401);
  });

  it("changes the display name, trimmed, and refuses one that is too long", async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: account.headers,
      payload: { name: "  Ada Lovelace  " },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "Ada Lovelace", email: account.email });
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: account.cookie } });
    expect(session.json().name).toBe("Ada Lovelace");
    const tooLong = await t.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: account.headers,
      payload: { name: "x".repeat(81) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.name).toBe("The display name can be at most 80 characters");
  });

  it("stores a PNG and serves it from our origin with its detected type", async () => {
    const account = await signUp(t.app);
    const response = await upload(account.headers, tinyPng, "application/octet-stream");
    expect(response.statusCode).toBe(200);
    const image: string = response.json().image;
    expect(image).toMatch(new RegExp(`^/api/account/photo/${account.userId}\\?v=\\d+$`));
    const served = await t.app.inject({ method: "GET", url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
  });

  it("takes the type from the bytes, not from the header", async () => {
    const account = await signUp(t.app);
    const response = await upload(account.headers, tinyJpeg, "image/png");
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: "GET", url: response.json().image });
    expect(served.headers["content-type"]).toBe("image/jpeg");

    const disguised = await upload(account.headers, Buffer.from("<svg onload=alert(1)></svg>"), "image/png");
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error.message).toBe("The photo must be a PNG, JPEG or WebP image.");
    const otherType = await upload(account.headers, tinyPng, "text/html");
    expect(otherType.statusCode).toBe(415);
  });

  it("refuses a photo over 1 MB with a clear message and keeps the old one", async () => {
    const account = await signUp(t.app);
    const first = await upload(account.headers, tinyPng);
    const tooBig = Buffer.concat([tinyPng, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const response = await upload(account.headers, tooBig);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe("The photo must be 1 MB or smaller.");
    const served = await t.app.inject({ method: "GET", url: first.json().image });
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
    const exactlyOneMegabyte = Buffer.concat([tinyPng, Buffer.alloc(PHOTO_MAX_BYTES - tinyPng.length)]);
    expect((await upload(account.headers, exactlyOneMegabyte)).statusCode).toBe(200);
  });

  it("answers 404 for a user without a photo", async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({ method: "GET", url: `/api/account/photo/${account.userId}` });
    expect(response.statusCode).toBe(404);
  });
});
