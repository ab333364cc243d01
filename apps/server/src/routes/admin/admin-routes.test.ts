import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUserListSchema } from "@bureau/domain/contracts/accounts";
import { users } from "../../db/auth-schema.ts";
import { auditLog } from "../../db/schema.ts";
import { markEmailVerified, type SignedIn, signUp, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { exampleUrl, listRoutes, type RouteEntry } from "../../test/route-table.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { createTestApp } from "../../test/test-app.ts";
import { queryRows } from "../../lib/postgres.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A fingerprint of every table's rows (sessions and verifications aside: reading a session may slide
 * its expiry, which is not a change of business state).
 */
async function databaseDigest(db: TestApp["db"]): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('sessions', 'verifications', '__drizzle_migrations') order by table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: name } of tables) {
    const [row] = await queryRows<{ digest: string | null }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
    );
    digest[name] = row?.digest ?? "";
  }
  return digest;
}

type Visitors = { plainUser: SignedIn; adminWithoutBox: SignedIn; staff: SignedIn };

function staffRoutesOf(t: TestApp) {
  return listRoutes(t).filter((route) => route.url === "/api/admin" || route.url.startsWith("/api/admin/"));
}

/** The staff visitor is an admin, who holds every permission: the walk reaches every route (roles: permission-matrix.test.ts). */
const STAFF_MLRO = "staff-mlro@example.com";

async function visitorsOf(app: TestApp["app"]): Promise<Visitors> {
  return {
    plainUser: await signUpAndSignIn(app),
    adminWithoutBox: await signUpAndSignIn(app, { role: "admin" }),
    staff: await signUpAndSignIn(app, { email: STAFF_MLRO, role: "admin", staffVerified: true }),
  };
}

/**
 * Calls every staff route as each kind of visitor and lists every answer that is not the required
 * one: 401 anonymous, 403 plain user, 403 admin without the Secure Box, neither for staff.
 */
async function authorisationGaps(app: TestApp["app"], routes: RouteEntry[], visitors: Visitors) {
  const gaps: string[] = [];
  const call = (route: RouteEntry, headers: Record<string, string>) => {
    const hasBody = route.method !== "GET" && route.method !== "HEAD";
    return app.inject({
      method: route.method,
      url: exampleUrl(route.url),
      headers: { ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
      ...(hasBody ? { payload: "{}" } : {}),
    });
  };
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    const anonymous = await call(route, { origin: app.config.publicUrl });
    if (anonymous.statusCode !== 401) gaps.push(`${name}: anonymous got ${anonymous.statusCode}`);
    const plain = await call(route, visitors.plainUser.headers);
    if (plain.statusCode !== 403) gaps.push(`${name}: plain user got ${plain.statusCode}`);
    const unboxed = await call(route, visitors.adminWithoutBox.headers);
    if (unboxed.statusCode !== 403) gaps.push(`${name}: admin without Secure Box got ${unboxed.statusCode}`);
    const staff = await call(route, visitors.staff.headers);
    if (staff.statusCode === 401 || staff.statusCode === 403) gaps.push(`${name}: staff got ${staff.statusCode}`);
  }
  return gaps;
}

describe("every staff route requires an admin with a staff-verified session", () => {
  let t: TestApp;
  let staffRoutes: RouteEntry[];
  let visitors: Visitors;

  beforeAll(async () => {
    t = await createTestApp();
    staffRoutes = staffRoutesOf(t);
    visitors = await visitorsOf(t.app);
  });
  afterAll(() => t.close());

  it("finds the staff routes in the server's own route table", () => {
    const listed = staffRoutes.map((r) => `${r.method} ${r.url}`);
    expect(listed).toContain("GET /api/admin/users");
    expect(listed).toContain("POST /api/admin/users/:id/make-admin");
  });

  it("answers 401 anonymous, 403 plain user, 403 admin without the Secure Box, on every staff route", async () => {
    expect(await authorisationGaps(t.app, staffRoutes, visitors)).toEqual([]);
  });

  it("marks every staff answer, refusals included, Cache-Control: no-store", async () => {
    const cacheable: string[] = [];
    for (const route of staffRoutes) {
      const hasBody = route.method !== "GET" && route.method !== "HEAD";
      for (const [who, headers] of [
        ["anonymous", { origin: t.app.config.publicUrl }],
        ["plain user", visitors.plainUser.headers],
        ["staff", visitors.staff.headers],
      ] as const) {
        const response = await t.app.inject({
          method: route.method,
          url: exampleUrl(route.url),
          headers: { ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
          ...(hasBody ? { payload: "{}" } : {}),
        });
        if (response.headers["cache-control"] !== "no-store") {
          cacheable.push(`${route.method} ${route.url} as ${who}: ${response.headers["cache-control"] ?? "(none)"}`);
        }
      }
    }
    expect(cacheable).toEqual([]);
  });

  it("says why a plain user is refused", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: visitors.plainUser.headers,
    });
    expect(response.json().error).toMatchObject({ code: "forbidden", message: "This area is for staff." });
  });

  it("never changes state over GET: every staff GET leaves every table as it was", async () => {
    const before = await databaseDigest(t.db);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["users", "audit_log", "currencies"]));
    for (const route of staffRoutes.filter((r) => r.method === "GET" || r.method === "HEAD")) {
      await t.app.inject({ method: route.method, url: exampleUrl(route.url), headers: visitors.staff.headers });
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});

describe("the authorisation walk catches a staff route added outside the protected scope", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        app.get("/api/admin/forgotten-report", async () => ({ secret: "everything" }));
      },
    });
  });
  afterAll(() => t.close());

  it("reports the unprotected route", async () => {
    const routes = staffRoutesOf(t);
    expect(routes.map((r) => r.url)).toContain("/api/admin/forgotten-report");
    const gaps = await authorisationGaps(t.app, routes, await visitorsOf(t.app));
    expect(gaps).toContain("GET /api/admin/forgotten-report: anonymous got 200");
    expect(gaps).toContain("GET /api/admin/forgotten-report: plain user got 200");
  });
});

describe("user administration", () => {
  const env = appWithStaff();

  it("pages through every user once, oldest first, with e-mail and role", async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await signUp(env.t.app)).email);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query: string = after ? `?limit=2&after=${encodeURIComponent(after)}` : "?limit=2";
      const response = await env.t.app.inject({
        method: "GET",
        url: `/api/admin/users${query}`,
        headers: env.staff.headers,
      });
      expect(response.statusCode).toBe(200);
      const page = adminUserListSchema.parse(response.json());
      expect(page.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.users.map((u) => u.email));
      after = page.nextCursor;
      pages += 1;
    } while (after && pages < 10);
    expect(seen).toEqual([env.staff.email, ...created]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("answers a clear 400 to a forged cursor", async () => {
    const response = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/users?after=not-a-cursor",
      headers: env.staff.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("The page cursor is not valid.");
  });

  it("makes a user an admin, audited, and refuses it for someone already admin", async () => {
    const person = await signUp(env.t.app);
    await markEmailVerified(env.t.app, person.userId);
    const response = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/users/${person.userId}/make-admin`,
      headers: env.staff.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: person.userId, email: person.email, role: "admin" });
    const [row] = await env.t.db.select().from(users).where(eq(users.id, person.userId));
    expect(row?.role).toBe("admin");
    const entries = await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, person.userId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "user.make_admin",
      entityType: "user",
      actorId: env.staff.userId,
      actorEmail: env.staff.email,
      before: { email: person.email, role: "user" },
      after: { email: person.email, role: "admin" },
    });
    expect(entries[0]?.requestId).toBe(response.headers["x-request-id"]);

    const again = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/users/${person.userId}/make-admin`,
      headers: env.staff.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`${person.email} is already an Admin.`);
    expect(await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, person.userId))).toHaveLength(1);
  });

  it("answers 404 for an unknown user and never changes state over GET", async () => {
    const unknown = await env.t.app.inject({
      method: "POST",
      url: "/api/admin/users/no-such-user/make-admin",
      headers: env.staff.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const person = await signUp(env.t.app);
    const overGet = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/users/${person.userId}/make-admin`,
      headers: env.staff.headers,
    });
    expect(overGet.statusCode).toBe(404);
    const [row] = await env.t.db.select().from(users).where(eq(users.id, person.userId));
    expect(row?.role).toBe("user");
  });

  it("refuses an account whose e-mail is not verified, with a clear message, changing and auditing nothing", async () => {
    const person = await signUp(env.t.app);
    const response = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/users/${person.userId}/make-admin`,
      headers: env.staff.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain(`${person.email} has not verified its e-mail address yet`);
    const [row] = await env.t.db.select().from(users).where(eq(users.id, person.userId));
    expect(row?.role).toBe("user");
    expect(await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, person.userId))).toEqual([]);

    const listed = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/users?limit=200",
      headers: env.staff.headers,
    });
    const entry = adminUserListSchema.parse(listed.json()).users.find((u) => u.id === person.userId);
    expect(entry?.emailVerified).toBe(false);
    await markEmailVerified(env.t.app, person.userId);
    const again = await env.t.app.inject({
      method: "GET",
      url: "/api/admin/users?limit=200",
      headers: env.staff.headers,
    });
    expect(adminUserListSchema.parse(again.json()).users.find((u) => u.id === person.userId)?.emailVerified).toBe(true);
  });

  it("two staff making the same user admin at once record one change", async () => {
    const person = await signUp(env.t.app);
    await markEmailVerified(env.t.app, person.userId);
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        env.t.app.inject({
          method: "POST",
          url: `/api/admin/users/${person.userId}/make-admin`,
          headers: env.staff.headers,
        }),
      ),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    expect(await env.t.db.select().from(auditLog).where(eq(auditLog.entityId, person.userId))).toHaveLength(1);
  });
});
