import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type ComplianceOverview, complianceOverviewSchema } from "@bureau/domain/contracts/compliance";
import { DEFAULT_SANCTIONS_MATCH_THRESHOLD } from "@bureau/domain/sanctions-screening";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createOrder } from "../../test/factories.ts";
import { appWithStaff } from "../../test/staff-app.ts";
import { rescreenOpenOrders } from "../../modules/sanctions/index.ts";

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../modules/sanctions/fixtures");
const LIST = readFileSync(path.join(fixtures, "UK_Sanctions_List.csv"));
const NEXT = readFileSync(path.join(fixtures, "UK_Sanctions_List-next.csv"));

describe("the compliance screen's overview", () => {
  const started = appWithStaff();
  const overview = async (): Promise<ComplianceOverview> => {
    const response = await started.t.app.inject({
      method: "GET",
      url: "/api/admin/compliance/overview",
      headers: started.staff.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return complianceOverviewSchema.parse(response.json());
  };
  const upload = async (file: Buffer) => {
    const response = await started.t.app.inject({
      method: "POST",
      url: "/api/admin/sanctions-lists",
      headers: { ...started.staff.headers, "content-type": "text/csv" },
      payload: file,
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  it("is empty before anything is held, matched or imported", async () => {
    expect(await overview()).toEqual({ onHold: { total: 0, orders: [] }, sanctionsMatches: [], sanctionsLists: [] });
  });

  it("lists the open orders on hold, longest waiting first, not the cleared or closed ones", async () => {
    const { db } = started.t;
    const heldAt = new Date("2026-11-20T10:00:00Z");
    const older = await createOrder(db, {
      holdReason: "Linked total €15,200.00 at or above €15,000 (MLR 2017 reg. 27)",
      heldAt,
      createdAt: new Date("2026-11-20T09:00:00Z"),
      firstName: "Theo",
      lastName: "Threshold",
    });
    const newer = await createOrder(db, {
      holdReason: "Suspicion report",
      heldAt,
      status: "accepted",
      createdAt: new Date("2026-11-21T09:00:00Z"),
    });
    await createOrder(db, { holdReason: "Cleared", heldAt, holdClearedAt: heldAt, holdClearReason: "ID seen" });
    await createOrder(db, { holdReason: "Closed", heldAt, status: "cancelled" });
    await createOrder(db, {});
    const { onHold } = await overview();
    expect(onHold.total).toBe(2);
    expect(onHold.orders.map((o) => o.orderNumber)).toEqual([older.orderNumber, newer.orderNumber]);
    expect(onHold.orders[0]).toEqual({
      id: older.id,
      orderNumber: older.orderNumber,
      name: "Theo Threshold",
      way: "Order",
      status: "pending",
      totalGbpMinor: 25_000,
      branch: "worthing",
      createdAt: "2026-11-20T09:00:00.000Z",
      reason: "Linked total €15,200.00 at or above €15,000 (MLR 2017 reg. 27)",
      heldAt: heldAt.toISOString(),
      sanctionsMatch: null,
    });
  });

  it("lists each import (version, date, entries) and the open orders the latest screening matched, with the entry", async () => {
    const { db } = started.t;
    const petrov = await createOrder(db, { firstName: "Ivan", lastName: "Petrov" });
    const sorensen = await createOrder(db, { firstName: "Mads", lastName: "Sorensen" });
    await createOrder(db, { firstName: "Petrov", lastName: "Ivan", status: "completed" });
    await upload(LIST);
    const first = new Date("2026-11-22T08:00:00Z");
    await rescreenOpenOrders({ db, threshold: DEFAULT_SANCTIONS_MATCH_THRESHOLD, now: first });
    let view = await overview();
    expect(view.sanctionsLists).toMatchObject([{ version: "17-Nov-2026", importedBy: started.staff.email }]);
    expect(view.sanctionsLists[0]!.entryCount).toBeGreaterThan(0);
    expect(view.sanctionsMatches).toEqual([
      expect.objectContaining({
        id: petrov.id,
        name: "Ivan Petrov",
        // The match put the open order on hold (docs/features/risk-flags-and-suspicion-reports.md).
        onHold: true,
        match: {
          entryId: "TST0001",
          name: "Ivan PETROV",
          score: "1.000",
          listVersion: "17-Nov-2026",
          screenedAt: first.toISOString(),
        },
      }),
    ]);

    // The next list adds a designation: both open orders now match, newest screening first per order.
    await upload(NEXT);
    await rescreenOpenOrders({
      db,
      threshold: DEFAULT_SANCTIONS_MATCH_THRESHOLD,
      now: new Date("2026-11-23T08:00:00Z"),
    });
    view = await overview();
    expect(view.sanctionsLists.map((l) => l.version)).toEqual(["21-Nov-2026", "17-Nov-2026"]);
    expect(view.sanctionsMatches.map((m) => [m.orderNumber, m.match.listVersion, m.match.entryId]).sort()).toEqual(
      [
        [petrov.orderNumber, "21-Nov-2026", "TST0001"],
        [sorensen.orderNumber, "21-Nov-2026", "TST0007"],
      ].sort(),
    );
  });

  it("is for staff only: anonymous 401, a customer and an admin without the Secure Box 403", async () => {
    const { app } = started.t;
    const url = "/api/admin/compliance/overview";
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    const customer = await signUpAndSignIn(app);
    expect((await app.inject({ method: "GET", url, headers: customer.headers })).statusCode).toBe(403);
    const unboxed = await signUpAndSignIn(app, { role: "admin" });
    expect((await app.inject({ method: "GET", url, headers: unboxed.headers })).statusCode).toBe(403);
  });
});
