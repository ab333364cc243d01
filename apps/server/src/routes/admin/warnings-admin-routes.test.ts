import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffWarningsSchema } from "@bureau/domain/contracts/staff-warnings";
import { sanctionsLists } from "../../db/schema.ts";
import { signUpAndSignIn } from "../../test/auth-helpers.ts";
import { createTestApp } from "../../test/test-app.ts";

const DAY = 86_400_000;

describe("the dashboard's warnings", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: Awaited<ReturnType<typeof signUpAndSignIn>>;
  beforeAll(async () => {
    // A live provider that never answers: the seeded rates (November 2nd) are older than RATES_FRESH_HOURS.
    t = await createTestApp({
      env: { RATES_PROVIDER: "frankfurter", RATES_API_URL: "http://127.0.0.1:9", SANCTIONS_LIST_STALE_DAYS: "7" },
    });
    staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
  });
  afterAll(() => t.close());

  const warnings = async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/warnings", headers: staff.headers });
    expect(response.statusCode).toBe(200);
    return staffWarningsSchema.parse(response.json());
  };

  it("is for staff only", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/warnings" })).statusCode).toBe(401);
    const customer = await signUpAndSignIn(t.app, { role: "user" });
    const refused = await t.app.inject({ method: "GET", url: "/api/admin/warnings", headers: customer.headers });
    expect(refused.statusCode).toBe(403);
  });

  it("says the live provider's rates are stale, as of the newest rate, and that no sanctions list is imported", async () => {
    const body = await warnings();
    expect(body.rates).toMatchObject({
      provider: "frankfurter",
      freshness: "stale",
      asOf: "2026-11-02T00:00:00.000Z",
      refreshEnabled: false,
      quotesPaused: false,
    });
    expect(body.sanctions).toEqual({ importedAt: null, state: "none", staleDays: 7 });
  });

  it("calls a list imported more than SANCTIONS_LIST_STALE_DAYS ago stale, and a newer one current", async () => {
    const row = { version: "test", importedBy: "test", entryCount: 1, nameCount: 1 };
    await t.db.insert(sanctionsLists).values({ ...row, importedAt: new Date(Date.now() - 8 * DAY) });
    expect((await warnings()).sanctions.state).toBe("stale");
    await t.db.insert(sanctionsLists).values({ ...row, importedAt: new Date(Date.now() - DAY) });
    expect((await warnings()).sanctions.state).toBe("current");
  });
});

describe("the dashboard's warnings with the fixed provider", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("say the rates are reference rates as of the table's date", async () => {
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const response = await t.app.inject({ method: "GET", url: "/api/admin/warnings", headers: staff.headers });
    expect(staffWarningsSchema.parse(response.json()).rates).toMatchObject({
      provider: "fixed",
      freshness: "reference",
      asOf: "2026-11-02T00:00:00.000Z",
      quotesPaused: false,
    });
  });
});
