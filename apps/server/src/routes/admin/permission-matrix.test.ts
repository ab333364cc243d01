import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountRole,
  adminRoutePermissions,
  NOT_YOUR_ROLE_MESSAGE,
  permissionOfAdminRoute,
  roleMay,
  staffRoles,
} from "@bureau/domain/staff-permissions";
import { adminRoutes } from "@bureau/domain/contracts/endpoint-routes";
import { type SignedIn, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { exampleUrl, listRoutes, type RouteEntry } from "../../test/route-table.ts";
import { createTestApp } from "../../test/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The authorisation test generated from the permission matrix (issue 33, decision 035): every staff
 * route the server registers is called as every staff role and as a customer. A role that holds the
 * route's permission is never refused for its role; a role that does not is refused with "Your role
 * does not include this." A route the matrix does not name fails here (and stops the server at start).
 */
const visitorRoles = ["user", ...staffRoles] as const;

function staffRoutesOf(t: TestApp): RouteEntry[] {
  return listRoutes(t).filter((route) => route.url.startsWith("/api/admin/") && route.method !== "HEAD");
}

describe("the permission matrix guards every staff route", () => {
  let t: TestApp;
  const visitors = new Map<AccountRole, SignedIn>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of visitorRoles) {
      const branches = role === "cashier" || role === "manager" ? ["brighton"] : [];
      visitors.set(role, await signUpAndSignIn(t.app, { role, branches, staffVerified: role !== "user" }));
    }
  });
  afterAll(() => t.close());

  it("names a permission for every staff route the server registers, and the server registers every one it names", () => {
    const registered = staffRoutesOf(t);
    const unnamed = registered.filter((route) => !permissionOfAdminRoute(route.method, route.url));
    expect(unnamed).toEqual([]);
    const named: string[] = [];
    (function walk(tree: object) {
      for (const route of Object.values(tree)) {
        if ("method" in route) named.push(`${route.method} ${route.path}`);
        else walk(route);
      }
    })(adminRoutes);
    expect(registered.map((route) => `${route.method} ${route.url}`).sort()).toEqual(named.sort());
    expect(Object.keys(adminRoutePermissions).sort()).toEqual(Object.keys(adminRoutes).sort());
  });

  it("lets each role through exactly the routes its permissions hold, and refuses a customer everywhere", async () => {
    const wrong: string[] = [];
    for (const route of staffRoutesOf(t)) {
      const permission = permissionOfAdminRoute(route.method, route.url)!;
      const hasBody = route.method !== "GET";
      for (const role of visitorRoles) {
        const response = await t.app.inject({
          method: route.method,
          url: exampleUrl(route.url),
          headers: { ...visitors.get(role)!.headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
          ...(hasBody ? { payload: "{}" } : {}),
        });
        const refusedForRole = response.statusCode === 403 && response.json().error?.message === NOT_YOUR_ROLE_MESSAGE;
        const name = `${route.method} ${route.url} as ${role} (${permission})`;
        if (role === "user") {
          if (response.statusCode !== 403 || response.json().error?.message !== "This area is for staff.")
            wrong.push(`${name}: ${response.statusCode}`);
        } else if (roleMay(role, permission) === refusedForRole) {
          wrong.push(`${name}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
