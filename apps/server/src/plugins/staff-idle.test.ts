import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/auth-schema.ts";
import { type SignedIn, signUpAndSignIn } from "../test/auth-helpers.ts";
import { createTestApp, testConfig } from "../test/test-app.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A staff session's Secure Box pass ends after STAFF_IDLE_MINUTES without activity. */
describe("staff idle timeout", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { STAFF_IDLE_MINUTES: "20" } });
  });
  afterAll(() => t.close());

  const staffSession = async () => {
    const staff = await signUpAndSignIn(t.app, { role: "admin", staffVerified: true });
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, staff.userId));
    return { staff, sessionId: row!.id };
  };
  const setTimes = (sessionId: string, times: { staffVerifiedAt?: Date; staffActiveAt?: Date | null }) =>
    t.db.update(sessions).set(times).where(eq(sessions.id, sessionId));
  const readTimes = async (sessionId: string) => {
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sessionId));
    return { staffVerifiedAt: row!.staffVerifiedAt, staffActiveAt: row!.staffActiveAt };
  };
  const staffList = (staff: SignedIn) =>
    t.app.inject({ method: "GET", url: "/api/admin/statistics", headers: staff.headers });

  it("is read from STAFF_IDLE_MINUTES, 30 by default", () => {
    expect(t.config.staffIdleMinutes).toBe(20);
    expect(testConfig().staffIdleMinutes).toBe(30);
  });

  it("ends the pass after the idle time without activity: staff routes refuse, the session says so", async () => {
    const { staff, sessionId } = await staffSession();
    expect((await staffList(staff)).statusCode).toBe(200);
    await setTimes(sessionId, { staffVerifiedAt: minutesAgo(60), staffActiveAt: minutesAgo(21) });
    const refused = await staffList(staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Open the Secure Box first to use the staff area.");
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: staff.headers });
    expect(session.json().staffVerified).toBe(false);
    // The pass is gone from the database, not merely refused once; the person stays signed in.
    expect(await readTimes(sessionId)).toEqual({ staffVerifiedAt: null, staffActiveAt: null });
    expect(session.json().email).toBe(staff.email);
  });

  it("keeps the pass while active, writing the activity at most once a minute", async () => {
    const { staff, sessionId } = await staffSession();
    // Passed an hour ago, active 19 minutes ago: still in.
    await setTimes(sessionId, { staffVerifiedAt: minutesAgo(60), staffActiveAt: minutesAgo(19) });
    expect((await staffList(staff)).statusCode).toBe(200);
    const touched = (await readTimes(sessionId)).staffActiveAt!;
    expect(Date.now() - touched.getTime()).toBeLessThan(5_000);
    // Active within the minute: nothing is written.
    const recent = new Date(Date.now() - 30_000);
    await setTimes(sessionId, { staffActiveAt: recent });
    expect((await staffList(staff)).statusCode).toBe(200);
    expect((await readTimes(sessionId)).staffActiveAt).toEqual(recent);
  });

  it("counts a fresh pass as activity", async () => {
    const { staff, sessionId } = await staffSession();
    await setTimes(sessionId, { staffVerifiedAt: minutesAgo(5), staffActiveAt: null });
    expect((await staffList(staff)).statusCode).toBe(200);
  });
});
