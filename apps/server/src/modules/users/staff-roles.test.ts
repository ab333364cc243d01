import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED_MESSAGE } from "@bureau/domain/account-rules";
import { staffBranches, users } from "../../db/auth-schema.ts";
import { auditLog } from "../../db/schema.ts";
import {
  markEmailVerified,
  nextClientAddress,
  type SignedIn,
  signUp,
  signUpAndSignIn,
} from "../../test/auth-helpers.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { seedMlroRoles } from "./index.ts";

/** Roles per branch on the Users page (issue 33, decision 035): who may give what, Disable, the last admin. */
describe("staff roles and branches", () => {
  const env = appWithStaff();

  const call = (who: SignedIn, method: "PUT" | "POST" | "GET", url: string, payload?: object) =>
    env.t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const verifiedCustomer = async () => {
    const person = await signUp(env.t.app);
    await markEmailVerified(env.t.app, person.userId);
    return person;
  };
  const branchesOf = async (userId: string) =>
    (await env.t.db.select().from(staffBranches).where(eq(staffBranches.userId, userId)))
      .map((row) => row.branchKey)
      .sort();

  it("an admin gives a role with branches, audited; the person's session then carries them", async () => {
    const person = await verifiedCustomer();
    const given = await call(env.staff, "PUT", `/api/admin/users/${person.userId}/role`, {
      role: "cashier",
      branches: ["worthing", "brighton", "brighton"],
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ role: "cashier", branches: ["brighton", "worthing"], disabled: false });
    expect(await branchesOf(person.userId)).toEqual(["brighton", "worthing"]);
    const [entry] = await env.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, person.userId), eq(auditLog.action, "user.set_role")));
    expect(entry).toMatchObject({
      actorEmail: env.staff.email,
      before: { role: "user", branches: [] },
      after: { role: "cashier", branches: ["brighton", "worthing"] },
    });
    const session = await env.t.app.inject({ method: "GET", url: "/api/session", headers: { cookie: person.cookie } });
    expect(session.json()).toMatchObject({ role: "cashier", branches: ["brighton", "worthing"], staffVerified: false });
    // A cashier or a manager needs a branch; an unknown branch is refused; nothing changes.
    const none = await call(env.staff, "PUT", `/api/admin/users/${person.userId}/role`, {
      role: "manager",
      branches: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe("Choose at least one branch.");
    const unknown = await call(env.staff, "PUT", `/api/admin/users/${person.userId}/role`, {
      role: "manager",
      branches: ["atlantis"],
    });
    expect(unknown.statusCode).toBe(400);
    expect(await branchesOf(person.userId)).toEqual(["brighton", "worthing"]);
  });

  it("a manager gives cashier at their own branches only, and cannot change other staff", async () => {
    const manager = await signUpAndSignIn(env.t.app, { role: "manager", branches: ["brighton"], staffVerified: true });
    const person = await verifiedCustomer();
    const ok = await call(manager, "PUT", `/api/admin/users/${person.userId}/role`, {
      role: "cashier",
      branches: ["brighton"],
    });
    expect(ok.statusCode).toBe(200);
    for (const [payload, message] of [
      [{ role: "manager", branches: ["brighton"] }, "Only an admin can give this role."],
      [{ role: "cashier", branches: ["worthing"] }, "You can only give your own branches."],
    ] as const) {
      const refused = await call(manager, "PUT", `/api/admin/users/${person.userId}/role`, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(message);
    }
    const otherCashier = await signUpAndSignIn(env.t.app, { role: "cashier", branches: ["worthing"] });
    const elsewhere = await call(manager, "POST", `/api/admin/users/${otherCashier.userId}/disable`);
    expect(elsewhere.statusCode).toBe(403);
    const admin = await call(manager, "POST", `/api/admin/users/${env.staff.userId}/disable`);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().error.message).toBe("Only an admin can change this member of staff.");
    expect((await call(manager, "POST", `/api/admin/users/${env.staff.userId}/make-admin`)).statusCode).toBe(403);
    // Demote: back to a customer, branches gone, audited as a demotion.
    const demoted = await call(manager, "PUT", `/api/admin/users/${person.userId}/role`, {
      role: "user",
      branches: [],
    });
    expect(demoted.json()).toMatchObject({ role: "user", branches: [] });
    expect(await branchesOf(person.userId)).toEqual([]);
    const actions = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, person.userId));
    expect(actions.map((entry) => entry.action)).toContain("user.demote");
  });

  it("Disable ends every session and refuses sign-in with a clear message; Enable lets the person in again", async () => {
    const cashier = await signUpAndSignIn(env.t.app, { role: "cashier", branches: ["brighton"], staffVerified: true });
    expect((await call(cashier, "GET", "/api/admin/warnings")).statusCode).toBe(200);
    const disabled = await call(env.staff, "POST", `/api/admin/users/${cashier.userId}/disable`);
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await call(cashier, "GET", "/api/admin/warnings")).statusCode).toBe(401);
    const signIn = () =>
      env.t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: nextClientAddress(),
        headers: { origin: env.t.app.config.publicUrl, "content-type": "application/json" },
        payload: { email: cashier.email, password: cashier.password },
      });
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(ACCOUNT_DISABLED_MESSAGE);
    expect((await call(env.staff, "POST", `/api/admin/users/${cashier.userId}/disable`)).statusCode).toBe(409);
    expect((await call(env.staff, "POST", `/api/admin/users/${cashier.userId}/enable`)).json()).toMatchObject({
      disabled: false,
    });
    expect((await signIn()).statusCode).toBe(200);
  });

  it("nobody changes their own account, and two admins demoting each other at once leave one admin", async () => {
    expect((await call(env.staff, "POST", `/api/admin/users/${env.staff.userId}/disable`)).statusCode).toBe(409);
    const first = await signUpAndSignIn(env.t.app, { role: "admin", staffVerified: true });
    const second = await signUpAndSignIn(env.t.app, { role: "admin", staffVerified: true });
    // Leave these two as the only enabled admins.
    await env.t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, env.staff.userId));
    const [a, b] = await Promise.all([
      call(first, "PUT", `/api/admin/users/${second.userId}/role`, { role: "user", branches: [] }),
      call(second, "PUT", `/api/admin/users/${first.userId}/role`, { role: "user", branches: [] }),
    ]);
    // One demotion wins. The other is refused either by the last-admin rule (both checked before either
    // committed: 409) or, when it is checked after the first committed, because its author is no longer an
    // admin (403). Either way one admin is left.
    const [won, lost] = [a, b].sort((x, y) => x.statusCode - y.statusCode);
    expect(won!.statusCode, won!.body).toBe(200);
    expect([403, 409]).toContain(lost!.statusCode);
    if (lost!.statusCode === 409) expect(lost!.json().error.message).toMatch(/is the last admin/);
    const admins = await env.t.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins.filter((admin) => !admin.disabledAt)).toHaveLength(1);
    await env.t.db.update(users).set({ disabledAt: null }).where(eq(users.id, env.staff.userId));
  });

  it("MLRO_EMAILS seeds the role at start for a verified customer account, and changes no staff role", async () => {
    const customer = await verifiedCustomer();
    const unverified = await signUp(env.t.app);
    const seeded = await seedMlroRoles(env.t.db, [customer.email, unverified.email, env.staff.email]);
    expect(seeded).toEqual([customer.email]);
    const rows = await env.t.db.select().from(users);
    const roleOf = (id: string) => rows.find((row) => row.id === id)?.role;
    expect([roleOf(customer.userId), roleOf(unverified.userId), roleOf(env.staff.userId)]).toEqual([
      "mlro",
      "user",
      "admin",
    ]);
    expect(await seedMlroRoles(env.t.db, [customer.email])).toEqual([]);
  });
});
