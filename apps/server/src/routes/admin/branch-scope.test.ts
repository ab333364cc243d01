import { describe, expect, it } from "vitest";
import { type SignedIn, signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";

/**
 * A cashier or a manager works with the orders of their own branches (issue 33, decision 035): the
 * lists and the export show only those, and another branch's order is refused on every action.
 */
describe("staff work at their own branches", () => {
  const env = appWithStaff();
  const call = (who: SignedIn, method: "GET" | "POST", url: string, payload?: object) =>
    env.t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  it("lists, exports, opens, collects and changes only the orders of the cashier's branches; an admin sees all", async () => {
    const cashier = await signUpAndSignIn(env.t.app, { role: "cashier", branches: ["brighton"], staffVerified: true });
    const manager = await signUpAndSignIn(env.t.app, { role: "manager", branches: ["brighton"], staffVerified: true });
    const here = await createOrder(env.t.db, { branchKey: "brighton", lastName: "Here" });
    const there = await createOrder(env.t.db, { branchKey: "worthing", lastName: "There" });

    const numbersIn = async (who: SignedIn) =>
      ((await call(who, "GET", "/api/admin/orders?status=pending")).json().orders as { orderNumber: string }[]).map(
        (order) => order.orderNumber,
      );
    expect(await numbersIn(cashier)).toContain(here.orderNumber);
    expect(await numbersIn(cashier)).not.toContain(there.orderNumber);
    expect(await numbersIn(env.staff)).toEqual(expect.arrayContaining([here.orderNumber, there.orderNumber]));
    const csv = (await call(manager, "GET", "/api/admin/orders.csv")).body;
    expect(csv).toContain(here.orderNumber);
    expect(csv).not.toContain(there.orderNumber);

    expect((await call(cashier, "GET", `/api/admin/orders/${here.id}`)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ["GET", `/api/admin/orders/${there.id}`],
      ["POST", `/api/admin/orders/${there.id}/accept`, {}],
      ["POST", `/api/admin/orders/${there.id}/suspicion-reports`, { text: "Asked about the reporting limit" }],
      ["GET", `/api/admin/collect?number=${there.orderNumber}`],
    ] as const) {
      const refused = await call(cashier, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.message).toBe("This is for a branch you do not work at.");
    }
    expect((await call(cashier, "POST", `/api/admin/orders/${here.id}/accept`, {})).statusCode).toBe(200);
    expect((await call(env.staff, "POST", `/api/admin/orders/${there.id}/accept`, {})).statusCode).toBe(200);
  });
});
