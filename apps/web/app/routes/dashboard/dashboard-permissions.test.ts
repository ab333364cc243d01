import { permissionOfDashboardPath } from "@bureau/domain/staff-permissions";
import { describe, expect, it } from "vitest";
import routes from "../../routes.ts";

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

/** Every page under /dashboard, with its :params filled in, as the browser would ask for it. */
function dashboardPaths(entries: Entry[], base = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? base : `${base}/${entry.path}`;
    const own = entry.index || entry.children ? [] : [path];
    return [...own, ...dashboardPaths(entry.children ?? [], path)];
  });
}

describe("the dashboard's pages and the permission matrix", () => {
  it("gives every dashboard page a permission, so the guard and the menu can never miss one", () => {
    const pages = dashboardPaths(routes as Entry[])
      .filter((path) => path.startsWith("/dashboard/"))
      .map((path) => path.replace(/:(\w+)\?/g, "example").replace(/:(\w+)/g, "example"));
    expect(pages).toContain("/dashboard/Users");
    const unguarded = pages.filter((path) => !permissionOfDashboardPath(path));
    expect(unguarded).toEqual([]);
  });
});
