import { afterAll, beforeAll } from "vitest";
import { type SignedIn, signUpAndSignIn } from "./auth-helpers.ts";
import { openTillsFor } from "./factories.ts";
import { createTestApp } from "./test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * For a describe block of staff routes: one test app and a signed-in, staff-verified admin, made before
 * its tests (with a till open at every branch) and closed after them (with the web app's pages too when given `{ web: true }`). Read `t` and `staff` inside the tests (they are set once made).
 */
export function appWithStaff(options: Parameters<typeof createTestApp>[0] = {}) {
  const started = {} as { t: TestApp; staff: SignedIn };
  beforeAll(async () => {
    started.t = await createTestApp(options);
    started.staff = await signUpAndSignIn(started.t.app, { role: "admin", staffVerified: true });
    // Completing an order needs the staff member's open till at its branch (issue 33).
    await openTillsFor(started.t.db, started.staff);
  });
  afterAll(() => started.t?.close());
  return started;
}
