import { existsSync } from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../db/auth-schema.ts";
import { quotes } from "../db/schema.ts";
import { markEmailVerified, signUp } from "../test/auth-helpers.ts";
import { appWithStaff } from "../test/staff-app.ts";
import { webBuildDir } from "../test/test-app.ts";

const haveWebBuild = existsSync(path.join(webBuildDir, "server", "index.js"));

/**
 * The web app's one way to change data (decision 016): a fetcher posts `{ intent, ...fields }` as JSON
 * to a page's route action, which calls the API in-process as the visitor. Followed here through the
 * Users page's Make Admin, as a browser's fetcher sends it (React Router's `.data` request).
 */
describe.skipIf(!haveWebBuild)("route actions posted by fetchers", () => {
  const started = appWithStaff({ web: true });

  const post = (body: unknown, headers: Record<string, string>) =>
    started.t.app.inject({
      method: "POST",
      url: "/dashboard/Users.data",
      headers: { "content-type": "application/json", host: "localhost:3000", ...headers },
      payload: typeof body === "string" ? body : JSON.stringify(body),
    });

  async function roleOf(userId: string) {
    const [row] = await started.t.app.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    return row?.role;
  }

  async function verifiedCustomer() {
    const customer = await signUp(started.t.app);
    await markEmailVerified(started.t.app, customer.userId);
    return customer;
  }

  it("makes a verified customer an admin through the page's action, as the signed-in staff member", async () => {
    const customer = await verifiedCustomer();
    const response = await post({ intent: "make-admin", userId: customer.userId }, started.staff.headers);
    expect(response.statusCode).toBe(200);
    expect(await roleOf(customer.userId)).toBe("admin");
  });

  it("answers the API's refusal as the outcome, in the API's words, and changes nothing", async () => {
    const unverified = await signUp(started.t.app);
    const response = await post({ intent: "make-admin", userId: unverified.userId }, started.staff.headers);
    // 200 with ok: false, so that the page's data reloads; the message is the API's own.
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("verif");
    expect(await roleOf(unverified.userId)).toBe("user");
  });

  it("refuses a post from another site before the action runs (the one cross-site check)", async () => {
    const customer = await verifiedCustomer();
    const response = await post(
      { intent: "make-admin", userId: customer.userId },
      { cookie: started.staff.cookie, origin: "https://evil.example" },
    );
    expect(response.statusCode).toBe(403);
    expect(await roleOf(customer.userId)).toBe("user");
  });

  it("goes through the API's authorisation: a customer's post changes nothing", async () => {
    const customer = await verifiedCustomer();
    const other = await verifiedCustomer();
    const response = await post({ intent: "make-admin", userId: other.userId }, customer.headers);
    expect(await roleOf(other.userId)).toBe("user");
    expect(response.statusCode).not.toBe(500);
  });

  it("refuses an unknown intent or a body that is not the fetcher's JSON with 400, changing nothing", async () => {
    const customer = await verifiedCustomer();
    const unknown = await post({ intent: "delete-everyone", userId: customer.userId }, started.staff.headers);
    expect(unknown.statusCode).toBe(400);
    const notJson = await post("intent=make-admin", started.staff.headers);
    expect(notJson.statusCode).toBe(400);
    const missingField = await post({ intent: "make-admin" }, started.staff.headers);
    expect(missingField.statusCode).toBe(400);
    expect(await roleOf(customer.userId)).toBe("user");
  });
});

/**
 * The cart's quotes (decision 016): the home widget and the order page's Add Currency form post the
 * intent "quote" to the order page's action, which asks the API in-process; the browser never calls
 * the quote endpoint itself.
 */
describe.skipIf(!haveWebBuild)("the order page's quote action", () => {
  const started = appWithStaff({ web: true });

  const postQuote = (quote: unknown, headers: Record<string, string> = {}) =>
    started.t.app.inject({
      method: "POST",
      url: "/purchase/EUR/Order.data",
      // A browser's fetcher post from our own page (a visitor need not be signed in for a quote).
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...headers },
      payload: JSON.stringify({ intent: "quote", quote }),
    });
  const quoteCount = async () => (await started.t.app.db.select({ id: quotes.id }).from(quotes)).length;

  it("answers the API's quote for a line and stores it", async () => {
    const before = await quoteCount();
    const response = await postQuote({ currency: "EUR", way: "Order", gbpMinor: 20_000, basketGbpMinor: 0 });
    expect(response.statusCode).toBe(200);
    const [stored] = await started.t.app.db.select().from(quotes).orderBy(desc(quotes.createdAt)).limit(1);
    expect(await quoteCount()).toBe(before + 1);
    // The outcome carries the stored quote (React Router's stream of the action's answer).
    expect(response.body).toContain(stored?.id);
  });

  it("answers a refused amount as the outcome in the API's words, storing nothing", async () => {
    const before = await quoteCount();
    const response = await postQuote({ currency: "EUR", way: "Order", gbpMinor: -5, basketGbpMinor: 0 });
    expect(response.statusCode).toBe(200);
    // React Router's stream of `{ ok: false, status: 400, message, fields }`, the API's own words.
    expect(response.body).toContain('"ok",false');
    expect(response.body).toContain("Please check gbpMinor");
    expect(await quoteCount()).toBe(before);
  });

  it("refuses a quote posted from another site before the action runs", async () => {
    const before = await quoteCount();
    const response = await postQuote(
      { currency: "EUR", way: "Order", gbpMinor: 20_000, basketGbpMinor: 0 },
      { origin: "https://evil.example" },
    );
    expect(response.statusCode).toBe(403);
    expect(await quoteCount()).toBe(before);
  });
});
