import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/auth-schema.ts";
import { auditLog } from "../../db/schema.ts";
import { PASSWORD_TOO_COMMON_MESSAGE } from "@bureau/domain/account-rules";
import { rankedPasswordCount } from "../../modules/users/index.ts";
import { SESSION_ABSOLUTE_LIFETIME_MS, STAFF_VERIFICATION_TTL_MS } from "../../plugins/session.ts";
import {
  authenticatorCode,
  cookieHeaderFrom,
  giveAuthenticator,
  nextClientAddress,
  signIn,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
} from "../../test/auth-helpers.ts";
import { createTestApp } from "../../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const json = { "content-type": "application/json" };

describe("sign-up, sign-in and the session", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("signs up with role user without signing in; the sign-in sets an HttpOnly SameSite cookie and knows the session", async () => {
    const email = uniqueEmail("new");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: nextClientAddress(),
      headers: { ...json, origin: t.config.publicUrl },
      payload: JSON.stringify({ email, password: "a-good-password", name: "" }),
    });
    expect(response.statusCode).toBe(200);
    // A sign-up answers the same whether or not the address has an account, so it signs nobody in (decision 030).
    expect(response.headers["set-cookie"]).toBeUndefined();
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: nextClientAddress(),
      headers: { ...json, origin: t.config.publicUrl },
      payload: JSON.stringify({ email, password: "a-good-password" }),
    });
    const setCookie = [signedIn.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(/harbour\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // Plain HTTP public URL (tests): no Secure attribute, which browsers would refuse over http.
    expect(setCookie).not.toMatch(/;\s*Secure/i);

    const cookie = cookieHeaderFrom(signedIn.headers["set-cookie"]);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
    expect(session.json()).toMatchObject({ email, role: "user", staffVerified: false, name: "", image: null });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe("user");
  });

  it("answers null for an anonymous visitor", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/session" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a wrong password with the spec's message, and accepts the right one", async () => {
    const account = await signUp(t.app);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: nextClientAddress(),
      headers: { ...json, origin: t.config.publicUrl },
      payload: JSON.stringify({ email: account.email, password: "not-the-password" }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: "unauthenticated", message: "The password doesn't match" });
    const cookie = await signIn(t.app, account.email, account.password);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
    expect(session.json().email).toBe(account.email);
  });

  it("says clearly when the password is weak (a taken e-mail is not told: sign-up-privacy.test.ts)", async () => {
    const weak = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: nextClientAddress(),
      headers: { ...json, origin: t.config.publicUrl },
      payload: JSON.stringify({ email: uniqueEmail(), password: "elevenchars", name: "" }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({
      code: "validation_failed",
      message: "The password is too weak: use at least 12 characters.",
      fields: { password: "The password is too weak: use at least 12 characters." },
    });
  });

  it("refuses a new password found in the estimator's breached-password lists, whatever its case", async () => {
    expect(rankedPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const password of ["password1234", "QwertyUiop123", "1qaz2wsx3edc"]) {
      const email = uniqueEmail("common");
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: nextClientAddress(),
        headers: { ...json, origin: t.config.publicUrl },
        payload: JSON.stringify({ email, password, name: "" }),
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.fields.password).toBe(PASSWORD_TOO_COMMON_MESSAGE);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
    // Changing the password is held to the same rules.
    const account = await signUp(t.app);
    const change = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      remoteAddress: nextClientAddress(),
      headers: { ...account.headers, "content-type": "application/json" },
      payload: JSON.stringify({ currentPassword: account.password, newPassword: "password1234" }),
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.fields.password).toBe(PASSWORD_TOO_COMMON_MESSAGE);
  });

  it("signs out everywhere: every session of the account ends, other accounts' stay", async () => {
    const account = await signUp(t.app);
    const otherDevice = await signIn(t.app, account.email, account.password);
    const someoneElse = await signUp(t.app);
    const everywhere = await t.app.inject({
      method: "POST",
      url: "/api/auth/revoke-sessions",
      remoteAddress: nextClientAddress(),
      headers: { ...account.headers, "content-type": "application/json" },
      payload: "{}",
    });
    expect(everywhere.statusCode).toBe(200);
    for (const cookie of [account.cookie, otherDevice]) {
      const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
      expect(session.json()).toBeNull();
    }
    const other = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: someoneElse.cookie } });
    expect(other.json()).toMatchObject({ email: someoneElse.email });
  });

  it("ends a session 30 days after sign-in however active it is", async () => {
    const account = await signUp(t.app);
    const before = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: account.cookie } });
    expect(before.json()).toMatchObject({ email: account.email });
    // Active all along (better-auth's sliding expiry is still ahead), but signed in 30 days ago.
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 1000) })
      .where(eq(sessions.userId, account.userId));
    const after = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: account.cookie } });
    expect(after.json()).toBeNull();
    expect(String(after.headers["set-cookie"])).toMatch(/session_token=;.*Max-Age=0/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, account.userId))).toEqual([]);
  });

  it("signs out: the session ends on the server", async () => {
    const account = await signUp(t.app);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { ...account.headers, ...json },
      payload: "{}",
    });
    expect(out.statusCode).toBe(200);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: account.cookie } });
    expect(session.json()).toBeNull();
  });

  it("refuses state changes from another site", async () => {
    const account = await signUp(t.app);
    const box = await t.app.inject({
      method: "POST",
      url: "/api/box",
      headers: { cookie: account.cookie, origin: "https://evil.example" },
      payload: { username: "x", password: "y" },
    });
    expect(box.statusCode).toBe(403);
    expect(box.json().error.message).toBe("This request came from another site and was refused.");
    const noOrigin = await t.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: { cookie: account.cookie, "sec-fetch-site": "cross-site" },
      payload: { name: "Mallory" },
    });
    expect(noOrigin.statusCode).toBe(403);
    const signOut = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: account.cookie, origin: "https://evil.example", ...json },
      payload: "{}",
    });
    expect(signOut.statusCode).toBe(403);
    const still = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: account.cookie } });
    expect(still.json()?.email).toBe(account.email);
  });
});

describe("a forged role in any request body is ignored", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const roleOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]?.role;

  it("on sign-up", async () => {
    const email = uniqueEmail("forger");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: nextClientAddress(),
      headers: { ...json, origin: t.config.publicUrl },
      payload: JSON.stringify({ email, password: "a-good-password", name: "", role: "admin" }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe("user");
    expect(await roleOf(email)).toBe("user");
  });

  it("a profile image URL given at sign-up is not kept (photos come only from our own upload)", async () => {
    const email = uniqueEmail("imager");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: nextClientAddress(),
      headers: { ...json, origin: t.config.publicUrl },
      payload: JSON.stringify({
        email,
        password: "a-good-password",
        name: "",
        image: "https://tracker.example/pixel.png",
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.image).toBeNull();
    const [stored] = await t.db.select().from(users).where(eq(users.email, email));
    expect(stored?.image).toBeNull();
  });

  it("on the profile update and on better-auth's own update endpoint", async () => {
    const account = await signUp(t.app);
    const profile = await t.app.inject({
      method: "PATCH",
      url: "/api/account/profile",
      headers: account.headers,
      payload: { name: "Eve", role: "admin", staffVerified: true, email: "other@example.com" },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ name: "Eve", role: "user", email: account.email, staffVerified: false });

    const libraryUpdate = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { ...account.headers, ...json },
      payload: JSON.stringify({ role: "admin", name: "Eve" }),
    });
    expect(libraryUpdate.statusCode).toBeGreaterThanOrEqual(400);
    expect(await roleOf(account.email)).toBe("user");
  });

  it("on sign-in and on the Secure Box", async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: nextClientAddress(),
      headers: { ...json, origin: t.config.publicUrl },
      payload: JSON.stringify({ email: account.email, password: account.password, role: "admin" }),
    });
    expect(response.statusCode).toBe(200);
    const box = await t.app.inject({
      method: "POST",
      url: "/api/box",
      headers: account.headers,
      payload: { ...t.config.secureBox, role: "admin" },
    });
    expect(box.statusCode).toBe(403);
    expect(await roleOf(account.email)).toBe("user");
  });
});

describe("Secure Box", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const auditOf = (userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, userId)));

  it("needs a signed-in session", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/box", payload: t.config.secureBox });
    expect(response.statusCode).toBe(401);
  });

  it("is for staff accounts only: a plain user is refused without a comparison", async () => {
    const user = await signUpAndSignIn(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/box",
      headers: user.headers,
      payload: t.config.secureBox,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe("The Secure Box is for staff accounts only.");
    expect(await auditOf(user.userId)).toEqual([]);
  });

  it("is shut to an admin without an authenticator, without a comparison or a count, until one is set up", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/box",
        remoteAddress: "10.99.0.1",
        headers: admin.headers,
        payload: t.config.secureBox,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(
        "Set up your authenticator first: the Secure Box asks for the code it shows.",
      );
    }
    expect(await auditOf(admin.userId)).toEqual([]);
    // Once set up, the same address is not held back by those refusals.
    const secret = await giveAuthenticator(t.app, admin.userId);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/box",
      remoteAddress: "10.99.0.1",
      headers: admin.headers,
      payload: { ...t.config.secureBox, code: authenticatorCode(secret) },
    });
    expect(response.statusCode).toBe(200);
  });

  it("ends a pass given to an admin who has no authenticator (before that rule): the staff area refuses", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    await t.db.update(sessions).set({ staffVerifiedAt: new Date() }).where(eq(sessions.userId, admin.userId));
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: admin.cookie } });
    expect(session.json()).toMatchObject({ role: "admin", staffVerified: false });
    const staffRoute = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: { cookie: admin.cookie },
    });
    expect(staffRoute.statusCode).toBe(403);
    await giveAuthenticator(t.app, admin.userId);
    const later = await t.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie: admin.cookie } });
    expect(later.statusCode).toBe(200);
  });

  it("refuses wrong credentials or code, audited, and leaves the session unverified", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const secret = await giveAuthenticator(t.app, admin.userId);
    for (const payload of [
      { username: t.config.secureBox.username, password: "wrong-password", code: authenticatorCode(secret) },
      { username: "wrong-user", password: t.config.secureBox.password, code: authenticatorCode(secret) },
      { username: "", password: "" },
      { ...t.config.secureBox },
    ]) {
      const response = await t.app.inject({ method: "POST", url: "/api/box", headers: admin.headers, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(
        "The Secure Box username, password or authenticator code is not correct.",
      );
    }
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: admin.cookie } });
    expect(session.json().staffVerified).toBe(false);
    const entries = await auditOf(admin.userId);
    expect(entries.map((e) => e.action)).toEqual([
      "secure_box.failed",
      "secure_box.failed",
      "secure_box.failed",
      "secure_box.failed",
    ]);
    expect(entries[0]).toMatchObject({ actorId: admin.userId, actorEmail: admin.email });
    // The audit never holds what was typed.
    expect(JSON.stringify(entries)).not.toContain("wrong-password");
  });

  it("marks only this session staff-verified on the right credentials, audited", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const secret = await giveAuthenticator(t.app, admin.userId);
    const otherSessionCookie = await signIn(t.app, admin.email, admin.password);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/box",
      headers: admin.headers,
      payload: { ...t.config.secureBox, code: authenticatorCode(secret) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ staffVerified: true });
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: admin.cookie } });
    expect(session.json()).toMatchObject({ role: "admin", staffVerified: true });
    const other = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: otherSessionCookie } });
    expect(other.json()).toMatchObject({ role: "admin", staffVerified: false });
    expect((await auditOf(admin.userId)).map((e) => e.action)).toContain("secure_box.verified");
    const staffRoute = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: { cookie: admin.cookie },
    });
    expect(staffRoute.statusCode).toBe(200);
  });

  it("ends the whole session 12 hours after its Secure Box pass", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    await t.db
      .update(sessions)
      .set({ staffVerifiedAt: new Date(Date.now() - STAFF_VERIFICATION_TTL_MS - 1000) })
      .where(eq(sessions.userId, admin.userId));
    // A staff-verified session lives 12 hours at most: then it ends altogether.
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: admin.cookie } });
    expect(session.json()).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, admin.userId))).toEqual([]);
    const staffRoute = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: { cookie: admin.cookie },
    });
    expect(staffRoute.statusCode).toBe(401);
  });

  it("ends with the session: a new sign-in is not staff-verified", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { ...admin.headers, ...json },
      payload: "{}",
    });
    const again = await signIn(t.app, admin.email, admin.password);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: again } });
    expect(session.json()).toMatchObject({ role: "admin", staffVerified: false });
  });
});

describe("secure cookies behind HTTPS", () => {
  it("sets Secure, __Secure- prefixed cookies when PUBLIC_URL is https", async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: "https://fx.example.co.uk" } });
    const email = uniqueEmail();
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: nextClientAddress(),
        headers: { ...json, origin: "https://fx.example.co.uk" },
        payload: JSON.stringify({ email, password: "a-good-password", name: "" }),
      });
      expect(response.statusCode).toBe(200);
      const signedIn = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: nextClientAddress(),
        headers: { ...json, origin: "https://fx.example.co.uk" },
        payload: JSON.stringify({ email, password: "a-good-password" }),
      });
      const setCookie = [signedIn.headers["set-cookie"]].flat().join("\n");
      expect(setCookie).toMatch(/__Secure-harbour\.session_token=/);
      expect(setCookie).toMatch(/;\s*Secure/i);
      expect(setCookie).toMatch(/HttpOnly/i);
      const cookie = cookieHeaderFrom(signedIn.headers["set-cookie"]);
      const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
      expect(session.json()?.role).toBe("user");
    } finally {
      await t.close();
    }
  });
});

describe("sign-in providers", () => {
  it("reports Google as not configured without credentials", async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: "GET", url: "/api/sign-in-providers" });
      expect(response.json()).toEqual({ providers: [{ id: "google", name: "Google", configured: false }] });
      const start = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        headers: { ...json, origin: t.config.publicUrl },
        payload: JSON.stringify({ provider: "google", callbackURL: "/", disableRedirect: true }),
      });
      expect(start.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.close();
    }
  });

  it("starts a Google sign-in at Google's authorize URL with our callback when configured", async () => {
    const t = await createTestApp({ env: { GOOGLE_CLIENT_ID: "google-client-id", GOOGLE_CLIENT_SECRET: "s3cret" } });
    try {
      const providers = await t.app.inject({ method: "GET", url: "/api/sign-in-providers" });
      expect(providers.json().providers).toContainEqual({ id: "google", name: "Google", configured: true });
      const start = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        headers: { ...json, origin: t.config.publicUrl },
        payload: JSON.stringify({ provider: "google", callbackURL: "/auth/popup-complete", disableRedirect: true }),
      });
      expect(start.statusCode).toBe(200);
      const url = new URL(start.json().url);
      expect(url.origin).toBe("https://accounts.google.com");
      expect(url.searchParams.get("client_id")).toBe("google-client-id");
      expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/google");
      expect(url.searchParams.get("state")).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it("refuses a callback URL on another site", async () => {
    const t = await createTestApp({ env: { GOOGLE_CLIENT_ID: "google-client-id", GOOGLE_CLIENT_SECRET: "s3cret" } });
    try {
      const start = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        headers: { ...json, origin: t.config.publicUrl },
        payload: JSON.stringify({ provider: "google", callbackURL: "https://evil.example/", disableRedirect: true }),
      });
      expect(start.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});

describe("the OAuth popup's last page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is a page without inline script that loads its own script file", async () => {
    const page = await t.app.inject({ method: "GET", url: "/auth/popup-complete" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<script src="/auth/popup-complete.js" defer></script>');
    expect([...page.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>/g)]).toEqual([]);
    expect(String(page.headers["content-security-policy"])).not.toContain("unsafe-inline");
    const script = await t.app.inject({ method: "GET", url: "/auth/popup-complete.js" });
    expect(script.headers["content-type"]).toContain("text/javascript");
    expect(script.body).toContain("BroadcastChannel");
    expect(script.body).toContain("window.close()");
  });
});
