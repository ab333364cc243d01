import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../../db/auth-schema.ts";
import { auditLog } from "../../db/schema.ts";
import { giveAuthenticator, markEmailVerified, signIn, signUp } from "../../test/auth-helpers.ts";
import { createTestApp } from "../../test/test-app.ts";
import { BootstrapAdminRefused, DEFAULT_ADMIN_EMAIL, ensureBootstrapAdmin } from "./ensure-bootstrap-admin.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe("the bootstrap admin (PRODUCT.md §3)", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const roleOf = async (app: TestApp, email: string) =>
    (await app.db.select().from(users).where(eq(users.email, email)))[0]?.role;

  it("creates BOOTSTRAP_ADMIN_EMAIL as an admin who can sign in with BOOTSTRAP_ADMIN_PASSWORD, once", async () => {
    t = await createTestApp({
      env: { BOOTSTRAP_ADMIN_EMAIL: "Boss@Harbour.test", BOOTSTRAP_ADMIN_PASSWORD: "bootstrap-password-1" },
    });
    const first = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    expect(first.notices.join("\n")).toContain("boss@harbour.test");
    expect(first.notices.join("\n")).not.toContain("bootstrap-password-1");
    expect(await roleOf(t, "boss@harbour.test")).toBe("admin");
    // The account it creates itself is verified: its address is the operator's own setting.
    expect((await t.db.select().from(users).where(eq(users.email, "boss@harbour.test")))[0]?.emailVerified).toBe(true);
    const cookie = await signIn(t.app, "boss@harbour.test", "bootstrap-password-1");
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
    expect(session.json()).toMatchObject({ email: "boss@harbour.test", role: "admin", staffVerified: false });

    const second = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    expect(second.notices).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, "boss@harbour.test"))).toHaveLength(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "user.bootstrap_admin_created"));
    expect(audit).toHaveLength(1);
  });

  it("promotes an existing account of that e-mail and keeps its own password", async () => {
    t = await createTestApp({
      env: { BOOTSTRAP_ADMIN_EMAIL: "owner@harbour.test", BOOTSTRAP_ADMIN_PASSWORD: "bootstrap-password-2" },
    });
    const owner = await signUp(t.app, { email: "owner@harbour.test", password: "owners-own-password" });
    await markEmailVerified(t.app, owner.userId);
    const result = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    expect(result.notices.join("\n")).toContain("is now an admin");
    expect(await roleOf(t, "owner@harbour.test")).toBe("admin");
    await expect(signIn(t.app, "owner@harbour.test", "owners-own-password")).resolves.toContain("session_token");
    await expect(signIn(t.app, "owner@harbour.test", "bootstrap-password-2")).rejects.toThrow(/401/);
  });

  it("refuses to promote an existing account whose e-mail is unverified: says so, changes and audits nothing", async () => {
    t = await createTestApp({
      env: { BOOTSTRAP_ADMIN_EMAIL: "claimed@harbour.test", BOOTSTRAP_ADMIN_PASSWORD: "bootstrap-password-3" },
    });
    const squatter = await signUp(t.app, { email: "claimed@harbour.test", password: "squatters-password" });
    const attempt = ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    await expect(attempt).rejects.toThrow(BootstrapAdminRefused);
    await expect(attempt).rejects.toThrow(
      "claimed@harbour.test already exists but its e-mail address is not verified, so it was not made an admin",
    );
    expect(await roleOf(t, "claimed@harbour.test")).toBe("user");
    expect(await t.db.select().from(auditLog)).toEqual([]);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: squatter.cookie } });
    expect(session.json()).toMatchObject({ role: "user" });
    await expect(signIn(t.app, "claimed@harbour.test", "bootstrap-password-3")).rejects.toThrow(/401/);
  });

  it("without configuration, refuses to take over an unverified account of the default admin's address", async () => {
    t = await createTestApp();
    await signUp(t.app, { email: DEFAULT_ADMIN_EMAIL, password: "squatters-password" });
    await expect(ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config })).rejects.toThrow(
      BootstrapAdminRefused,
    );
    expect(await roleOf(t, DEFAULT_ADMIN_EMAIL)).toBe("user");
    await expect(signIn(t.app, DEFAULT_ADMIN_EMAIL, "squatters-password")).resolves.toContain("session_token");
  });

  it("without configuration, creates the default admin with a random password printed once", async () => {
    t = await createTestApp();
    const first = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    const printed = first.credentials.join("\n");
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(printed).toContain(DEFAULT_ADMIN_EMAIL);
    expect(first.notices.join("\n")).not.toContain(password);
    expect(password?.length).toBeGreaterThanOrEqual(16);
    const cookie = await signIn(t.app, DEFAULT_ADMIN_EMAIL, password!);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
    expect(session.json()).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, role: "admin" });

    // Later starts: an admin exists, nothing is created, the password stays; while it has no authenticator,
    // a fresh set-up link is printed (decision 032), and nothing once it has one.
    const second = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    expect(second.notices).toEqual([]);
    expect(second.credentials).toEqual([
      expect.stringMatching(/^Set up the authenticator of .+\/account\/authenticator\?enrol=/),
    ]);
    const [admin] = await t.db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    await giveAuthenticator(t.app, admin!.id);
    const third = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    expect(third.credentials).toEqual([]);
    await expect(signIn(t.app, DEFAULT_ADMIN_EMAIL, password!)).resolves.toContain("session_token");
  });

  it("without configuration, creates nothing when an admin already exists", async () => {
    t = await createTestApp();
    const someone = await signUp(t.app);
    await t.db.update(users).set({ role: "admin" }).where(eq(users.id, someone.userId));
    const result = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    expect(result.notices).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, DEFAULT_ADMIN_EMAIL))).toEqual([]);
  });
});
