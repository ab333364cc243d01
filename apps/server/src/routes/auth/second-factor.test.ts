import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffSecondFactors } from "../../db/auth-schema.ts";
import { ensureBootstrapAdmin } from "../../modules/users/ensure-bootstrap-admin.ts";
import { checkSecondFactorCode } from "../../modules/users/staff-second-factor.ts";
import { nextClientAddress, type SignedIn, signIn, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createTestApp } from "../../test/test-app.ts";

/** Codes are computed here from the secret, as an authenticator app would (RFC 6238, 30 s, 6 digits). */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const BOOTSTRAP_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("staff second factor (TOTP)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        BOOTSTRAP_ADMIN_EMAIL: "totp-boss@harbour.test",
        BOOTSTRAP_ADMIN_PASSWORD: "bootstrap-password-3",
        BOOTSTRAP_ADMIN_TOTP_SECRET: BOOTSTRAP_TOTP_SECRET,
      },
    });
  });
  afterAll(() => t.close());

  const post = (url: string, who: Pick<SignedIn, "headers">, payload: object = {}) =>
    t.app.inject({ method: "POST", url, remoteAddress: nextClientAddress(), headers: who.headers, payload });
  const box = (who: Pick<SignedIn, "headers">, extra: { code?: string } = {}) =>
    post("/api/box", who, { username: t.config.secureBox.username, password: t.config.secureBox.password, ...extra });

  async function enrol(admin: SignedIn) {
    const started = await post("/api/account/second-factor/enrolment", admin);
    expect(started.statusCode).toBe(200);
    expect(started.headers["cache-control"]).toBe("no-store");
    const { secret, otpauthUri, qrCodeSvg } = started.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Harbour%20FX:.+\?.*secret=/);
    expect(qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const wrong = await post("/api/account/second-factor/confirm", admin, { code: codeAt(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post("/api/account/second-factor/confirm", admin, { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    return { secret: secret as string, recoveryCodes };
  }

  it("lets an admin set up an authenticator with a QR code and recovery codes, stored encrypted", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const before = await t.app.inject({ method: "GET", url: "/api/account/second-factor", headers: admin.headers });
    expect(before.json()).toEqual({ enrolled: false });
    const { secret, recoveryCodes } = await enrol(admin);
    const after = await t.app.inject({ method: "GET", url: "/api/account/second-factor", headers: admin.headers });
    expect(after.json()).toEqual({ enrolled: true });
    const [row] = await t.db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, admin.userId));
    expect(row?.secretCiphertext).not.toContain(secret);
    expect(JSON.stringify(row?.recoveryCodeHashes)).not.toContain(recoveryCodes[0]);
    // Once in force it cannot be replaced by whoever holds the session.
    expect((await post("/api/account/second-factor/enrolment", admin)).statusCode).toBe(409);
  });

  it("is for staff accounts only", async () => {
    const user = await signUpAndSignIn(t.app);
    expect((await post("/api/account/second-factor/enrolment", user)).statusCode).toBe(403);
  });

  it("makes the Secure Box ask for the current code once set up: none, wrong or replayed codes fail", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const { secret } = await enrol(admin);
    const withoutCode = await box(admin);
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().error.message).toBe(
      "The Secure Box username, password or authenticator code is not correct.",
    );
    expect((await box(admin, { code: codeAt(secret, 10) })).statusCode).toBe(403);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: admin.headers });
    expect(session.json().staffVerified).toBe(false);

    // The enrolment used this step's code: the next step's code (one step of drift allowed) opens the box once.
    const next = codeAt(secret, 1);
    expect((await box(admin, { code: next })).statusCode).toBe(200);
    const again = await signIn(t.app, admin.email, admin.password);
    const secondSession = { headers: { cookie: again, origin: t.config.publicUrl } };
    expect((await box(secondSession, { code: next })).statusCode).toBe(403);
  });

  it("accepts each recovery code once instead of the authenticator's code", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const { recoveryCodes } = await enrol(admin);
    expect((await box(admin, { code: recoveryCodes[3]! })).statusCode).toBe(200);
    const again = await signIn(t.app, admin.email, admin.password);
    const secondSession = { headers: { cookie: again, origin: t.config.publicUrl } };
    expect((await box(secondSession, { code: recoveryCodes[3]! })).statusCode).toBe(403);
    expect((await box(secondSession, { code: recoveryCodes[4]! })).statusCode).toBe(200);
  });

  it("lets only one of two simultaneous uses of one recovery code through", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const { recoveryCodes } = await enrol(admin);
    const again = await signIn(t.app, admin.email, admin.password);
    const secondSession = { headers: { cookie: again, origin: t.config.publicUrl } };
    const answers = await Promise.all([
      box(admin, { code: recoveryCodes[0]! }),
      box(secondSession, { code: recoveryCodes[0]! }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const [row] = await t.db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, admin.userId));
    expect(row?.recoveryCodeHashes).toHaveLength(9);
    // Checked directly too, many at once: one use of the code, however many ask.
    const uses = await Promise.all(
      Array.from({ length: 6 }, () =>
        checkSecondFactorCode({
          db: t.db,
          authSecret: t.config.authSecret,
          userId: admin.userId,
          code: recoveryCodes[1]!,
        }),
      ),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it("lets only one of several simultaneous uses of one authenticator code through", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const { secret } = await enrol(admin);
    const code = codeAt(secret, 1);
    const uses = await Promise.all(
      Array.from({ length: 6 }, () =>
        checkSecondFactorCode({ db: t.db, authSecret: t.config.authSecret, userId: admin.userId, code }),
      ),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it("keeps the Secure Box shut to admins without an authenticator: they set one up first", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const refused = await box(admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "Set up your authenticator first: the Secure Box asks for the code it shows.",
    );
    const { secret } = await enrol(admin);
    expect((await box(admin, { code: codeAt(secret, 1) })).statusCode).toBe(200);
  });

  it("sets up the bootstrap admin's authenticator from BOOTSTRAP_ADMIN_TOTP_SECRET at start", async () => {
    const first = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    expect(first.notices.join("\n")).toContain("authenticator set up from BOOTSTRAP_ADMIN_TOTP_SECRET");
    const second = await ensureBootstrapAdmin({ auth: t.app.auth, db: t.db, config: t.config });
    expect(second.notices).toEqual([]);
    const cookie = await signIn(t.app, "totp-boss@harbour.test", "bootstrap-password-3");
    const boss = { headers: { cookie, origin: t.config.publicUrl } };
    expect((await box(boss)).statusCode).toBe(403);
    expect((await box(boss, { code: codeAt(BOOTSTRAP_TOTP_SECRET) })).statusCode).toBe(200);
  });
});
