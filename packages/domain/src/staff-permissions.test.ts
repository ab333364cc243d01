import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountRoles,
  CHOOSE_A_BRANCH,
  dashboardPages,
  landingPageOf,
  NOT_YOURSELF,
  permissionOfDashboardPath,
  permissions,
  permissionsOf,
  refusalToAssign,
  refusalToManage,
  roleMay,
  staffRoles,
} from "./staff-permissions.ts";

const role = fc.constantFrom(...accountRoles);
const branchKeys = fc.uniqueArray(fc.constantFrom("worthing", "brighton", "chichester", "172"), { maxLength: 4 });

describe("the permission matrix", () => {
  it("an admin holds every permission; a customer none; the MLRO no till and no counter", () => {
    expect(permissionsOf("admin")).toEqual(permissions);
    expect(permissionsOf("user")).toEqual([]);
    expect(permissionsOf("hacker")).toEqual([]);
    for (const permission of ["till.own", "counter.trade", "orders.work", "rates.manage"] as const)
      expect(roleMay("mlro", permission)).toBe(false);
    for (const permission of ["compliance.work", "audit.read", "dataRights.export", "orders.read"] as const)
      expect(roleMay("mlro", permission)).toBe(true);
  });

  it("a manager holds everything a cashier holds, and signs off tills, approves reversals, keeps rates and stock", () => {
    for (const permission of permissionsOf("cashier")) expect(roleMay("manager", permission)).toBe(true);
    for (const permission of [
      "till.signoff",
      "reversal.approve",
      "rates.manage",
      "stock.manage",
      "users.manage",
    ] as const) {
      expect(roleMay("manager", permission)).toBe(true);
      expect(roleMay("cashier", permission)).toBe(false);
    }
    expect(roleMay("manager", "roles.assign")).toBe(false);
  });

  it("every menu page needs a permission; each staff role lands on a page it holds", () => {
    for (const page of dashboardPages) expect(permissionOfDashboardPath(page.path)).toBe(page.permission);
    expect(permissionOfDashboardPath("/dashboard/orderDetails/abc")).toBe("orders.read");
    expect(permissionOfDashboardPath("/dashboard/update/EUR")).toBe("rates.manage");
    for (const staff of staffRoles) {
      const landing = landingPageOf(staff);
      expect(roleMay(staff, permissionOfDashboardPath(landing)!)).toBe(true);
    }
    expect([landingPageOf("cashier"), landingPageOf("mlro"), landingPageOf("admin")]).toEqual([
      "/dashboard/manageOrders",
      "/dashboard/compliance",
      "/dashboard/Statics",
    ]);
  });
});

describe("who may change whom", () => {
  it("nobody changes themselves; an admin changes anyone else; a manager only customers and their branches' cashiers", () => {
    fc.assert(
      fc.property(role, branchKeys, role, branchKeys, (actorRole, actorBranches, targetRole, targetBranches) => {
        const actor = { id: "a", role: actorRole, branches: actorBranches };
        const target = { id: "t", role: targetRole, branches: targetBranches };
        expect(refusalToManage(actor, { ...target, id: "a" })).toBe(NOT_YOURSELF);
        const refusal = refusalToManage(actor, target);
        if (actorRole === "admin") expect(refusal).toBeNull();
        else if (actorRole !== "manager") expect(refusal).not.toBeNull();
        else
          expect(refusal === null).toBe(
            (targetRole === "user" || targetRole === "cashier") &&
              targetBranches.every((branch) => actorBranches.includes(branch)),
          );
      }),
    );
  });

  it("only an admin gives admin, MLRO or manager; a cashier or manager needs a branch; a manager gives only their branches", () => {
    fc.assert(
      fc.property(role, branchKeys, role, branchKeys, (actorRole, actorBranches, given, at) => {
        const refusal = refusalToAssign({ role: actorRole, branches: actorBranches }, given, at);
        const needsBranch = (given === "cashier" || given === "manager") && at.length === 0;
        if (needsBranch) expect(refusal).toBe(CHOOSE_A_BRANCH);
        else if (actorRole === "admin") expect(refusal).toBeNull();
        else if (given !== "user" && given !== "cashier") expect(refusal).toBe("Only an admin can give this role.");
        else expect(refusal === null).toBe(at.every((branch) => actorBranches.includes(branch)));
      }),
    );
  });
});
