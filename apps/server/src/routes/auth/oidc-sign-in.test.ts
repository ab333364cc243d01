import { type AddressInfo, createServer } from "node:net";
import { eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, users } from "../../db/auth-schema.ts";
import { ensureBootstrapAdmin } from "../../modules/users/index.ts";
import { cookieHeaderFrom } from "../../test/auth-helpers.ts";
import { createTestApp } from "../../test/test-app.ts";

/**
 * "Continue with …" through a real OpenID Connect provider (npm oidc-provider, started here), driven
 * over HTTP the way a browser would: our authorize URL, the provider's login and consent screens,
 * back to our callback. The provider also asserts a `role: "admin"` claim, which must not count.
 */
const PUBLIC_URL = "http://localhost:3000";
const CLIENT_ID = "harbour-fx-test";
const CLIENT_SECRET = "harbour-fx-test-secret";

type Jar = { cookie: string };

/** A port nothing listens on right now (the provider's issuer URL must name its port up front). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** What the provider says about a login name (default: `<login>@oidc.test`, verified). */
const identities = new Map<string, { email: string; emailVerified: boolean }>();

async function startProvider() {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${PUBLIC_URL}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub", "role"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx, id) {
      const identity = identities.get(id);
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: identity?.email ?? `${id}@oidc.test`,
          email_verified: identity?.emailVerified ?? true,
          name: "Olive Idc",
          role: "admin",
        }),
      };
    },
    features: { devInteractions: { enabled: true } },
    // Short lifetimes for a test provider (and no notices about defaults).
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ["oidc-test-cookie-key"] },
  });
  const server = provider.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** One request to the provider, keeping its cookies like a browser would. */
async function providerRequest(jar: Jar, url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    redirect: "manual",
    headers: { ...(init.headers as Record<string, string>), cookie: jar.cookie },
  });
  jar.cookie = cookieHeaderFrom(response.headers.getSetCookie(), jar.cookie);
  return response;
}

describe("sign-in through an OpenID Connect provider", () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it("offers the provider on the sign-in screens", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/sign-in-providers" });
    expect(response.json().providers).toContainEqual({ id: "oidc", name: "OpenID Connect", configured: true });
  });

  /** Our authorize URL, the provider's login and consent screens as `login`, back to our callback. */
  async function signInThroughProvider(login: string) {
    const app: Jar = { cookie: "" };
    const start = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      headers: { origin: PUBLIC_URL, "content-type": "application/json" },
      payload: JSON.stringify({
        provider: "oidc",
        callbackURL: "/auth/popup-complete",
        errorCallbackURL: "/auth/popup-complete",
        disableRedirect: true,
      }),
    });
    expect(start.statusCode).toBe(200);
    app.cookie = cookieHeaderFrom(start.headers["set-cookie"], app.cookie);
    const authorize = new URL(start.json().url);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/auth/callback/oidc`);

    // At the provider: authorize → login screen → consent screen → back to us with a code.
    const browser: Jar = { cookie: "" };
    let response = await providerRequest(browser, authorize.toString());
    let callback: URL | undefined;
    for (let step = 0; step < 10 && !callback; step++) {
      const location = response.headers.get("location");
      if (location) {
        const next = new URL(location, provider.issuer);
        if (next.origin === new URL(PUBLIC_URL).origin) callback = next;
        else response = await providerRequest(browser, next.toString());
        continue;
      }
      const page = await response.text();
      const action = /action="([^"]+)"/.exec(page)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page: ${page.slice(0, 300)}`);
      const form = new URLSearchParams({ prompt, ...(prompt === "login" ? { login, password: "any" } : {}) });
      response = await providerRequest(browser, new URL(action, provider.issuer).toString(), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
    }
    expect(callback?.pathname).toBe("/api/auth/callback/oidc");

    const back = await t.app.inject({
      method: "GET",
      url: `${callback!.pathname}${callback!.search}`,
      headers: { cookie: app.cookie },
    });
    app.cookie = cookieHeaderFrom(back.headers["set-cookie"], app.cookie);
    return { back, cookie: app.cookie };
  }

  it("creates the account with role user, ignoring a role claim, and ends on the popup page", async () => {
    const { back, cookie } = await signInThroughProvider("olive");
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe("/auth/popup-complete");
    const app = { cookie };
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: app.cookie } });
    expect(session.json()).toMatchObject({ email: "olive@oidc.test", name: "Olive Idc", role: "user" });
    const [row] = await t.db.select().from(users).where(eq(users.email, "olive@oidc.test"));
    expect(row?.role).toBe("user");
    // The provider vouched for the address (email_verified: true): the account is verified.
    expect(row?.emailVerified).toBe(true);
  });

  it("a new account whose provider does not vouch for the e-mail stays unverified", async () => {
    identities.set("unsure", { email: "unsure@oidc.test", emailVerified: false });
    await signInThroughProvider("unsure");
    const [row] = await t.db.select().from(users).where(eq(users.email, "unsure@oidc.test"));
    expect(row?.emailVerified).toBe(false);
  });

  it("sends a refused or broken sign-in to the popup page with an error", async () => {
    const back = await t.app.inject({ method: "GET", url: "/api/auth/callback/oidc?code=forged&state=forged" });
    expect(back.statusCode).toBe(302);
    expect(String(back.headers.location)).toMatch(/^http:\/\/localhost:3000\/auth\/popup-complete\?error=/);
  });

  describe("never takes over an existing account without a verified e-mail", () => {
    const adminEmail = "owner-admin@harbour.test";
    beforeAll(async () => {
      await ensureBootstrapAdmin({
        auth: t.app.auth,
        db: t.db,
        config: { bootstrapAdmin: { email: adminEmail, password: "bootstrap-password-1" } },
      });
    });

    it("an unverified e-mail claim for the admin's address gives no session and links nothing", async () => {
      identities.set("mallory", { email: adminEmail, emailVerified: false });
      const { back, cookie } = await signInThroughProvider("mallory");
      expect(back.statusCode).toBe(302);
      expect(String(back.headers.location)).toMatch(/\/auth\/popup-complete\?error=/);
      const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
      expect(session.json()).toBeNull();
      const [admin] = await t.db.select().from(users).where(eq(users.email, adminEmail));
      const linked = await t.db.select().from(accounts).where(eq(accounts.userId, admin!.id));
      expect(linked.map((account) => account.providerId)).toEqual(["credential"]);
    });

    it("a verified e-mail claim for that address joins the existing account", async () => {
      identities.set("owner", { email: adminEmail, emailVerified: true });
      const { back, cookie } = await signInThroughProvider("owner");
      expect(back.headers.location).toBe("/auth/popup-complete");
      const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
      expect(session.json()).toMatchObject({ email: adminEmail, role: "admin" });
    });
  });
});
