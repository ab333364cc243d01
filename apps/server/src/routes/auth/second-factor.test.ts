import { and, desc, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondFactorEnrolmentLinks, staffSecondFactors } from "../../db/auth-schema.ts";
import { auditLog, outbox } from "../../db/schema.ts";
import { ensureBootstrapAdmin } from "../../modules/users/index.ts";
import { issueEnrolmentLink } from "../../modules/users/index.ts";
import { checkSecondFactorCode, ENROLMENT_LINK_NEEDED_MESSAGE } from "../../modules/users/index.ts";
import {
  markEmailVerified,
  nextClientAddress,
  type SignedIn,
  signIn,
  signUpAndSignIn,
} from "../../test/auth-helpers.ts";
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

  /** The link of the latest set-up e-mail in the outbox to `to`. */
  const mailedEnrolmentLink = async (to: string) => {
    const rows = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, "second-factor-enrolment"))
      .orderBy(desc(outbox.id));
    const row = rows.find((candidate) => (candidate.payload as { to: string }).to === to);
    if (!row) throw new Error(`no set-up e-mail to ${to}`);
    return String((row.payload as { data: { url: string } }).data.url);
  };

  /** The enrolment link's token, as the e-mailed link carries it (decision 032). */
  const linkFor = async (admin: SignedIn) => {
    const url = await issueEnrolmentLink({
      db: t.db,
      userId: admin.userId,
      email: admin.email,
      issuedBy: "test",
      publicUrl: t.config.publicUrl,
    });
    return new URL(url).searchParams.get("enrol")!;
  };

  async function enrol(admin: SignedIn, enrolmentToken?: string) {
    const token = enrolmentToken ?? (await linkFor(admin));
    const started = await post("/api/account/second-factor/enrolment", admin, { enrolmentToken: token });
    expect(started.statusCode).toBe(200);
    expect(started.headers["cache-control"]).toBe("no-store");
    const { secret, otpauthUri, qrCodeSvg } = started.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Harbour%20FX:.+\?.*secret=/);
    expect(qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const wrong = await post("/api/account/second-factor/confirm", admin, {
      code: codeAt(secret, 5),
      enrolmentToken: token,
    });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post("/api/account/second-factor/confirm", admin, {
      code: codeAt(secret),
      enrolmentToken: token,
    });
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
    expect(
      (await post("/api/account/second-factor/enrolment", admin, { enrolmentToken: await linkFor(admin) })).statusCode,
    ).toBe(409);
  });

  it("needs the set-up link e-mailed to the person: the password alone does not enrol", async () => {
    const admin = await signUpAndSignIn(t.app, { role: "admin" });
    const withoutLink = await post("/api/account/second-factor/enrolment", admin);
    expect(withoutLink.statusCode).toBe(403);
    expect(withoutLink.json().error.message).toBe(ENROLMENT_LINK_NEEDED_MESSAGE);
    const token = await linkFor(admin);
    // Someone else's link, a made-up one or an expired one: refused too.
    const other = await signUpAndSignIn(t.app, { role: "admin" });
    const othersToken = await linkFor(other);
    for (const enrolmentToken of [othersToken, "made-up", `${token}x`]) {
      expect((await post("/api/account/second-factor/enrolment", admin, { enrolmentToken })).statusCode).toBe(403);
    }
    await t.db
      .update(secondFactorEnrolmentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(secondFactorEnrolmentLinks.userId, admin.userId));
    expect((await post("/api/account/second-factor/enrolment", admin, { enrolmentToken: token })).statusCode).toBe(403);
    // A fresh link works once: confirming uses it up.
    const fresh = await linkFor(admin);
    await enrol(admin, fresh);
    const [left] = await t.db
      .select()
      .from(secondFactorEnrolmentLinks)
      .where(eq(secondFactorEnrolmentLinks.userId, admin.userId));
    expect(left).toBeUndefined();
  });

  it("Make Admin e-mails the new admin their set-up link, to their verified address", async () => {
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const person = await signUpAndSignIn(t.app);
    await markEmailVerified(t.app, person.userId);
    const made = await post(`/api/admin/users/${person.userId}/make-admin`, staff);
    expect(made.statusCode, made.body).toBe(200);
    const url = await mailedEnrolmentLink(person.email);
    expect(url).toMatch(/\/account\/authenticator\?enrol=/);
    const { secret } = await enrol(person, new URL(url).searchParams.get("enrol")!);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
  });

  it("lets an admin reset another's authenticator: passes end, audited, a new link is e-mailed, they enrol again", async () => {
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const colleague = await signUpAndSignIn(t.app, { role: "admin" });
    await markEmailVerified(t.app, colleague.userId);
    const { secret } = await enrol(colleague);
    expect((await box(colleague, { code: codeAt(secret, 1) })).statusCode).toBe(200);

    // Nobody resets their own; customers and anonymous callers cannot reset anyone.
    expect((await post(`/api/admin/users/${staff.userId}/second-factor/reset`, staff)).statusCode).toBe(409);
    const adminWithoutPass = await signUpAndSignIn(t.app, { role: "admin" });
    expect((await post(`/api/admin/users/${colleague.userId}/second-factor/reset`, adminWithoutPass)).statusCode).toBe(
      403,
    );
    const customer = await signUpAndSignIn(t.app);
    expect((await post(`/api/admin/users/${colleague.userId}/second-factor/reset`, customer)).statusCode).toBe(403);

    const reset = await post(`/api/admin/users/${colleague.userId}/second-factor/reset`, staff);
    expect(reset.statusCode, reset.body).toBe(200);
    const status = await t.app.inject({ method: "GET", url: "/api/account/second-factor", headers: colleague.headers });
    expect(status.json()).toEqual({ enrolled: false });
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: colleague.headers });
    expect(session.json().staffVerified).toBe(false);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "second_factor.reset"), eq(auditLog.entityId, colleague.userId)));
    expect(entry).toMatchObject({ actorId: staff.userId, before: { authenticator: "set up" } });

    const url = await mailedEnrolmentLink(colleague.email);
    const again = await enrol(colleague, new URL(url).searchParams.get("enrol")!);
    expect(again.secret).not.toBe(secret);
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
